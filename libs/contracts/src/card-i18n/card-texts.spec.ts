import { cardTexts } from './card-texts.js';

describe('the card texts', () => {
  it('answers each language in its own words, with the tag and direction a page declares', () => {
    expect(cardTexts('en').t('allergies')).toBe('Allergies');
    expect(cardTexts('de').t('allergies')).toBe('Allergien');
    expect(cardTexts('ja').t('bloodGroup')).toBe('血液型');
    expect([cardTexts('ar').tag, cardTexts('ar').dir]).toEqual(['ar', 'rtl']);
    expect([cardTexts('zh').tag, cardTexts('zh').dir]).toEqual(['zh-Hans', 'ltr']);
    expect([cardTexts('hi').tag, cardTexts('hi').dir]).toEqual(['hi', 'ltr']);
  });

  it('puts values in as given, neither escaped nor read as texts of their own', () => {
    // The page escapes a contact's name where it writes it; escaping here too would show "&amp;" to a responder.
    expect(cardTexts('en').t('callContact', { name: `O'Brien & <Sons>` })).toBe(`Call O'Brien & <Sons>`);
    expect(cardTexts('fr').t('callContact', { name: '{{name}} $t(call)' })).toBe('Appeler {{name}} $t(call)');
  });

  it('says a count in the form each language needs', () => {
    const seconds = (language: 'en' | 'ru' | 'pl' | 'ar' | 'ja', count: number) =>
      cardTexts(language).plural('tryAgainInSeconds', count);
    expect([seconds('en', 1), seconds('en', 45)]).toEqual(['Try again in 1 second.', 'Try again in 45 seconds.']);
    expect([seconds('ru', 1), seconds('ru', 3), seconds('ru', 5), seconds('ru', 21)]).toEqual([
      'Повторите попытку через 1 секунду.',
      'Повторите попытку через 3 секунды.',
      'Повторите попытку через 5 секунд.',
      'Повторите попытку через 21 секунду.',
    ]);
    expect([seconds('pl', 2), seconds('pl', 12), seconds('pl', 22)]).toEqual([
      'Spróbuj ponownie za 2 sekundy.',
      'Spróbuj ponownie za 12 sekund.',
      'Spróbuj ponownie za 22 sekundy.',
    ]);
    expect([seconds('ar', 1), seconds('ar', 2), seconds('ar', 5), seconds('ar', 30)]).toEqual([
      'حاول مرة أخرى بعد ثانية واحدة.',
      'حاول مرة أخرى بعد ثانيتين.',
      'حاول مرة أخرى بعد 5 ثوانٍ.',
      'حاول مرة أخرى بعد 30 ثانية.',
    ]);
    expect(seconds('ja', 1)).toBe('1秒後にもう一度お試しください。');
  });

  it('names a language and writes a date as the reader’s language does', () => {
    expect(cardTexts('fr').languageName('en')).toBe('anglais');
    expect(cardTexts('es').languageName('de')).toBe('alemán');
    expect(cardTexts('en').languageName('zh')).toBe('Chinese');
    const day = new Date('2026-11-23T23:30:00Z');
    expect(cardTexts('en').longDate(day)).toBe('November 23, 2026');
    expect(cardTexts('de').longDate(day)).toBe('23. November 2026');
  });
});
