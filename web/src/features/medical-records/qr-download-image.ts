import {
  cardTexts,
  firstMinuteBlock,
  firstMinuteLabels,
  offlineCardText,
  type FirstMinuteLine,
  type FirstMinuteSource,
  type LocalizedCardTexts,
  type ResponderLanguage,
} from '@medical-qr/contracts';

/**
 * The lock-screen image of a QR code: drawn in the browser on a canvas, 1080 x 1920 (a phone's lock screen), dark on
 * white whatever the theme so any camera reads it. Under the clock's area it says what it is ("MEDICAL ID — scan in
 * an emergency"), then the name and, when the record's facts are known, the first-minute block in large text (read off
 * the screen with no scan at all), the code that opens the full card and the offline code whose plain text any camera
 * shows without a network, the code's printed reference to text without data, and when the owner last checked the
 * facts. Without the facts (a code made on this device and restored later), the code, the name and blood group, the
 * reference, and the card link in text.
 */

export const LOCK_SCREEN_WIDTH = 1080;
export const LOCK_SCREEN_HEIGHT = 1920;
export const LOCK_SCREEN_FILE_NAME = 'emergency-qr-lock-screen.png';
export const LOCK_SCREEN_HEADLINE = 'MEDICAL ID — scan in an emergency';

/** What the image prints beside the code; both optional (a code restored without them still gets its image). */
export interface QrLabel {
  name: string;
  bloodGroup: string;
}

/** The record's facts for the first-minute block, when the owner last checked them (ISO date-time), and the language. */
export interface LockScreenFacts {
  source: FirstMinuteSource;
  checkedAt: string;
  /** The language its words are drawn in, for the responders who will read it; the owner's own words stay as written. */
  language: ResponderLanguage;
}

/** The code's printed reference, and the service's SMS number a responder without data texts it to (null: none). */
export interface LockScreenReference {
  reference: string;
  smsNumber: string | null;
}

export interface LockScreenImageInput {
  /** The code as a PNG data URL. */
  qrCodeData: string;
  cardUrl: string;
  label?: QrLabel;
  facts?: LockScreenFacts;
  /** Absent for a code without a reference yet. */
  reference?: LockScreenReference;
}

const INK = '#0f172a';
const MUTED = '#475569';
const RED = '#b91c1c';
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Liberation Sans', Arial, sans-serif";
const MONO = "ui-monospace, 'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, monospace";
const MARGIN = 84;
const TEXT_WIDTH = LOCK_SCREEN_WIDTH - 2 * MARGIN;
/** The clock and the date cover the top of a lock screen: the content starts below them. */
const CONTENT_TOP = 470;
const QR_SIZE = 720;

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The QR image could not be read'));
    image.src = source;
  });
}

/** The largest size up to `size` at which the text fits the width. */
function fitFont(
  context: CanvasRenderingContext2D,
  text: string,
  weight: string,
  size: number,
  family = FONT,
  width = TEXT_WIDTH,
): void {
  let fitted = size;
  do {
    context.font = `${weight} ${fitted}px ${family}`;
    fitted -= 2;
  } while (context.measureText(text).width > width && fitted > 20);
}

/** Breaks a link into lines that fit: after its last fitting `/` (the card's token stays whole), else anywhere. */
function linkLines(context: CanvasRenderingContext2D, link: string): string[] {
  if (context.measureText(link).width <= TEXT_WIDTH || link.length < 2) return [link];
  const slash = link.lastIndexOf('/', link.length - 2);
  let cut = slash > 0 && context.measureText(link.slice(0, slash + 1)).width <= TEXT_WIDTH ? slash + 1 : 0;
  if (cut === 0) {
    cut = 1;
    while (cut < link.length && context.measureText(link.slice(0, cut + 1)).width <= TEXT_WIDTH) cut += 1;
  }
  return [link.slice(0, cut), ...linkLines(context, link.slice(cut))];
}

/** "MEDICAL ID" in red, "— scan in an emergency" in ink, centred as one line. */
function drawHeadline(context: CanvasRenderingContext2D): number {
  context.fillStyle = RED;
  context.fillRect(MARGIN, CONTENT_TOP, TEXT_WIDTH, 12);
  fitFont(context, LOCK_SCREEN_HEADLINE, '800', 56);
  const [lead, rest] = [LOCK_SCREEN_HEADLINE.slice(0, 10), LOCK_SCREEN_HEADLINE.slice(10)];
  const start = (LOCK_SCREEN_WIDTH - context.measureText(LOCK_SCREEN_HEADLINE).width) / 2;
  const baseline = CONTENT_TOP + 96;
  context.textAlign = 'left';
  context.fillText(lead, start, baseline);
  context.fillStyle = INK;
  context.fillText(rest, start + context.measureText(lead).width, baseline);
  context.textAlign = 'center';
  return CONTENT_TOP + 140;
}

function drawCode(context: CanvasRenderingContext2D, qr: HTMLImageElement, top: number): number {
  // The code's own modules, scaled without smoothing: sharp edges scan best.
  context.imageSmoothingEnabled = false;
  context.drawImage(qr, (LOCK_SCREEN_WIDTH - QR_SIZE) / 2, top, QR_SIZE, QR_SIZE);
  return top + QR_SIZE + 40;
}

function drawLabel(context: CanvasRenderingContext2D, label: QrLabel | undefined, top: number): number {
  let y = top;
  if (label?.name.trim()) {
    context.fillStyle = INK;
    fitFont(context, label.name.trim(), '800', 68);
    y += 68;
    context.fillText(label.name.trim(), LOCK_SCREEN_WIDTH / 2, y);
  }
  if (label?.bloodGroup) {
    const text = `Blood group ${label.bloodGroup}`;
    context.fillStyle = RED;
    fitFont(context, text, '800', 60);
    y += 80;
    context.fillText(text, LOCK_SCREEN_WIDTH / 2, y);
  }
  return y + 36;
}

function drawLink(context: CanvasRenderingContext2D, cardUrl: string, top: number): void {
  context.fillStyle = MUTED;
  context.font = `600 34px ${FONT}`;
  context.fillText('No scanner? Open', LOCK_SCREEN_WIDTH / 2, top + 34);
  context.fillStyle = INK;
  context.font = `500 36px ${MONO}`;
  linkLines(context, cardUrl).forEach((line, index) => {
    context.fillText(line, LOCK_SCREEN_WIDTH / 2, top + 86 + index * 46);
  });
}

/** The bottom of a lock screen holds the torch and camera buttons: nothing is drawn there. */
const BOTTOM_KEEP_CLEAR = 150;
const FACTS_QR_SIZE = 440;
/** The height of the reference's line under the codes. */
const REFERENCE_LINE = 56;

/**
 * "No data? Text K7QM 4XPD to +15551234567" in `texts`' language, or "Ref. K7QM 4XPD" without a number. Each value
 * is isolated left to right (Unicode's isolates), so the number's "+" stays in front of it in an Arabic sentence.
 */
function referenceText(texts: LocalizedCardTexts, { reference, smsNumber }: LockScreenReference): string {
  const isolated = (value: string) => `\u2066${value}\u2069`;
  return smsNumber
    ? texts.t('textReference', { reference: isolated(reference), number: isolated(smsNumber) })
    : texts.t('reference', { reference: isolated(reference) });
}

/** The reference's line, centred at the baseline `y`, running in the language's direction. */
function drawReference(context: CanvasRenderingContext2D, texts: LocalizedCardTexts, text: string, y: number): void {
  context.fillStyle = INK;
  context.direction = texts.dir;
  fitFont(context, text, '700', 36);
  context.fillText(text, LOCK_SCREEN_WIDTH / 2, y);
  context.direction = 'ltr';
}

/** Word-wrapped lines of `text` at the context's font within the width; past `maxLines` the last ends in "…". */
function wrapLines(context: CanvasRenderingContext2D, text: string, maxLines: number): string[] {
  const fits = (line: string) => context.measureText(line).width <= TEXT_WIDTH;
  const lines: string[] = [];
  let line = '';
  // Spaces only: a no-break space keeps what it joins (a phone number) on one line.
  for (const word of text.split(/[ \t\n]+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (!line || fits(candidate)) {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last && !fits(`${last}…`)) last = Array.from(last).slice(0, -1).join('');
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

/** The primary contact's number kept on one line: half a number on each is easy to misdial. */
function unbrokenNumber(line: FirstMinuteLine): string {
  if (line.key !== 'primaryContact') return line.value;
  return line.value.replace(/\+?[\d(][\d\s().-]{5,}$/, (number) => number.replace(/ /g, '\u00a0'));
}

/** The block's facts (the name is drawn on its own, larger), each at most two lines, at the largest size that fits. */
function drawFacts(
  context: CanvasRenderingContext2D,
  lines: FirstMinuteLine[],
  top: number,
  bottom: number,
  rightToLeft: boolean,
): void {
  const facts = lines.filter((line) => line.key !== 'name');
  for (let size = 46; size >= 26; size -= 2) {
    context.font = `700 ${size}px ${FONT}`;
    const wrapped = facts.map((line) => wrapLines(context, `${line.label}: ${unbrokenNumber(line)}`, 2));
    const lineHeight = Math.round(size * 1.25);
    const gap = Math.round(size * 0.35);
    const height = wrapped.reduce((sum, rows) => sum + rows.length * lineHeight + gap, 0);
    if (height > bottom - top && size > 26) continue;
    // Lines start where the language reads from: the left, or the right for Arabic.
    context.direction = rightToLeft ? 'rtl' : 'ltr';
    context.textAlign = 'start';
    const x = rightToLeft ? LOCK_SCREEN_WIDTH - MARGIN : MARGIN;
    let y = top;
    wrapped.forEach((rows, index) => {
      context.fillStyle = facts[index]!.tone === 'alert' ? RED : INK;
      for (const row of rows) {
        y += lineHeight;
        if (y > bottom) return;
        context.fillText(row, x, y);
      }
      y += gap;
    });
    context.direction = 'ltr';
    context.textAlign = 'center';
    return;
  }
}

async function loadOfflineCode(text: string): Promise<HTMLImageElement> {
  // Only this image needs a QR encoder in the browser: loaded on the tap, not with the app.
  const { offlineQrDataUrl } = await import('../../lib/offline-qr');
  return loadImage(offlineQrDataUrl(text));
}

/** The two codes side by side at the bottom, each named under it. */
function drawCodePair(
  context: CanvasRenderingContext2D,
  codes: { card: HTMLImageElement; offline: HTMLImageElement },
  captions: { card: string; offline: string },
  top: number,
) {
  const gap = LOCK_SCREEN_WIDTH - 2 * MARGIN - 2 * FACTS_QR_SIZE;
  const pairs: Array<[HTMLImageElement, string, number]> = [
    [codes.card, captions.card, MARGIN],
    [codes.offline, captions.offline, MARGIN + FACTS_QR_SIZE + gap],
  ];
  context.imageSmoothingEnabled = false;
  for (const [image, label, left] of pairs) {
    context.drawImage(image, left, top, FACTS_QR_SIZE, FACTS_QR_SIZE);
    context.fillStyle = INK;
    fitFont(context, label, '800', 36, FONT, FACTS_QR_SIZE + gap);
    context.fillText(label, left + FACTS_QR_SIZE / 2, top + FACTS_QR_SIZE + 48);
  }
}

/** The block's title in red across the width, for a language other than English (which keeps its two-tone line). */
function drawTitle(context: CanvasRenderingContext2D, title: string): number {
  context.fillStyle = RED;
  context.fillRect(MARGIN, CONTENT_TOP, TEXT_WIDTH, 12);
  fitFont(context, title, '800', 56);
  context.fillText(title, LOCK_SCREEN_WIDTH / 2, CONTENT_TOP + 96);
  return CONTENT_TOP + 140;
}

/**
 * The image with the first-minute block: headline, name, facts, the two codes, the reference under them, and when the
 * owner last checked.
 */
async function drawWithFacts(
  context: CanvasRenderingContext2D,
  qr: HTMLImageElement,
  facts: LockScreenFacts,
  reference: LockScreenReference | undefined,
) {
  const texts = cardTexts(facts.language);
  const labels = firstMinuteLabels(texts);
  const lines = firstMinuteBlock(facts.source, facts.language, labels);
  const offline = await loadOfflineCode(offlineCardText(lines, labels).text);
  let y = facts.language === 'en' ? drawHeadline(context) : drawTitle(context, labels.title);
  const name = lines.find((line) => line.key === 'name')?.value;
  if (name) {
    context.fillStyle = INK;
    fitFont(context, name, '800', 72);
    y += 60;
    context.fillText(name, LOCK_SCREEN_WIDTH / 2, y);
  }
  const checkedTop = LOCK_SCREEN_HEIGHT - BOTTOM_KEEP_CLEAR - 20;
  const codesTop = checkedTop - 60 - 48 - FACTS_QR_SIZE - (reference ? REFERENCE_LINE : 0);
  drawFacts(context, lines, y + 10, codesTop - 30, texts.dir === 'rtl');
  drawCodePair(
    context,
    { card: qr, offline },
    { card: texts.t('openFullCard'), offline: texts.t('readOffline') },
    codesTop,
  );
  if (reference) drawReference(context, texts, referenceText(texts, reference), checkedTop - 60);
  context.fillStyle = MUTED;
  const checked = texts.t('lastChecked', { date: texts.longDate(new Date(facts.checkedAt)) });
  fitFont(context, checked, '600', 32);
  context.fillText(checked, LOCK_SCREEN_WIDTH / 2, checkedTop);
}

/** Draws the lock-screen image and answers it as a PNG. */
export async function lockScreenImage({
  qrCodeData,
  cardUrl,
  label,
  facts,
  reference,
}: LockScreenImageInput): Promise<Blob> {
  if (!qrCodeData.startsWith('data:image/')) throw new Error('The QR image is missing');
  const qr = await loadImage(qrCodeData);
  const canvas = document.createElement('canvas');
  canvas.width = LOCK_SCREEN_WIDTH;
  canvas.height = LOCK_SCREEN_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, LOCK_SCREEN_WIDTH, LOCK_SCREEN_HEIGHT);
  context.textAlign = 'center';
  context.textBaseline = 'alphabetic';
  if (facts) {
    await drawWithFacts(context, qr, facts, reference);
  } else {
    const labelTop = drawCode(context, qr, drawHeadline(context));
    let linkTop = drawLabel(context, label, labelTop);
    if (reference) {
      const texts = cardTexts('en');
      drawReference(context, texts, referenceText(texts, reference), linkTop + 30);
      linkTop += REFERENCE_LINE;
    }
    drawLink(context, cardUrl, linkTop);
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be made'))), 'image/png'),
  );
}
