/**
 * The engine's own base64 codec (Uint8Array.prototype.toBase64, Uint8Array.fromBase64), as recent
 * browsers have it and Node 20 lacks, for tests of code that uses it where it exists. Installed
 * before the code under test is imported (modules read it once); gives back what uninstalls it.
 */

type Options = { lastChunkHandling?: "loose" | "strict" };

export function installNativeBase64(): () => void {
  const added: string[] = [];
  if (!("toBase64" in Uint8Array.prototype)) {
    Object.defineProperty(Uint8Array.prototype, "toBase64", {
      configurable: true,
      value(this: Uint8Array) {
        return Buffer.from(this.buffer, this.byteOffset, this.byteLength).toString("base64");
      },
    });
    added.push("toBase64");
  }
  if (!("fromBase64" in Uint8Array)) {
    Object.defineProperty(Uint8Array, "fromBase64", {
      configurable: true,
      value(text: string, options: Options = {}) {
        // As the engine's: ASCII white space skipped; only the standard alphabet; in strict mode a
        // missing padding or stray bits in the last character refused.
        const compact = text.replace(/[\t\n\f\r ]/g, "");
        if (/[^A-Za-z0-9+/=]/.test(compact) || /=[^=]/.test(compact)) throw new SyntaxError("not base64");
        const bytes = Buffer.from(compact, "base64");
        if (options.lastChunkHandling === "strict" && bytes.toString("base64") !== compact) throw new SyntaxError("not strict base64");
        return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      },
    });
    added.push("fromBase64");
  }
  return () => {
    if (added.includes("toBase64")) delete (Uint8Array.prototype as { toBase64?: unknown }).toBase64;
    if (added.includes("fromBase64")) delete (Uint8Array as { fromBase64?: unknown }).fromBase64;
  };
}
