import "@/lib/request/zod-setup";
import * as z from "zod/mini";
import { problemSchema } from "@/lib/request/problem-schema";
import { checkExtraFields, type ExtraFields } from "@/lib/request/extra-fields";
import { isRating, NOTE_MAX_CHARS, type Rating } from "./verdict";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION } from "./archive-format";

/**
 * The layout of an exported history zip, parsed (never trusted) on import:
 *   index.json, index.csv, runs/<folder>/run.json, request.json, answer.*, image-N.*, thumbnail.*
 */

/** A person's name as an identity provider gives it, with room to spare. */
const AUTHOR_MAX_CHARS = 200;

const runStatus = z.enum(["succeeded", "no-image", "job", "service-error", "refused", "failed", "cancelled"]);

const exchangeSchema = z.object({
  requestId: z.string(),
  status: z.int(),
  statusText: z.string(),
  contentType: z.string(),
  url: z.string(),
  urlsTried: z.array(z.string()),
  keyHint: z.string(),
  headersMs: z.nullable(z.number()),
  totalMs: z.number(),
  serviceRequestId: z.string(),
  retryAfter: z.string(),
  location: z.string(),
  operationLocation: z.optional(z.string()),
  imageGrants: z.optional(z.record(z.string(), z.string())),
  transfer: z.optional(z.object({ encoding: z.string(), decoded: z.boolean(), wireBytes: z.nullable(z.number()) })),
  eventTimes: z.optional(z.array(z.number())),
});

const outcomeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("service"),
    exchange: exchangeSchema,
    answerFile: z.string(),
    packed: z.array(z.object({ prefix: z.string(), file: z.string() })),
    remote: z.array(z.object({ url: z.string(), file: z.string() })),
  }),
  z.object({ kind: z.literal("problem"), problem: problemSchema, status: z.int(), url: z.string(), totalMs: z.number() }),
  z.object({ kind: z.literal("failed"), message: z.string(), totalMs: z.number() }),
  z.object({ kind: z.literal("cancelled"), totalMs: z.number() }),
]);

const groupSchema = z.object({
  id: z.string(),
  cellIndex: z.int(),
  cellCount: z.int(),
  rowAxis: z.enum(["prompt", "model", "ratio", "field"]),
  spec: z.object({
    prompts: z.string(),
    models: z.string(),
    ratios: z.string(),
    field: z.optional(z.string()),
    fieldValues: z.optional(z.string()),
  }),
});

export const archivedRunSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  group: z.optional(groupSchema),
  createdAt: z.number(),
  author: z.optional(z.string().check(z.maxLength(AUTHOR_MAX_CHARS))),
  request: z.object({
    model: z.string(),
    prompt: z.string(),
    aspect_ratio: z.string(),
    // Extra request fields, held to the same rules as the form's (any allowed name) when read back.
    extra: z.optional(z.custom<ExtraFields>((value) => checkExtraFields(value, { mode: "any" }).ok)),
  }),
  status: runStatus,
  statusText: z.string(),
  durationMs: z.number(),
  serviceUrl: z.string(),
  imageCount: z.int(),
  usage: z.optional(
    z.object({
      inputTokens: z.optional(z.number()),
      outputTokens: z.optional(z.number()),
      totalTokens: z.optional(z.number()),
      credits: z.optional(z.number()),
      cost: z.optional(z.object({ amount: z.number(), currency: z.nullable(z.string()) })),
    }),
  ),
  starred: z.boolean(),
  // The verdict (see verdict.ts); exports made before ratings have none.
  rating: z.optional(z.custom<Rating>(isRating)),
  picked: z.optional(z.boolean()),
  note: z.optional(z.string().check(z.maxLength(NOTE_MAX_CHARS))),
  warnings: z.array(z.string()),
  thumbnailFile: z.nullable(z.string()),
  thumbnailUrl: z.nullable(z.string()),
  outcome: outcomeSchema,
});

export type ArchivedRun = z.infer<typeof archivedRunSchema>;

export const archiveIndexSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  exportedAt: z.string(),
  runs: z.array(z.object({ id: z.string(), folder: z.string() })),
  /** SHA-256 (hex) of every other file, by name; exports before checksums were added have none. */
  checksums: z.optional(z.record(z.string(), z.string())),
});

export type ArchiveIndex = z.infer<typeof archiveIndexSchema>;
