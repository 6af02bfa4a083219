import { Readable } from 'node:stream';
import { create, type Font } from 'fontkit';
import type { PDFDocument } from 'pdf-lib';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/**
 * fontkit for pdf-lib: the maintained fontkit, whose subsets keep every glyph (pdf-lib's own fork writes broken
 * TrueType subsets: Droid Sans Fallback's Han came out blank). pdf-lib reads a subset as a stream of bytes, which
 * this fontkit no longer offers, so each subset gets one that sends its bytes in one piece.
 */
export const fontkit: Fontkit = {
  create(bytes: Uint8Array) {
    return (parsed.get(bytes) ?? parse(bytes)) as unknown as ReturnType<Fontkit['create']>;
  },
};

/** Each font file is parsed once per process: the card fonts' bytes are kept (card-fonts.ts), and so is their parse. */
const parsed = new WeakMap<Uint8Array, Font>();

function parse(bytes: Uint8Array): Font {
  const font = create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as Font;
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    return Object.assign(subset, { encodeStream: () => Readable.from([subset.encode()]) });
  };
  parsed.set(bytes, font);
  return font;
}
