import { crc32, deflateSync } from "node:zlib";

/**
 * A minimal PNG writer for 8-bit RGB pixels: signature, IHDR, one IDAT, IEND. Node-only and holding
 * no secret, so it serves both the demo service and the fake services of the tests.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  if (rgb.length !== width * height * 3) throw new Error("pixel buffer does not match the size");
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  // bytes 10-12: compression, filter and interlace methods, all 0

  // Each scanline starts with its filter type; "Sub" (1) compresses smooth gradients well.
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const rowStart = y * (stride + 1);
    raw[rowStart] = 1;
    for (let x = 0; x < stride; x++) {
      const value = rgb[y * stride + x] ?? 0;
      const left = x >= 3 ? (rgb[y * stride + x - 3] ?? 0) : 0;
      raw[rowStart + 1 + x] = (value - left) & 0xff;
    }
  }
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 4 })), chunk("IEND", Buffer.alloc(0))]);
}

/** Width and height from a PNG's IHDR, or null for anything that is not a PNG. */
export function readPngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || !SIGNATURE.equals(Buffer.from(bytes.subarray(0, 8)))) return null;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}
