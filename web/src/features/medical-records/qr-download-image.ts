/**
 * The lock-screen image of a QR code: drawn in the browser on a canvas, 1080 x 1920 (a phone's lock screen), dark on
 * white whatever the theme so any camera reads it. Under the clock's area it says what it is ("MEDICAL ID — scan in
 * an emergency"), then the code, the name and blood group, and the card link in text for anyone without a scanner.
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

export interface LockScreenImageInput {
  /** The code as a PNG data URL. */
  qrCodeData: string;
  cardUrl: string;
  label?: QrLabel;
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
function fitFont(context: CanvasRenderingContext2D, text: string, weight: string, size: number, family = FONT): void {
  let fitted = size;
  do {
    context.font = `${weight} ${fitted}px ${family}`;
    fitted -= 2;
  } while (context.measureText(text).width > TEXT_WIDTH && fitted > 20);
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

/** Draws the lock-screen image and answers it as a PNG. */
export async function lockScreenImage({ qrCodeData, cardUrl, label }: LockScreenImageInput): Promise<Blob> {
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
  const labelTop = drawCode(context, qr, drawHeadline(context));
  drawLink(context, cardUrl, drawLabel(context, label, labelTop));
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be made'))), 'image/png'),
  );
}
