/** heic-decode ships no types: the part the playground uses (decode.all, then one picture's decode). */
declare module "heic-decode" {
  type DecodedPicture = { width: number; height: number; data: Uint8ClampedArray };
  type HeicPicture = { width: number; height: number; decode: () => Promise<DecodedPicture> };
  type Decode = ((input: { buffer: Uint8Array }) => Promise<DecodedPicture>) & {
    all: (input: { buffer: Uint8Array }) => Promise<HeicPicture[] & { dispose?: () => void }>;
  };
  const decode: Decode;
  export default decode;
}
