import { z } from 'zod';

/**
 * The characters of a printed reference: digits and capitals a reader cannot take for one another on a worn card or
 * a cracked screen. Left out: 0 and O, 1, I and L, and U and V (a crack or a worn stroke turns the round foot of a U
 * into the point of a V, and there is no telling back which was printed). 29 characters; 8 of them give 29^8, about
 * 5 * 10^11 references (38.9 bits).
 */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
/** Characters in a reference, printed as two groups of four. */
export const REFERENCE_LENGTH = 8;
const GROUP = REFERENCE_LENGTH / 2;

const CHARACTER = `[${REFERENCE_ALPHABET}]`;
const NORMALIZED = new RegExp(`^${CHARACTER}{${REFERENCE_LENGTH}}$`);
const FORMATTED = new RegExp(`^${CHARACTER}{${GROUP}} ${CHARACTER}{${GROUP}}$`);
/** What a person may type inside a reference and means nothing: spaces, dots, and dashes of any length. */
const IGNORED = /[\s.\-\u2010-\u2015\u2212]/gu;
/** ...and the same between two words of a text, when they are read as one reference. */
const JOINING_GAP = /^[\s.\-\u2010-\u2015\u2212]+$/u;

/** A reference as it is printed and shown: `K7QM 4XPD`. */
export const printedReferenceSchema = z.string().regex(FORMATTED, 'not a printed reference (two groups of four)');

/** Full-width letters (typed with a Chinese or Japanese keyboard) as plain ones, and only ASCII letters upper-cased. */
function plain(text: string): string {
  return text.normalize('NFKC').replace(/[a-z]/g, (letter) => letter.toUpperCase());
}

/**
 * A reference as typed, in the form it is stored and hashed in (`K7QM4XPD`): any case, spaces, dots and dashes
 * anywhere ignored. Undefined for anything that is not 8 of the alphabet's characters.
 */
export function normalizeReference(input: string): string | undefined {
  const compact = plain(input).replace(IGNORED, '');
  return NORMALIZED.test(compact) ? compact : undefined;
}

/** A reference in its printed form, two groups of four (`K7QM 4XPD`); it is normalized first, so any typed form will do. */
export function formatReference(reference: string): string {
  const normalized = normalizeReference(reference);
  if (!normalized) throw new Error('not a printed reference');
  return `${normalized.slice(0, GROUP)} ${normalized.slice(GROUP)}`;
}

/**
 * The reference inside a longer text, such as a text message ("hi K7QM 4XPD please"), normalized; undefined when
 * there is none. Words are runs of letters and digits. A reference is one word of 8 valid characters or two of 4
 * (as printed), or neighbouring words of at most 4 characters each (as someone may space it out: "K7 QM 4X PD"),
 * words joined only by spaces, dots or dashes. Longer words never join, so ordinary words side by side ("where are")
 * are not taken for one. When a text holds several, one with a digit wins (nearly every reference has one, few
 * words do: "strength" is 8 valid letters), then the printed shape, then the first.
 */
export function findReferenceIn(text: string): string | undefined {
  const source = plain(text);
  const words = [...source.matchAll(/[A-Z0-9]+/g)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
  const joined = (index: number) =>
    index > 0 && JOINING_GAP.test(source.slice(words[index - 1]!.end, words[index]!.start));
  let best: { reference: string; rank: number } | undefined;
  const consider = (candidate: string, printed: boolean) => {
    if (!NORMALIZED.test(candidate)) return;
    const rank = (/\d/.test(candidate) ? 0 : 2) + (printed ? 0 : 1);
    if (!best || rank < best.rank) best = { reference: candidate, rank };
  };
  for (const [index, word] of words.entries()) {
    if (word.text.length === REFERENCE_LENGTH) consider(word.text, true);
    let candidate = '';
    for (let next = index; next < words.length && words[next]!.text.length <= GROUP; next++) {
      if (next > index && !joined(next)) break;
      candidate += words[next]!.text;
      if (candidate.length >= REFERENCE_LENGTH) break;
    }
    if (candidate.length === REFERENCE_LENGTH) {
      const printed = words[index]!.text.length === GROUP && words[index + 1]?.text.length === GROUP;
      consider(candidate, printed);
    }
  }
  return best?.reference;
}

/** `GET /api/config/sms-number`: the number a responder texts a reference to, E.164; null when SMS is not set up. */
export const smsNumberConfigSchema = z.object({ number: z.string().nullable() });
export type SmsNumberConfig = z.infer<typeof smsNumberConfigSchema>;
