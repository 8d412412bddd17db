import "@/lib/request/zod-setup";
import * as z from "zod/mini";
import type { LibraryEntry } from "./library-types";

/**
 * Collections: named boards of runs from people's libraries. What the browser and the server say
 * to each other about them: a collection, the caller's role on it, its runs and its members.
 */

export const COLLECTION_NAME_MAX_CHARS = 80;
/** How many runs one request adds to or removes from a collection. */
export const COLLECTION_CHANGE_MAX_RUNS = 1000;
/** The most collections one person owns (the index lists them all on one page). */
export const COLLECTIONS_PER_PERSON_MAX = 200;
/** The most runs on one collection: its pages, downloads and arena stay quick. */
export const COLLECTION_MAX_RUNS = 20_000;
/** The most people given a role on one collection; a whole team is reached by making it visible to the team. */
export const COLLECTION_MAX_MEMBERS = 100;

export type CollectionVisibility = "private" | "team";
/** owner: everything; editor: adds and removes runs; viewer: looks, downloads, reviews. */
export type CollectionRole = "owner" | "editor" | "viewer";

export type CollectionSummary = {
  id: string;
  name: string;
  visibility: CollectionVisibility;
  owner: string;
  ownerName: string;
  /** The caller's role on it. */
  role: CollectionRole;
  runs: number;
  updatedAt: number;
  /** Its link for people outside it: none, or until when it works (null: never expires). */
  link: { expiresAt: number | null } | null;
};

/** A run on a collection: the library entry of its author's run, who that is, and when it was added. */
export type CollectionEntry = LibraryEntry & { author: string; authorName: string; addedAt: number };

/** A run found by the Team view's search, with a collection it is on (its files are read through it). */
export type TeamEntry = CollectionEntry & { collectionId: string };

export type CollectionMember = { person: string; name: string; role: "editor" | "viewer" };

export const collectionNameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(COLLECTION_NAME_MAX_CHARS));

export const newCollectionSchema = z.object({
  name: collectionNameSchema,
  visibility: z.enum(["private", "team"]),
});

export const collectionChangeSchema = z.object({
  name: z.optional(collectionNameSchema),
  visibility: z.optional(z.enum(["private", "team"])),
});

/** Runs to add (the caller's own, by id) or to remove (anyone's, by author and id). */
export const addRunsSchema = z.object({
  runIds: z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.minLength(1), z.maxLength(COLLECTION_CHANGE_MAX_RUNS)),
});

export const removeRunsSchema = z.object({
  runs: z
    .array(z.object({ author: z.string().check(z.minLength(1), z.maxLength(255)), id: z.string().check(z.minLength(1), z.maxLength(100)) }))
    .check(z.minLength(1), z.maxLength(COLLECTION_CHANGE_MAX_RUNS)),
});

/** How long a link for people outside lives, in days (null: never), as a share's does. */
export const LINK_LIFETIMES = [null, 1, 7, 30] as const;

export const linkRequestSchema = z.object({ days: z.nullable(z.union([z.literal(1), z.literal(7), z.literal(30)])) });

export const memberChangeSchema = z.object({
  person: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)),
  role: z.nullable(z.enum(["editor", "viewer"])),
});
