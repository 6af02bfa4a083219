import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { qrDataUrl, qrPng } from './qr-image.js';

const CARD_URL = 'https://medicalqr.example.org/emergency/AbCdEfGhIjKlMnOpQrStUv';

// The end-to-end tests also read these images with zbarimg, a second, independent decoder.
function decode(png: Buffer) {
  const image = PNG.sync.read(png);
  // jsqr is CommonJS; its function is the default export of the default export under ESM.
  return { image, text: jsQR.default(new Uint8ClampedArray(image.data), image.width, image.height)?.data };
}

describe('QR image', () => {
  it('decodes back to the card URL, at about 256 px, black on white', async () => {
    const { image, text } = decode(await qrPng(CARD_URL));
    expect(text).toBe(CARD_URL);
    expect(image.width).toBe(image.height);
    expect(Math.abs(image.width - 256)).toBeLessThanOrEqual(16);
    const colours = new Set<string>();
    for (let i = 0; i < image.data.length; i += 4) colours.add(image.data.subarray(i, i + 3).join(','));
    expect([...colours].sort()).toEqual(['0,0,0', '255,255,255']);
    // The 2-module margin is white on every side.
    expect(image.data.subarray(0, 4).join(',')).toBe('255,255,255,255');
  });

  it('draws the same code at another size when asked (printed tags are larger)', async () => {
    // Kept small here: PNG encoding in jest's sandbox is many times slower than in the service.
    const { image, text } = decode(await qrPng(CARD_URL, 512));
    expect(text).toBe(CARD_URL);
    expect(image.width).toBe(image.height);
    // An integer scale lands within half a module of the size asked for on each side.
    expect(Math.abs(image.width - 512)).toBeLessThanOrEqual(16);
  });

  it('gives the same picture as a data URL', async () => {
    const dataUrl = await qrDataUrl(CARD_URL);
    expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect(decode(Buffer.from(dataUrl.split(',')[1]!, 'base64')).text).toBe(CARD_URL);
  });
});
