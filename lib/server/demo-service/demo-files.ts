import "server-only";
import { randomBytes } from "node:crypto";

/**
 * Pictures the demo service answered with as URLs (`response_format: "url"`), served from its own
 * address under unguessable names, as a real service's storage links are. Kept in memory for an
 * hour, the most recent 64 only: links are for fetching the picture now, not an archive.
 */

const MAX_FILES = 64;
const LIFETIME_MS = 60 * 60 * 1000;

const files = new Map<string, { png: Buffer; expires: number }>();

export function keepDemoFile(png: Buffer): string {
  const name = `${randomBytes(16).toString("hex")}.png`;
  files.set(name, { png, expires: Date.now() + LIFETIME_MS });
  // Maps keep insertion order: the first entries are the oldest.
  for (const old of files.keys()) {
    if (files.size <= MAX_FILES) break;
    files.delete(old);
  }
  return name;
}

export function demoFile(name: string): Buffer | null {
  const file = files.get(name);
  if (!file) return null;
  if (file.expires < Date.now()) {
    files.delete(name);
    return null;
  }
  return file.png;
}

export const DEMO_FILES_PATH = "/files/";
