import { PNG } from 'pngjs';

export interface ImageFacts {
  mimeType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

/** A PNG's or JPEG's type and size, from its bytes; undefined for anything else (or a file that is not whole). */
export function imageFacts(bytes: Buffer): ImageFacts | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return pngFacts(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegFacts(bytes);
  return undefined;
}

function pngFacts(bytes: Buffer): ImageFacts | undefined {
  try {
    const png = PNG.sync.read(bytes);
    return { mimeType: 'image/png', width: png.width, height: png.height };
  } catch {
    return undefined;
  }
}

/** A JPEG's size is in its start-of-frame segment (SOF0..SOF15, not DHT C4, JPG C8 or DAC CC). */
function jpegFacts(bytes: Buffer): ImageFacts | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      return width && height ? { mimeType: 'image/jpeg', width, height } : undefined;
    }
    offset += 2 + length;
  }
  return undefined;
}

/** A PNG's pixels, for drawing it onto a mockup. */
export const decodePng = (bytes: Buffer): PNG => PNG.sync.read(bytes);
