import {
  cardTexts,
  LANGUAGE_TAGS,
  MEDICAL_TERMS,
  type MedicalFormInput,
  RESPONDER_LANGUAGES,
  type ResponderLanguage,
  termName,
} from '@medical-qr/contracts';
import { baseUrl } from '../support/api.js';
import { HttpClient, randomClientIp } from '../support/http-client.js';
import { rawGet, shortRecord } from './card-fixtures.js';

/** What each language's phone sends: a region, often a second language, as browsers write them. */
const ACCEPT_LANGUAGE: Record<ResponderLanguage, string> = {
  en: 'en-US,en;q=0.9',
  es: 'es-419,es;q=0.9,en;q=0.8',
  fr: 'fr-CA,fr;q=0.9',
  de: 'de-CH,de;q=0.9,en;q=0.5',
  it: 'it-IT',
  pt: 'pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7',
  pl: 'pl',
  ru: 'ru-RU,ru;q=0.9,en-US;q=0.8',
  ar: 'ar-EG,ar;q=0.9,en;q=0.5',
  zh: 'zh-TW,zh;q=0.9,en;q=0.5',
  ja: 'ja',
  hi: 'hi-IN,en-IN;q=0.5',
};

/** The owner's own words, on no list: they must reach every responder exactly as written. */
const OWN_WORDS = 'wasp stings (swelling of the throat)';
const UNKNOWN_CARD = '/emergency/AAAAAAAAAAAAAAAAAAAAAA';

/** An allergen of the curated list, whichever comes first: the test reads the list, it does not assume it. */
const listedAllergen = MEDICAL_TERMS.find((term) => term.category === 'allergen')!;

const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
const htmlTag = (page: string) => /<html[^>]*>/.exec(page)?.[0];
const cookiesOf = (headers: Record<string, string | string[] | undefined>) => [headers['set-cookie'] ?? []].flat();

async function anonymousCard(form: MedicalFormInput): Promise<string> {
  const created = await new HttpClient().post('/api/anonymous-medical-record', form);
  expect(created.status).toBe(200);
  return created.body.token as string;
}

function cardPage(token: string, headers: Record<string, string>, query = '') {
  return rawGet(`${baseUrl()}/emergency/${token}${query}`, { 'x-forwarded-for': randomClientIp(), ...headers });
}

describe('the card page in the responder’s language, without JavaScript', () => {
  let token: string;
  let spanishToken: string;

  beforeAll(async () => {
    token = await anonymousCard({
      ...shortRecord(),
      allergies: `${listedAllergen.names.en}, ${OWN_WORDS}`,
      resuscitationStatus: 'dnr',
    });
    spanishToken = await anonymousCard({
      ...shortRecord(),
      allergies: `${listedAllergen.names.es}; alergia a las picaduras de avispa`,
      writtenIn: 'es',
    });
  });

  it.each(RESPONDER_LANGUAGES)('speaks %s to a phone that asks for it', async (language) => {
    const texts = cardTexts(language);
    const page = await cardPage(token, { 'accept-language': ACCEPT_LANGUAGE[language] });
    expect(page.status).toBe(200);
    expect(htmlTag(page.text)).toBe(`<html lang="${LANGUAGE_TAGS[language]}" dir="${texts.dir}">`);
    expect(page.headers['content-language']).toBe(LANGUAGE_TAGS[language]);
    expect(page.headers['vary']).toBe('Accept-Language, Cookie, Accept-Encoding');
    expect(page.text).toContain(`<title>${escaped(texts.t('pageTitle', { name: 'Sam Lee' }))}</title>`);

    // Its labels, values and buttons: nothing is left in English but the owner's words.
    for (const key of ['eyebrow', 'bloodGroup', 'resuscitation', 'resuscitationDnr', 'allergies', 'call'] as const) {
      expect({ key, shown: page.text.includes(escaped(texts.t(key))) }).toEqual({ key, shown: true });
    }
    expect(page.text).toContain(`aria-label="${escaped(texts.t('callContact', { name: 'Ana Lee' }))}"`);
    expect(page.text).toContain(`<summary>`);
    expect(page.text).toContain(`${escaped(texts.t('language'))}</summary>`);

    // The listed allergen in the responder's language; the owner's words as written, in their language, and marked.
    expect(page.text).toContain(escaped(termName(listedAllergen, language)));
    expect(page.text).toContain(`<span lang="en" dir="ltr">${escaped(OWN_WORDS)}</span>`);
    const mark = escaped(texts.t('ownerWords', { language: texts.languageName('en') }));
    expect(page.text.includes(mark)).toBe(language !== 'en');
  });

  it('reads a few labels as a speaker of each language would', async () => {
    const expected = [
      ['es', 'Alergias', 'Grupo sanguíneo'],
      ['de', 'Allergien', 'Blutgruppe'],
      ['ar', 'الحساسية', 'فصيلة الدم'],
      ['zh', '过敏', '血型'],
      ['hi', 'एलर्जी', 'रक्त समूह'],
    ] as const;
    for (const [language, allergies, bloodGroup] of expected) {
      const page = await cardPage(token, { 'accept-language': language });
      expect([language, page.text.includes(allergies), page.text.includes(bloodGroup)]).toEqual([language, true, true]);
    }
    // Arabic reads right to left; the blood group and phone numbers still read left to right.
    const arabic = await cardPage(token, { 'accept-language': 'ar' });
    expect(arabic.text).toContain('<dd elementtiming="blood-group" dir="ltr">O+</dd>');
    expect(arabic.text).toContain('<span class="contact-phone" dir="ltr">555 0100</span>');
  });

  it('names an owner’s Spanish in English, and shows a listed Spanish entry by its English name', async () => {
    const page = await cardPage(spanishToken, { 'accept-language': 'en-GB' });
    expect(htmlTag(page.text)).toBe('<html lang="en" dir="ltr">');
    expect(page.text).toContain(escaped(listedAllergen.names.en));
    expect(page.text).toContain('<span lang="es" dir="ltr">alergia a las picaduras de avispa</span>');
    expect(page.text).toContain(escaped("In the owner's words (Spanish)"));
    // In Spanish there is nothing to mark: the reader reads the owner's language.
    const spanish = await cardPage(spanishToken, { 'accept-language': 'es' });
    expect(spanish.text).toContain('<span lang="es" dir="ltr">alergia a las picaduras de avispa</span>');
    expect(spanish.text).not.toContain('class="owner-words-mark"');
  });

  it('switches with ?lang=, and remembers the choice for the next card opened without it', async () => {
    const chosen = await cardPage(token, { 'accept-language': 'fr' }, '?lang=de');
    expect(htmlTag(chosen.text)).toBe('<html lang="de" dir="ltr">');
    const cookie = cookiesOf(chosen.headers).find((line) => line.startsWith('card_lang='));
    expect(cookie).toMatch(/^card_lang=de; Max-Age=31536000; Path=\/emergency; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    // Each language is a plain link to this page in it.
    expect(chosen.text).toContain('<a href="?lang=es" hreflang="es" lang="es">Español</a>');
    expect(chosen.text).toContain('<a href="?lang=de" hreflang="de" lang="de" aria-current="true">Deutsch</a>');

    // The same responder opens another card: still German, though the phone asks for French.
    const later = await cardPage(spanishToken, { 'accept-language': 'fr', cookie: 'card_lang=de' });
    expect(htmlTag(later.text)).toBe('<html lang="de" dir="ltr">');
    expect(later.text).toContain('Allergien');
    expect(cookiesOf(later.headers).some((line) => line.startsWith('card_lang='))).toBe(false);
    // A new choice wins over the one remembered.
    const arabic = await cardPage(token, { cookie: 'card_lang=de' }, '?lang=ar');
    expect(htmlTag(arabic.text)).toBe('<html lang="ar" dir="rtl">');
  });

  it('passes over a ?lang= or a remembered language it does not have, without an error', async () => {
    for (const query of ['?lang=xx', '?lang=', '?lang=EN', '?lang=de&lang=es', '?lang[a]=de', '?lang=%E0%A4%A']) {
      const page = await cardPage(token, { 'accept-language': 'it-IT,it;q=0.9' }, query);
      expect([query, page.status, htmlTag(page.text)]).toEqual([query, 200, '<html lang="it" dir="ltr">']);
      expect(cookiesOf(page.headers).some((line) => line.startsWith('card_lang='))).toBe(false);
    }
    const unknownCookie = await cardPage(token, { 'accept-language': 'pl', cookie: 'card_lang=tlh' });
    expect(htmlTag(unknownCookie.text)).toBe('<html lang="pl" dir="ltr">');
    const nothingAsked = await cardPage(token, { 'accept-language': 'tr-TR,tr;q=0.9' });
    expect(htmlTag(nothingAsked.text)).toBe('<html lang="en" dir="ltr">');
  });

  it('answers a card it cannot find in the responder’s language, still leading with the emergency number', async () => {
    const japanese = await rawGet(`${baseUrl()}${UNKNOWN_CARD}`, {
      'x-forwarded-for': randomClientIp(),
      'accept-language': 'ja-JP,ja;q=0.9',
    });
    const texts = cardTexts('ja');
    expect(japanese.status).toBe(404);
    expect(htmlTag(japanese.text)).toBe('<html lang="ja" dir="ltr">');
    expect(japanese.headers['content-language']).toBe('ja');
    expect(japanese.text).toContain(`<title>${texts.t('notFoundTitle')} · Medical QR</title>`);
    expect(japanese.text).toContain(texts.t('notFoundText'));
    expect(japanese.text.indexOf('href="tel:911"')).toBeGreaterThan(0);
    expect(japanese.text.indexOf('href="tel:911"')).toBeLessThan(japanese.text.indexOf(texts.t('callEmergency')));
    expect(japanese.text.indexOf(texts.t('callEmergency'))).toBeLessThan(japanese.text.indexOf(texts.t('createOwn')));

    const arabic = await rawGet(`${baseUrl()}${UNKNOWN_CARD}?lang=ar`, { 'x-forwarded-for': randomClientIp() });
    expect([arabic.status, htmlTag(arabic.text)]).toEqual([404, '<html lang="ar" dir="rtl">']);
    expect(arabic.text).toContain('لم يتم العثور على البطاقة الطبية');
  });
});
