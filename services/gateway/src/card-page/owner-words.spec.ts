import { cardTexts, MEDICAL_TERMS, type MedicalTermCategory, termName } from '@medical-qr/contracts';
import { fieldInReading, ownerWords, ownerWordsMark } from './owner-words.js';

/** A listed term of the category, whichever comes first: the spec reads the list, it does not assume it. */
const listed = (category: MedicalTermCategory) => MEDICAL_TERMS.find((term) => term.category === category)!;

describe("the owner's words on the card", () => {
  const allergen = listed('allergen');
  const spanish = { texts: cardTexts('es'), writtenIn: 'en' as const };

  it('names a listed entry in the reader’s language and keeps the rest, and the separators, as written', () => {
    const text = `Wasp stings (swelling), ${allergen.names.en.toLowerCase()};\nlatex gloves`;
    const { markup, ownerWritten } = fieldInReading(text, 'allergies', spanish);
    expect(markup.markup).toBe(
      '<span lang="en" dir="ltr">Wasp stings (swelling)</span>, ' +
        `${termName(allergen, 'es')};\n<span lang="en" dir="ltr">latex gloves</span>`,
    );
    expect(ownerWritten).toBe(true);
  });

  it('finds each entry where it stands, not inside an earlier one that holds the same words', () => {
    const name = allergen.names.en;
    const { markup } = fieldInReading(`${name} oil, ${name}`, 'allergies', spanish);
    expect(markup.markup).toBe(`<span lang="en" dir="ltr">${name} oil</span>, ${termName(allergen, 'es')}`);
  });

  it('says nothing is the owner’s words when every entry is listed', () => {
    const { markup, ownerWritten } = fieldInReading(allergen.names.fr, 'allergies', {
      texts: cardTexts('ja'),
      writtenIn: 'fr',
    });
    expect([markup.markup, ownerWritten]).toEqual([termName(allergen, 'ja'), false]);
  });

  it('escapes what the owner wrote and keeps a right-to-left language apart from a left-to-right page', () => {
    expect(ownerWords('<b>"x" & y</b>', 'en').markup).toBe(
      '<span lang="en" dir="ltr">&lt;b&gt;&quot;x&quot; &amp; y&lt;/b&gt;</span>',
    );
    expect(ownerWords('حساسية من البنسلين', 'ar').markup).toBe('<span lang="ar" dir="rtl">حساسية من البنسلين</span>');
    expect(ownerWords('青霉素过敏', 'zh').markup).toBe('<span lang="zh-Hans" dir="ltr">青霉素过敏</span>');
  });

  it('marks the owner’s words with their language, named in the reader’s, unless the reader reads it', () => {
    expect(String(ownerWordsMark(spanish))).toBe(
      '<span class="owner-words-mark">En palabras del titular (inglés)</span>',
    );
    expect(String(ownerWordsMark({ texts: cardTexts('en'), writtenIn: 'de' }))).toBe(
      '<span class="owner-words-mark">In the owner&#39;s words (German)</span>',
    );
    expect(String(ownerWordsMark({ texts: cardTexts('de'), writtenIn: 'de' }))).toBe('');
  });
});
