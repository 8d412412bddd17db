/**
 * Finds every occurrence of several byte strings in a buffer in one pass. The key scrubber looks
 * for the key and its base64 forms (four strings or more) in every byte of every answer: one
 * native `indexOf` per string read a 16 MB answer four times, about 25 ms on two cores, on the
 * server's one thread.
 *
 * How (a q-gram filter): every occurrence of a string of length L covers L - Q + 1 starts of a
 * Q-byte window, so looking at one window every `stride = shortest - Q + 1` bytes is sure to look
 * at one window inside each occurrence. A window is looked up in a table of every window of every
 * string; only where it is there are the strings compared, at each offset that window could have.
 * An image's base64 almost never has one: a 16 MB answer is about a million lookups.
 */

/** The window's size in bytes. */
const Q = 4;
/** Table slots (a power of two): with a few hundred windows set, a look-up hits by chance about once in ten thousand. */
const TABLE_BITS = 20;
/** Shorter strings give a stride too short to be worth it: those are found with `indexOf`. */
const MIN_FILTERED_LENGTH = 12;

export type Span = [start: number, end: number];

export class LiteralSearch {
  private readonly needles: Buffer[];
  private readonly stride: number;
  /** One bit per slot: some window of some needle hashes there. Null when `indexOf` is used instead. */
  private readonly table: Uint8Array | null;

  constructor(needles: readonly Buffer[]) {
    this.needles = needles.filter((needle) => needle.length > 0);
    const shortest = Math.min(...this.needles.map((needle) => needle.length));
    if (this.needles.length < 2 || shortest < MIN_FILTERED_LENGTH) {
      this.stride = 0;
      this.table = null;
      return;
    }
    this.stride = shortest - Q + 1;
    const table = new Uint8Array(1 << (TABLE_BITS - 3));
    for (const needle of this.needles) {
      for (let offset = 0; offset + Q <= needle.length; offset++) {
        const slot = slotOf(needle, offset);
        table[slot >>> 3] = (table[slot >>> 3] ?? 0) | (1 << (slot & 7));
      }
    }
    this.table = table;
  }

  /** Every whole occurrence of every needle (overlapping ones too), in no particular order. */
  find(data: Buffer): Span[] {
    const spans: Span[] = [];
    const { table } = this;
    if (!table) {
      for (const needle of this.needles) {
        for (let at = data.indexOf(needle); at !== -1; at = data.indexOf(needle, at + 1)) spans.push([at, at + needle.length]);
      }
      return spans;
    }
    // An occurrence can hold two probed windows: each one is kept once.
    let found: Set<string> | null = null;
    const last = data.length - Q;
    for (let probe = this.stride - 1; probe <= last; probe += this.stride) {
      const slot = slotOf(data, probe);
      if ((table[slot >>> 3]! & (1 << (slot & 7))) === 0) continue;
      for (const needle of this.needles) {
        const from = Math.max(0, probe - needle.length + Q);
        const to = Math.min(probe, data.length - needle.length);
        for (let start = from; start <= to; start++) {
          if (data[start] !== needle[0] || data.compare(needle, 0, needle.length, start, start + needle.length) !== 0) continue;
          found ??= new Set();
          const key = `${start}:${needle.length}`;
          if (found.has(key)) continue;
          found.add(key);
          spans.push([start, start + needle.length]);
        }
      }
    }
    return spans;
  }
}

/** The table slot of the Q bytes at `at` (a multiplicative hash of them as one 32-bit number). */
function slotOf(bytes: Uint8Array, at: number): number {
  const word = (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
  return Math.imul(word, 0x9e3779b1) >>> (32 - TABLE_BITS);
}
