import { withoutControlCharacters } from '../plain-text.js';

/**
 * A FHIR narrative (`text`) listing lines in words: XHTML in FHIR's namespace, each line escaped, so what a person
 * wrote ("<b>", "&", quotes) is shown as written and never read as markup. Control characters are dropped: XML has no
 * way to say them.
 */
export function narrative(lines: readonly string[]) {
  const items = lines.map((line) => `<li>${escapeXml(line)}</li>`).join('');
  return { status: 'generated', div: `<div xmlns="http://www.w3.org/1999/xhtml"><ul>${items}</ul></div>` } as const;
}

export function escapeXml(text: string): string {
  return withoutControlCharacters(text).replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
