import type { FirstMinuteKey, FirstMinuteLabels, FirstMinuteLine } from './first-minute-block.js';

/**
 * The most text the offline code carries, in bytes of UTF-8, so it stays a QR code of version 22 at error correction M
 * and scans off a wallet card or a lock screen. Version 22-M has 782 data codewords; the byte mode's header (4 bits),
 * its length (16 bits) and the ECI header that says "UTF-8" (12 bits) take 4 of them, which leaves 777 bytes.
 */
export const OFFLINE_TEXT_MAX_BYTES = 777;

/** What is kept whole first when the text must be cut: what changes the first minute most comes first. */
const KEEP_ORDER: readonly FirstMinuteKey[] = [
  'name',
  'resuscitation',
  'allergies',
  'bloodThinner',
  'primaryContact',
  'insulin',
  'bloodGroup',
  'age',
  'devices',
  'languages',
];

/** Facts a cut would make wrong (a phone number missing digits): kept whole or left out. */
const NEVER_SHORTENED: readonly FirstMinuteKey[] = ['primaryContact', 'bloodGroup', 'age'];

/** A value cut shorter than this many bytes says too little to keep: the line is left out instead. */
const SHORTEST_CUT_VALUE = 24;
const ELLIPSIS = '…';

export interface OfflineCardText {
  text: string;
  /** True when some facts were shortened or left out to fit. */
  cut: boolean;
}

// Made on first use: nothing runs when the contracts are imported.
let encoder: TextEncoder | undefined;
const byteLength = (text: string) => (encoder ??= new TextEncoder()).encode(text).length;

/** `text` cut to at most `maxBytes` bytes of UTF-8 on a whole character, ending in "…". */
function cutToBytes(text: string, maxBytes: number): string {
  let kept = '';
  for (const char of text) {
    if (byteLength(kept + char + ELLIPSIS) > maxBytes) break;
    kept += char;
  }
  return kept.trimEnd() + ELLIPSIS;
}

const lineText = (line: FirstMinuteLine) => `${line.label}: ${line.value}`;

/**
 * The first-minute block as plain text for the offline QR, which any phone camera shows without a network. When it does
 * not fit in `maxBytes`, every fact first gets a short share in order of importance (a phone number, the blood group and the age whole) (a fact with no room left is left
 * out), then the room that is left goes to the facts that were shortened, most important first; a last line says the
 * text was cut.
 */
export function offlineCardText(
  lines: readonly FirstMinuteLine[],
  labels: Pick<FirstMinuteLabels, 'title' | 'cut'>,
  maxBytes = OFFLINE_TEXT_MAX_BYTES,
): OfflineCardText {
  const whole = [labels.title, ...lines.map(lineText)].join('\n');
  if (byteLength(whole) <= maxBytes) return { text: whole, cut: false };

  const newline = 1;
  let budget = maxBytes - byteLength(labels.title) - newline - byteLength(labels.cut);
  const byImportance = [...lines].sort((a, b) => KEEP_ORDER.indexOf(a.key) - KEEP_ORDER.indexOf(b.key));
  const wanted = new Map(lines.map((line) => [line, byteLength(lineText(line)) + newline]));
  const allotted = new Map<FirstMinuteLine, number>();
  for (const line of byImportance) {
    const shortest = byteLength(`${line.label}: `) + SHORTEST_CUT_VALUE + newline;
    const share = NEVER_SHORTENED.includes(line.key) ? wanted.get(line)! : Math.min(wanted.get(line)!, shortest);
    if (share > budget) continue;
    allotted.set(line, share);
    budget -= share;
  }
  for (const [line, share] of allotted) {
    const more = Math.min(wanted.get(line)! - share, budget);
    allotted.set(line, share + more);
    budget -= more;
  }
  const body = lines.flatMap((line) => {
    const share = allotted.get(line);
    if (share === undefined) return [];
    if (share === wanted.get(line)) return [lineText(line)];
    const prefix = `${line.label}: `;
    return [prefix + cutToBytes(line.value, share - newline - byteLength(prefix))];
  });
  return { text: [labels.title, ...body, labels.cut].join('\n'), cut: true };
}
