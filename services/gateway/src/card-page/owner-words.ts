import {
  type AllergySeverity,
  type CodedField,
  LANGUAGE_TAGS,
  type LocalizedCardTexts,
  recordEntries,
  severityOf,
  type ResponderLanguage,
  termName,
  textDirection,
} from '@medical-qr/contracts';
import { html, type HtmlValue, type SafeHtml } from './html.js';

/** Who reads the card (their language's texts) and the language its owner wrote it in. */
export interface Reading {
  texts: LocalizedCardTexts;
  writtenIn: ResponderLanguage;
}

/**
 * The owner's words as written, never translated: declared in their language (a screen reader says them in it, a
 * browser offers to translate them) and set apart from the page's direction, so English stays in order on an
 * Arabic page and Arabic on an English one.
 */
export function ownerWords(text: string, writtenIn: ResponderLanguage): SafeHtml {
  return html`<span lang="${LANGUAGE_TAGS[writtenIn]}" dir="${textDirection(writtenIn)}">${text}</span>`;
}

/** Says a text is the owner's, in which language; nothing when the reader reads that language anyway. */
export function ownerWordsMark({ texts, writtenIn }: Reading): SafeHtml | '' {
  if (writtenIn === texts.language) return '';
  const language = texts.languageName(writtenIn);
  return html`<span class="owner-words-mark">${texts.t('ownerWords', { language })}</span>`;
}

/** What lies between two listed entries: its separators as written, and any owner's words between them. */
function between(text: string, writtenIn: ResponderLanguage): { parts: HtmlValue[]; words: boolean } {
  const [, lead = '', words = '', trail = ''] = /^([\s,;]*)([\s\S]*?)([\s,;]*)$/.exec(text) ?? [];
  return { parts: [lead, words ? ownerWords(words, writtenIn) : '', trail], words: words !== '' };
}

const SEVERITY_KEYS = {
  intolerance: 'severityIntolerance',
  severe: 'severitySevere',
  anaphylaxis: 'severityAnaphylaxis',
} as const satisfies Record<AllergySeverity, string>;

/**
 * A coded field as the reader reads it: each entry on the curated list by its name in the reader's language, the rest
 * exactly as the owner wrote it (with the commas and lines between), each allergy's severity after it when said, and
 * whether any of it is the owner's words.
 */
export function fieldInReading(
  text: string,
  field: CodedField,
  { texts, writtenIn }: Reading,
  severities: ReadonlyMap<string, AllergySeverity> = new Map(),
): { markup: SafeHtml; ownerWritten: boolean } {
  const parts: HtmlValue[] = [];
  let ownerWritten = false;
  let written = 0;
  let scanned = 0;
  const writeUpTo = (end: number) => {
    const gap = between(text.slice(written, end), writtenIn);
    parts.push(gap.parts);
    ownerWritten ||= gap.words;
  };
  // The entries are the text's own pieces, in order: each is found after the one before.
  for (const entry of recordEntries(text, field)) {
    const at = text.indexOf(entry.text, scanned);
    if (at < 0) continue;
    scanned = at + entry.text.length;
    const severity = severityOf(entry.text, severities);
    if (!entry.term && !severity) continue;
    writeUpTo(at);
    if (entry.term) {
      parts.push(termName(entry.term, texts.language));
    } else {
      parts.push(ownerWords(entry.text, writtenIn));
      ownerWritten = true;
    }
    if (severity)
      parts.push(html` <strong class="severity severity-${severity}">(${texts.t(SEVERITY_KEYS[severity])})</strong>`);
    written = scanned;
  }
  writeUpTo(text.length);
  return { markup: html`${parts}`, ownerWritten };
}
