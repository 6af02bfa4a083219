import { negotiateLanguage, responderLanguageOf } from './language-negotiation.js';

describe('the responder language a browser asks for', () => {
  it('reads a tag by its primary language, whatever its region or script', () => {
    expect(responderLanguageOf('pt-BR')).toBe('pt');
    expect(responderLanguageOf('ar-EG')).toBe('ar');
    expect(responderLanguageOf('HI-in')).toBe('hi');
    expect(responderLanguageOf('es_419')).toBe('es');
    // Every Chinese is the one Chinese the card has.
    for (const tag of ['zh', 'zh-CN', 'zh-Hans', 'zh-SG', 'zh-TW', 'zh-HK', 'zh-Hant-TW']) {
      expect([tag, responderLanguageOf(tag)]).toEqual([tag, 'zh']);
    }
    for (const tag of ['nb-NO', 'tr', 'x-pig-latin', '', 'english', 'e']) {
      expect([tag, responderLanguageOf(tag)]).toEqual([tag, undefined]);
    }
  });

  it('takes the heaviest range the card has, the header’s order among equal weights', () => {
    expect(negotiateLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toBe('fr');
    expect(negotiateLanguage('en;q=0.3, ja;q=0.8')).toBe('ja');
    expect(negotiateLanguage('de, es')).toBe('de');
    expect(negotiateLanguage('es;q=0.5, it;q=0.5')).toBe('es');
    expect(negotiateLanguage('pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('pt');
    expect(negotiateLanguage('zh-TW,zh;q=0.9,en-US;q=0.8')).toBe('zh');
    expect(negotiateLanguage('ar-EG')).toBe('ar');
    expect(negotiateLanguage(['ru-RU', 'en;q=0.1'])).toBe('ru');
  });

  it('passes over languages the card does not have, to the next one it has', () => {
    expect(negotiateLanguage('nb-NO, nn;q=0.9, sv;q=0.8, pl;q=0.2')).toBe('pl');
    expect(negotiateLanguage('tr-TR, tr;q=0.9, en;q=0.1')).toBe('en');
  });

  it('answers nothing when no range names a language it has, and refuses what q=0 refuses', () => {
    for (const header of [undefined, '', '   ', '*', 'tr, nb', 'x-klingon', ',,;;', 'hi;q=0', 'es;q=0.000']) {
      expect([header, negotiateLanguage(header)]).toEqual([header, undefined]);
    }
    expect(negotiateLanguage('ja;q=0, en;q=0.1')).toBe('en');
  });

  it('reads a weight it cannot read as a refusal, never as a preference', () => {
    expect(negotiateLanguage('de;q=abc, it;q=0.2')).toBe('it');
    expect(negotiateLanguage('de;q=2, it;q=0.2')).toBe('it');
    expect(negotiateLanguage('de;q=-1, it;q=0.2')).toBe('it');
    expect(negotiateLanguage('de;Q=0.9, it;q=0.2')).toBe('de');
    expect(negotiateLanguage('de ; q=0.9 , it ; q=1.0')).toBe('it');
  });
});
