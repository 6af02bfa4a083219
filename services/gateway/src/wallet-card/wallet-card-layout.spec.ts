import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { cardPlacement, fitColumn, MM, qrModules, wrapSpans, type Measure, type Span } from './wallet-card-layout.js';

/** Every character half its size wide: enough to check where lines break. */
const measure: Measure = (text, _bold, size) => Array.from(text).length * size * 0.5;
const span = (text: string, size = 10): Span => ({ text, bold: false, size, tone: 'plain' });
const textOf = (line: Array<{ text: string }>) => line.map((piece) => piece.text).join('');

describe('cardPlacement', () => {
  it.each([
    ['a4', 595.28, 841.89],
    ['letter', 612, 792],
  ] as const)('puts the 85.6 × 54 mm sides side by side, centred on %s', (sheet, width, height) => {
    const { page, front, back } = cardPlacement(sheet);
    expect(page).toEqual({ width, height });
    expect(front.width).toBeCloseTo(85.6 * MM);
    expect(front.height).toBeCloseTo(54 * MM);
    expect(back.x).toBeCloseTo(front.x + front.width);
    expect(front.x).toBeCloseTo(width - (back.x + back.width));
  });
});

describe('wrapSpans', () => {
  it('breaks between words, keeping each style on its own span', () => {
    const lines = wrapSpans([span('Allergies ', 6), span('Penicillin peanuts latex')], 85, 5, measure);
    expect(lines.map(textOf)).toEqual(['Allergies Penicillin', 'peanuts latex']);
    expect(lines[0]!.map(({ text, size, x }) => ({ text, size, x }))).toEqual([
      { text: 'Allergies', size: 6, x: 0 },
      { text: ' Penicillin', size: 10, x: 27 },
    ]);
  });

  it('cuts text written without spaces (Chinese) where the line ends', () => {
    expect(wrapSpans([span('对青霉素花生乳胶严重过敏')], 30, 5, measure).map(textOf)).toEqual([
      '对青霉素花生',
      '乳胶严重过敏',
    ]);
  });

  it('ends the last line allowed with "…"', () => {
    const lines = wrapSpans([span('one two three four five six')], 40, 2, measure);
    expect(lines.map(textOf)).toEqual(['one two', 'three f…']);
  });
});

describe('fitColumn', () => {
  const items = [
    { spans: [span('Name Surname', 12)], maxLines: 2, gapAfter: 2 },
    { spans: [span('Allergies ', 7), span('Penicillin, peanuts, latex, bee stings', 9)], maxLines: 3 },
  ];

  it('keeps full size when everything fits', () => {
    const lines = fitColumn(items, 240, 100, measure);
    expect(lines.map((line) => textOf(line.spans))).toEqual([
      'Name Surname',
      'Allergies Penicillin, peanuts, latex, bee stings',
    ]);
    expect(lines[0]!.spans[0]!.size).toBe(12);
  });

  it('makes the text smaller before leaving anything out, and never runs past the bottom', () => {
    const roomy = fitColumn(items, 100, 1000, measure);
    const tight = fitColumn(items, 100, 40, measure);
    expect(tight[0]!.spans[0]!.size).toBeLessThan(roomy[0]!.spans[0]!.size);
    const last = tight.at(-1)!;
    expect(last.top + last.height).toBeLessThanOrEqual(40);
  });

  it('takes lines from the longest entry before it leaves any entry out', () => {
    const crowded = [
      { spans: [span('Allergies ', 7), span('penicillin peanuts latex sesame shellfish bee stings', 9)], maxLines: 4 },
      { spans: [span('Call ', 7), span('Dana +44 7700 900123', 9)], maxLines: 1 },
    ];
    const lines = fitColumn(crowded, 80, 20, measure);
    expect(lines.map((line) => textOf(line.spans))).toEqual([
      expect.stringMatching(/^Allergies .*…$/),
      'Call Dana +44 7700 900123',
    ]);
  });
});

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
