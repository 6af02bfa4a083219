import { withoutControlCharacters } from '@medical-qr/contracts';

/** Markup that is already safe to send: built by {@link html}, never from outside input directly. */
export class SafeHtml {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text as it must appear in HTML content or a quoted attribute: no character of it can become markup, and no invisible
 * control (a right-to-left override stored before writes stripped them) can change how the text around it reads.
 */
export function escapeHtml(text: string): string {
  return withoutControlCharacters(text).replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * A template tag for HTML: every interpolated value is escaped unless it is itself the result of this tag, so what a
 * record holds (names, allergies, anything a person typed) always arrives on a responder's screen as text.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  return new SafeHtml(strings.reduce((markup, part, i) => markup + render(values[i - 1]) + part));
}
