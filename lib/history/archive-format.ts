/**
 * The names an exported history zip and a saved run use, without the schemas that check them
 * (archive-schema.ts): the history store rebuilds runs as the page starts and reads no archive
 * then, so it need not build those schemas.
 */

export const ARCHIVE_FORMAT = "image-prompt-playground-history";
export const ARCHIVE_VERSION = 1;
/** Where a packed image sat in answer.json: this string, in place of its base64. */
export const FILE_REFERENCE_PREFIX = "playground-file:";
