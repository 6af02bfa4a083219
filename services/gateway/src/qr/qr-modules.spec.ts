import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { qrModules } from './qr-modules.js';

describe('qrModules', () => {
  /** The rectangles drawn black on white, 4 pixels a module, with a quiet zone: what a printer puts on paper. */
  function drawn(text: string): PNG {
    const { size, rects } = qrModules(text);
    const scale = 4;
    const side = (size + 8) * scale;
    const image = new PNG({ width: side, height: side });
    image.data.fill(255);
    for (const { x, y, width } of rects) {
      for (let row = (y + 4) * scale; row < (y + 5) * scale; row++) {
        for (let column = (x + 4) * scale; column < (x + 4 + width) * scale; column++) {
          image.data.set([0, 0, 0, 255], (row * side + column) * 4);
        }
      }
    }
    return image;
  }

  it('draws a code that reads back as its text, UTF-8 included', () => {
    for (const text of ['https://medicalqr.example/emergency/AbCdEfGhIjKlMnOpQrStUv', 'Name: Müller · ليلى 王']) {
      const image = drawn(text);
      // jsqr is CommonJS; its function is the default export of the default export under ESM.
      const decode = (
        jsQR as unknown as {
          default: (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
        }
      ).default;
      expect(decode(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(text);
    }
  });
});
