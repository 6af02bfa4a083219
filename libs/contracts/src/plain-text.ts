/**
 * Characters that change how text around them is shown rather than being text: C0 controls except tab and newline,
 * DEL and C1 controls, and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). A
 * right-to-left override in an allergy line makes "penicillin" read backwards on a responder's screen.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Text as a person meant it to be read: the invisible controls above removed, everything else kept. Record text is
 * stripped this way when written (the schema) and again when the card page is drawn (for text stored before).
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(INVISIBLE_CONTROLS, '');
}
