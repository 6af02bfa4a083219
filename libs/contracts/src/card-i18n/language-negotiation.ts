import { isResponderLanguage, type ResponderLanguage } from '../medical-terms/languages.js';

/** More ranges than any browser sends are not read (a header is capped by the server anyway). */
const MAX_RANGES = 50;

/**
 * The responder language a BCP 47 tag asks for, by its primary language: `pt-BR` is Portuguese, `ar-EG` Arabic, and
 * every Chinese (`zh-CN`, `zh-Hans`, `zh-TW`, `zh-HK`) the one Chinese the card has. Undefined for any other language.
 */
export function responderLanguageOf(tag: string): ResponderLanguage | undefined {
  const primary = tag.trim().split(/[-_]/)[0]!.toLowerCase();
  return isResponderLanguage(primary) ? primary : undefined;
}

/** One range of an Accept-Language header and its weight; a weight that is not a number from 0 to 1 is 0. */
function weighted(range: string): { tag: string; q: number } {
  const [tag = '', ...parameters] = range.split(';').map((part) => part.trim());
  const q = parameters.find((parameter) => /^q=/i.test(parameter));
  if (q === undefined) return { tag, q: 1 };
  const value = q.slice(2).trim();
  const weight = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : 0;
  return { tag, q: weight };
}

/**
 * The responder language an `Accept-Language` header (RFC 9110) prefers: its ranges by weight, the header's order
 * among equal weights, each read by its primary language; `q=0` refuses a range, and `*` names none. Undefined when
 * no range names a language the card has (the caller then shows English).
 */
export function negotiateLanguage(header: string | readonly string[] | undefined): ResponderLanguage | undefined {
  const ranges = (typeof header === 'string' ? header : (header ?? []).join(','))
    .split(',')
    .slice(0, MAX_RANGES)
    .map(weighted)
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0);
  // A stable sort: equal weights keep the header's order.
  ranges.sort((a, b) => b.q - a.q);
  for (const { tag } of ranges) {
    const language = responderLanguageOf(tag);
    if (language) return language;
  }
  return undefined;
}
