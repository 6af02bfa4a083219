import fc from 'fast-check';
import {
  findReferenceIn,
  formatReference,
  normalizeReference,
  printedReferenceSchema,
  REFERENCE_ALPHABET,
  REFERENCE_LENGTH,
} from './printed-reference.js';

const alphabet = [...REFERENCE_ALPHABET];
/** Any reference, as stored. */
const reference = fc
  .array(fc.constantFrom(...alphabet), { minLength: REFERENCE_LENGTH, maxLength: REFERENCE_LENGTH })
  .map((characters) => characters.join(''));
/** Things a person puts inside a reference without meaning anything by them. */
const filler = fc
  .array(fc.constantFrom(' ', '-', '.', '\u00a0', '–', '—', '\t'), { maxLength: 2 })
  .map((f) => f.join(''));

/** The reference as someone might type it: any case, with spaces, dots and dashes anywhere. */
const typed = fc
  .tuple(
    reference,
    fc.array(fc.boolean(), { minLength: REFERENCE_LENGTH, maxLength: REFERENCE_LENGTH }),
    fc.array(filler, { minLength: REFERENCE_LENGTH + 1, maxLength: REFERENCE_LENGTH + 1 }),
  )
  .map(([stored, lower, fillers]) => ({
    stored,
    text:
      [...stored].map((char, index) => fillers[index]! + (lower[index] ? char.toLowerCase() : char)).join('') +
      fillers[REFERENCE_LENGTH]!,
  }));

describe('the printed reference', () => {
  it('leaves out every character that passes for another: 0 O, 1 I L, U V', () => {
    for (const lookalike of '0O1ILUV')
      expect({ lookalike, in: REFERENCE_ALPHABET.includes(lookalike) }).toEqual({ lookalike, in: false });
    expect(new Set(alphabet).size).toBe(alphabet.length);
    expect(alphabet).toHaveLength(29);
    // 29^8: about 5 * 10^11 references.
    expect(alphabet.length ** REFERENCE_LENGTH).toBeGreaterThan(5e11);
  });

  it('is printed as two groups of four, and reads back as it was stored', () => {
    expect(formatReference('K7QM4XPD')).toBe('K7QM 4XPD');
    fc.assert(
      fc.property(reference, (stored) => {
        const printed = formatReference(stored);
        expect(printed).toMatch(/^\S{4} \S{4}$/);
        expect(printedReferenceSchema.safeParse(printed).success).toBe(true);
        expect(normalizeReference(printed)).toBe(stored);
      }),
    );
  });

  it('reads any case, with spaces, dots and dashes anywhere', () => {
    expect(normalizeReference(' k7qm-4xpd. ')).toBe('K7QM4XPD');
    expect(normalizeReference('K.7.Q.M 4—X—P—D')).toBe('K7QM4XPD');
    fc.assert(fc.property(typed, ({ stored, text }) => expect(normalizeReference(text)).toBe(stored)));
  });

  it('reads letters typed full-width (a Chinese or Japanese keyboard)', () => {
    expect(normalizeReference('Ｋ７ＱＭ　４ＸＰＤ')).toBe('K7QM4XPD');
  });

  it('refuses anything but 8 of its characters', () => {
    for (const text of ['', 'K7QM 4XP', 'K7QM 4XPDD', 'K7QM 4XP0', 'O7QM 4XPD', 'K7QM_4XPD', 'K7QM/4XPD', 'K7QMß4XP'])
      expect({ text, normalized: normalizeReference(text) }).toEqual({ text, normalized: undefined });
    fc.assert(
      fc.property(fc.string(), (text) => {
        const normalized = normalizeReference(text);
        if (normalized !== undefined) expect(normalized).toMatch(new RegExp(`^[${REFERENCE_ALPHABET}]{8}$`));
      }),
    );
    fc.assert(
      fc.property(
        reference,
        fc.integer({ min: 0, max: REFERENCE_LENGTH - 1 }),
        fc.constantFrom(...'0O1ILUV'),
        (stored, at, lookalike) =>
          expect(normalizeReference(stored.slice(0, at) + lookalike + stored.slice(at + 1))).toBeUndefined(),
      ),
    );
    expect(() => formatReference('K7QM 4XP0')).toThrow('not a printed reference');
  });

  it('finds the reference in a text message, however it is typed', () => {
    expect(findReferenceIn('hi K7QM 4XPD please')).toBe('K7QM4XPD');
    expect(findReferenceIn('Ref: k7qm-4xpd.')).toBe('K7QM4XPD');
    expect(findReferenceIn('card K7QM4XPD thanks')).toBe('K7QM4XPD');
    expect(findReferenceIn('K 7 Q M 4 X P D')).toBe('K7QM4XPD');
    expect(findReferenceIn('help, man down. code K7 QM 4X PD')).toBe('K7QM4XPD');
    fc.assert(
      fc.property(
        fc.constantFrom('', 'hi ', 'Hello, ', 'Found this on a keychain: ', 'ref '),
        reference,
        fc.constantFrom('', ' please', '. Thanks!', ' - where is the hospital?'),
        (before, stored, after) => expect(findReferenceIn(`${before}${formatReference(stored)}${after}`)).toBe(stored),
      ),
    );
  });

  it('takes the printed shape first, and no ordinary words for a reference', () => {
    // "where are" is 8 valid letters, but words longer than a group never join.
    expect(findReferenceIn('where are you')).toBeUndefined();
    expect(findReferenceIn('we are here, K7QM 4XPD')).toBe('K7QM4XPD');
    expect(findReferenceIn('K7QM, 4XPD')).toBeUndefined();
    // "strength" is 8 valid letters; the reference, with its digits, wins wherever it stands.
    expect(findReferenceIn('need strength K7QM 4XPD')).toBe('K7QM4XPD');
    expect(findReferenceIn('K7 QM 4X PD, strength')).toBe('K7QM4XPD');
    expect(findReferenceIn('K7QM4XPDX')).toBeUndefined();
    expect(findReferenceIn('no reference at all')).toBeUndefined();
    expect(findReferenceIn('')).toBeUndefined();
    fc.assert(
      fc.property(fc.string(), (text) => {
        const found = findReferenceIn(text);
        if (found !== undefined) expect(normalizeReference(found)).toBe(found);
      }),
    );
  });
});
