import { execFileSync } from 'node:child_process';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { qrPng } from './qr-image.js';
import { tagPrintPng } from './tag-print-image.js';

const TAG_URL = 'https://medicalqr.example.org/emergency/AbCdEfGhIjKlMnOpQrStUv';

function decode(png: Buffer) {
  const image = PNG.sync.read(png);
  // jsqr is CommonJS; its function is the default export of the default export under ESM.
  return { image, text: jsQR.default(new Uint8ClampedArray(image.data), image.width, image.height)?.data };
}

/** The part of the image under the code, as its own PNG with a white border (as a reader would see it on the item). */
function below(image: PNG, top: number): Buffer {
  const band = new PNG({ width: image.width + 40, height: image.height - top + 40 });
  band.data.fill(255);
  PNG.bitblt(image, band, 0, top, image.width, image.height - top, 20, 20);
  return PNG.sync.write(band);
}

/** The text in a picture as Debian's tesseract reads it, as one line. */
function readText(png: Buffer): string {
  return execFileSync('tesseract', ['stdin', 'stdout', '--psm', '7', '-l', 'eng'], {
    input: png,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'ignore'],
  }).trim();
}

describe("a printed tag's image", () => {
  // Kept at 600 px here: PNG encoding in jest's sandbox is many times slower than in the service.
  it('keeps the code as it was and prints the reference under it, readable off the pixels', async () => {
    const code = decode(await qrPng(TAG_URL, 600)).image;
    const { image, text } = decode(await tagPrintPng(TAG_URL, 'K7QM4XPD', 600));
    expect(text).toBe(TAG_URL);
    expect(image.width).toBe(code.width);
    expect(image.height).toBeGreaterThan(code.height);
    // The code's square is pixel for pixel the code alone.
    const square = new PNG({ width: code.width, height: code.height });
    PNG.bitblt(image, square, 0, 0, code.width, code.height, 0, 0);
    expect(Buffer.compare(square.data, code.data)).toBe(0);
    expect(readText(below(image, code.height))).toBe('K7QM 4XPD');
  });

  it('prints every character a reference may hold so it reads back', async () => {
    // Each character of the alphabet once (and B, 8 and 2 beside their look-alikes), drawn small to keep this quick.
    for (const reference of ['23456789', 'ABCDEFGH', 'JKMNPQRS', 'TWXYZ2B8']) {
      const { image } = decode(await tagPrintPng(TAG_URL, reference, 300));
      const printed = readText(below(image, image.width));
      expect({ reference, printed }).toEqual({ reference, printed: `${reference.slice(0, 4)} ${reference.slice(4)}` });
    }
  });

  it('is the code alone while the tag has no reference yet', async () => {
    const { image, text } = decode(await tagPrintPng(TAG_URL, null, 600));
    expect(text).toBe(TAG_URL);
    expect(Buffer.compare(image.data, decode(await qrPng(TAG_URL, 600)).image.data)).toBe(0);
  });
});
