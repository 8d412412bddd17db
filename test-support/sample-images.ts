import { encodePng } from "../lib/server/demo-service/png-encoder";

/** Small real images in several formats, as base64, for finder and interpretation tests. */
export const PNG_BASE64 = encodePng(4, 3, new Uint8Array(4 * 3 * 3).fill(200)).toString("base64");
/** A minimal JPEG header is enough for a signature check. */
export const JPEG_BASE64 = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]).toString("base64");
export const GIF_BASE64 = Buffer.from("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04", "latin1").toString("base64");
export const WEBP_BASE64 = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x24, 0, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(12)]).toString("base64");
export const AVIF_BASE64 = Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from("ftypavif"), Buffer.alloc(16)]).toString("base64");
export const BMP_BASE64 = Buffer.concat([Buffer.from("BM"), Buffer.from([0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0]), Buffer.alloc(12)]).toString("base64");
/** An MP4 header: base64 of something that is not an image. */
export const MP4_BASE64 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(16)]).toString("base64");
export const TEXT_BASE64 = Buffer.from("this is plain text, not a picture at all").toString("base64");
