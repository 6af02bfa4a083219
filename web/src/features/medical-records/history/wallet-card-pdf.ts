// The printable wallet card: a one-page PDF (A4 or US Letter) with the card's front and back side by
// side, made in the browser with pdf-lib. Pure: no DOM, no Node APIs, so jest can test it as is.
import { PageSizes, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';

export interface WalletCardData {
  /** The QR image as a PNG data URL (`data:image/png;base64,...`), as the API gives it (record.qrCodeData). */
  qrCodeData: string;
  /** The card link the QR opens, printed in text on the back. */
  cardUrl: string;
  fullName: string;
  bloodGroup: string;
  /** Free text; '' prints "No known allergies". */
  allergies: string;
  contacts: Array<{ name: string; phone: string; relationship: string; isPrimary: boolean }>;
}

export type WalletSheet = 'a4' | 'letter';

/** The sheet is in the name, so an A4 and a Letter download never overwrite each other. */
export const walletCardFileName = (sheet: WalletSheet) => `emergency-wallet-card-${sheet}.pdf`;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CardPlacement {
  page: { width: number; height: number };
  front: Rect;
  back: Rect;
}

type Contact = WalletCardData['contacts'][number];
type Color = ReturnType<typeof rgb>;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface TextStyle {
  font: PDFFont;
  size: number;
  color: Color;
}

/** A text column drawn top-down: `top` is where the next line starts and moves down as lines are written. */
interface Column {
  page: PDFPage;
  x: number;
  width: number;
  top: number;
}

const MM = 72 / 25.4;
const CARD_WIDTH = 85.6 * MM;
const CARD_HEIGHT = 54 * MM;
/** Distance from the top of the sheet to the cards; leaves room for the instruction and the cut marks. */
const CARDS_FROM_TOP = 32 * MM;
const INSTRUCTION = 'Cut along the marks, fold in the middle, and keep it with your ID.';
const MAX_CONTACTS = 3;
const PADDING = 4 * MM;
const BAND_HEIGHT = 8 * MM;
/** Big enough to scan from a wallet (over 30 mm) and still leave 5 mm of blank card above and below. */
const QR_SIZE = 36 * MM;
const MARK = { gap: 1.5 * MM, length: 5 * MM, thickness: 0.4 };
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.32, 0.32, 0.36);
const RED = rgb(0.75, 0.08, 0.1);
const WHITE = rgb(1, 1, 1);
const FAINT = rgb(0.8, 0.8, 0.82);
const ELLIPSIS = '…';

/** The characters of WinAnsi between 0x80 and 0x9F; the rest of it is Latin-1 printable. */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.includes(char);
}

/**
 * Text the standard fonts can encode: they cover WinAnsi only and pdf-lib throws on anything else.
 * Accented letters outside it keep their base letter (Ż → Z), other characters become '?', and
 * line breaks and other controls become spaces.
 */
export function toWinAnsi(text: string): string {
  const composed = text
    .normalize('NFC')
    .replace(/[\p{Cc}\s]/gu, ' ')
    .replace(/[\p{M}\u200b-\u200d\u2060\ufeff]/gu, '');
  let out = '';
  for (const char of composed) {
    const base = char.normalize('NFD').charAt(0);
    out += isWinAnsi(char) ? char : isWinAnsi(base) ? base : '?';
  }
  return out;
}

/** Where the two sides go: centred, touching at the fold, at a fixed distance from the top of the sheet. */
export function cardPlacement(sheet: WalletSheet): CardPlacement {
  const [width, height] = sheet === 'a4' ? PageSizes.A4 : PageSizes.Letter;
  const x = (width - 2 * CARD_WIDTH) / 2;
  const y = height - CARDS_FROM_TOP - CARD_HEIGHT;
  return {
    page: { width, height },
    front: { x, y, width: CARD_WIDTH, height: CARD_HEIGHT },
    back: { x: x + CARD_WIDTH, y, width: CARD_WIDTH, height: CARD_HEIGHT },
  };
}

/** Up to three contacts, the primary first; the sort is stable, so the rest keep the owner's order. */
export function walletContacts(contacts: Contact[]): Contact[] {
  return [...contacts].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary)).slice(0, MAX_CONTACTS);
}

/** `text` cut short with "…" so that it fits. */
function ellipsize(text: string, fits: (line: string) => boolean): string {
  if (fits(text)) return text;
  let kept = Array.from(text);
  while (kept.length > 0 && !fits(kept.join('').trimEnd() + ELLIPSIS)) kept = kept.slice(0, -1);
  return kept.join('').trimEnd() + ELLIPSIS;
}

/** A word too long for a line (a link) split into pieces that fit. */
function splitWord(word: string, fits: (line: string) => boolean): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && !fits(piece + char)) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  return piece ? [...pieces, piece] : pieces;
}

/** Word-wrapped lines of `text` within `maxWidth`; past `maxLines` the last line ends in "…". */
function wrapText(text: string, style: Pick<TextStyle, 'font' | 'size'>, maxWidth: number, maxLines: number): string[] {
  const fits = (line: string) => style.font.widthOfTextAtSize(line, style.size) <= maxWidth;
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words.flatMap((w) => (fits(w) ? [w] : splitWord(w, fits)))) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && !fits(candidate)) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const shown = lines.slice(0, Math.max(1, maxLines));
  shown[shown.length - 1] = ellipsize(`${shown[shown.length - 1]} ${lines[shown.length]}`, fits);
  return shown;
}

/** Writes lines down the column, each `lineHeight` below the last, with the baseline under the cap height. */
function writeLines(column: Column, lines: string[], style: TextStyle, lineHeight = style.size * 1.25): void {
  for (const line of lines) {
    const baseline = column.top - style.size * 0.8;
    column.page.drawText(line, { x: column.x, y: baseline, size: style.size, font: style.font, color: style.color });
    column.top -= lineHeight;
  }
}

/** One line, cut short with "…" if it is too wide. */
function writeLine(column: Column, text: string, style: TextStyle, lineHeight?: number): void {
  writeLines(column, wrapText(text, style, column.width, 1), style, lineHeight);
}

/** Short lines at the corners of the folded pair, outside it; the ones at the fold are its marks. */
function drawCutMarks(page: PDFPage, { front, back }: CardPlacement): void {
  const { gap, length, thickness } = MARK;
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color: INK });
  const left = front.x;
  const right = back.x + back.width;
  const bottom = front.y;
  const top = front.y + front.height;
  for (const y of [bottom, top]) {
    line(left - gap - length, y, left - gap, y);
    line(right + gap, y, right + gap + length, y);
  }
  for (const x of [left, back.x, right]) {
    line(x, top + gap, x, top + gap + length);
    line(x, bottom - gap, x, bottom - gap - length);
  }
}

/** The instruction, above the cut marks, aligned with the cards. */
function drawInstruction(page: PDFPage, placement: CardPlacement, fonts: Fonts): void {
  const y = placement.page.height - 20 * MM;
  page.drawText(INSTRUCTION, { x: placement.front.x, y, size: 10, font: fonts.regular, color: INK });
}

/** A faint outline, so the card shows on screen and a slightly inaccurate cut still looks tidy. */
function drawOutline(page: PDFPage, rect: Rect): void {
  page.drawRectangle({ ...rect, color: WHITE, borderColor: FAINT, borderWidth: 0.5 });
}

/** The red band across the top of the front with a white cross and "MEDICAL ID". */
function drawBand(page: PDFPage, rect: Rect, fonts: Fonts): void {
  const bandY = rect.y + rect.height - BAND_HEIGHT;
  page.drawRectangle({ x: rect.x, y: bandY, width: rect.width, height: BAND_HEIGHT, color: RED });
  const mid = bandY + BAND_HEIGHT / 2;
  const crossX = rect.x + PADDING;
  const arm = 2.2 * MM;
  const bar = 0.75 * MM;
  page.drawRectangle({ x: crossX, y: mid - bar / 2, width: 2 * arm, height: bar, color: WHITE });
  page.drawRectangle({ x: crossX + arm - bar / 2, y: mid - arm, width: bar, height: 2 * arm, color: WHITE });
  const text = { x: crossX + 2 * arm + 2 * MM, y: mid - 11 * 0.35, size: 11, font: fonts.bold, color: WHITE };
  page.drawText('MEDICAL ID', text);
}

/**
 * The QR at the left under the band, centred in the space below it. The API's image has a 2-module
 * margin; the 4-5 mm of blank card round it make up the 4-module quiet zone scanners want.
 */
function drawQr(page: PDFPage, rect: Rect, qr: PDFImage): void {
  const y = rect.y + (rect.height - BAND_HEIGHT - QR_SIZE) / 2;
  page.drawImage(qr, { x: rect.x + PADDING, y, width: QR_SIZE, height: QR_SIZE });
}

/** Name, blood group and allergies in the column right of the QR; allergies get the lines that are left. */
function drawIdentity(page: PDFPage, rect: Rect, data: WalletCardData, fonts: Fonts): void {
  const x = rect.x + 2 * PADDING + QR_SIZE;
  const top = rect.y + rect.height - BAND_HEIGHT - PADDING;
  const column: Column = { page, x, width: rect.x + rect.width - PADDING - x, top };
  const name = { font: fonts.bold, size: 11, color: INK };
  writeLines(column, wrapText(data.fullName, name, column.width, 2), name, 13);
  column.top -= 3;
  writeLine(
    column,
    `Blood group ${data.bloodGroup.trim() || 'unknown'}`,
    { font: fonts.bold, size: 9, color: INK },
    11,
  );
  column.top -= 6;
  writeLine(column, 'ALLERGIES', { font: fonts.bold, size: 6, color: MUTED }, 8);
  const allergy = { font: fonts.regular, size: 7.5, color: INK };
  const lineHeight = 9;
  const room = Math.floor((column.top - (rect.y + PADDING) + lineHeight - allergy.size) / lineHeight);
  const text = data.allergies.trim() || 'No known allergies';
  writeLines(column, wrapText(text, allergy, column.width, room), allergy, lineHeight);
}

/** The side a first responder sees first: who this is and the code to their record. */
function drawFront(page: PDFPage, rect: Rect, data: WalletCardData, fonts: Fonts, qr: PDFImage): void {
  drawOutline(page, rect);
  drawBand(page, rect, fonts);
  drawQr(page, rect, qr);
  drawIdentity(page, rect, data, fonts);
}

/** A contact on two lines: name (and "Primary") with the phone on the right, then the relationship. */
function drawContact(column: Column, contact: Contact, fonts: Fonts): void {
  const name = { font: fonts.bold, size: 8, color: INK };
  const tag = { font: fonts.bold, size: 6.5, color: RED };
  const phone = wrapText(contact.phone, name, column.width / 2, 1)[0] ?? '';
  const phoneWidth = name.font.widthOfTextAtSize(phone, name.size);
  const tagText = contact.isPrimary ? 'Primary' : '';
  const tagWidth = tag.font.widthOfTextAtSize(tagText, tag.size);
  const nameWidth = column.width - phoneWidth - tagWidth - 3 * MM;
  const shownName = wrapText(contact.name, name, nameWidth, 1)[0] ?? '';
  const baseline = column.top - name.size * 0.8;
  const page = column.page;
  page.drawText(shownName, { x: column.x, y: baseline, ...name });
  const tagX = column.x + name.font.widthOfTextAtSize(shownName, name.size) + 1.5 * MM;
  if (tagText) page.drawText(tagText, { x: tagX, y: baseline, ...tag });
  page.drawText(phone, { x: column.x + column.width - phoneWidth, y: baseline, ...name });
  column.top -= 10;
  writeLine(column, contact.relationship, { font: fonts.regular, size: 7, color: MUTED }, 11);
}

/** The heading, then the contacts from the top down. */
function drawContacts(page: PDFPage, rect: Rect, contacts: Contact[], fonts: Fonts): void {
  const top = rect.y + rect.height - PADDING;
  const column: Column = { page, x: rect.x + PADDING, width: rect.width - 2 * PADDING, top };
  writeLine(column, 'Emergency contacts', { font: fonts.bold, size: 9, color: INK }, 12);
  const ruleY = column.top + 1;
  page.drawLine({ start: { x: column.x, y: ruleY }, end: { x: column.x + column.width, y: ruleY }, color: RED });
  column.top -= 4;
  const shown = walletContacts(contacts);
  if (shown.length === 0) writeLine(column, 'None listed', { font: fonts.regular, size: 8, color: MUTED });
  for (const contact of shown) drawContact(column, contact, fonts);
}

/** The biggest size (7 pt down to 6 pt) that keeps the link on one line, else 6 pt on up to 3 lines. */
function linkLines(url: string, font: PDFFont, width: number): { lines: string[]; size: number } {
  for (const size of [7, 6.5, 6]) {
    if (font.widthOfTextAtSize(url, size) <= width) return { lines: [url], size };
  }
  return { lines: wrapText(url, { font, size: 6 }, width, 3), size: 6 };
}

/**
 * Anchored to the bottom so a long link grows upwards into the space the contacts leave: the 911
 * line, a rule 13 pt up, then the link and "Scan the code or open:" above the rule.
 */
function drawLinkAndEmergency(page: PDFPage, rect: Rect, cardUrl: string, fonts: Fonts): void {
  const width = rect.width - 2 * PADDING;
  const bottom = rect.y + PADDING;
  const link = linkLines(cardUrl, fonts.regular, width);
  const linkHeight = link.lines.length * link.size * 1.25;
  const column: Column = { page, x: rect.x + PADDING, width, top: bottom + 26 + linkHeight };
  writeLine(column, 'Scan the code or open:', { font: fonts.regular, size: 7, color: MUTED }, 9);
  writeLines(column, link.lines, { font: fonts.regular, size: link.size, color: INK });
  const ruleY = bottom + 13;
  page.drawLine({ start: { x: column.x, y: ruleY }, end: { x: column.x + width, y: ruleY }, color: RED });
  column.top = bottom + 10;
  writeLine(column, 'In an emergency call 911', { font: fonts.bold, size: 9, color: INK });
}

/** Who to call and, for anyone without a scanner, the link in text. */
function drawBack(page: PDFPage, rect: Rect, data: WalletCardData, fonts: Fonts): void {
  drawOutline(page, rect);
  drawContacts(page, rect, data.contacts, fonts);
  drawLinkAndEmergency(page, rect, data.cardUrl, fonts);
}

/** Every text field made encodable once, so drawing and measuring never meet a character they cannot encode. */
function sanitized(data: WalletCardData): WalletCardData {
  const contacts = data.contacts.map(({ name, phone, relationship, isPrimary }) => ({
    name: toWinAnsi(name),
    phone: toWinAnsi(phone),
    relationship: toWinAnsi(relationship),
    isPrimary,
  }));
  const [fullName, bloodGroup, allergies, cardUrl] = [data.fullName, data.bloodGroup, data.allergies, data.cardUrl].map(
    toWinAnsi,
  );
  return { qrCodeData: data.qrCodeData, cardUrl, fullName, bloodGroup, allergies, contacts };
}

/** A4 or US Letter sheet holding the card's front and back side by side, each 85.6 × 54 mm with cut marks. */
export async function walletCardPdf(data: WalletCardData, sheet: WalletSheet): Promise<Uint8Array> {
  if (!data.qrCodeData.startsWith('data:image/png;base64,')) throw new Error('qrCodeData must be a PNG data URL');
  const card = sanitized(data);
  const placement = cardPlacement(sheet);
  const pdf = await PDFDocument.create();
  pdf.setTitle('Emergency wallet card');
  const page = pdf.addPage([placement.page.width, placement.page.height]);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const qr = await pdf.embedPng(card.qrCodeData);
  drawInstruction(page, placement, fonts);
  drawCutMarks(page, placement);
  drawFront(page, placement.front, card, fonts, qr);
  drawBack(page, placement.back, card, fonts);
  return pdf.save();
}
