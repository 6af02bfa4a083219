import { cardPlacement, fitColumn, MM, wrapSpans, type Measure, type Span } from './wallet-card-layout.js';

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
