// The printable wallet card: a one-page PDF (A4 or US Letter) with the card's front and back side by side. Every
// character is drawn with a font that has it (card-fonts.ts), embedded and cut down to the glyphs used.
import {
  degrees,
  drawText as textOperators,
  endMarkedContent,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  rgb,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import type { WalletSheet } from '@medical-qr/contracts';
import { qrModules } from '../qr/qr-modules.js';
import { fontkit } from './fontkit.js';
import { cardFontBytes, type CardFontKey, type CardScript } from './card-fonts.js';
import { textRuns, visualOrder } from './text-runs.js';
import type { WalletCardContent } from './wallet-card-content.js';
import {
  cardPlacement,
  fitColumn,
  LINE_SPACING,
  MM,
  type CardPlacement,
  type ColumnItem,
  type Measure,
  type PlacedLine,
  type PlacedSpan,
  type Rect,
  type Span,
  type Tone,
} from './wallet-card-layout.js';

type Color = ReturnType<typeof rgb>;
type PDFOperatorArg = NonNullable<Parameters<typeof PDFOperator.of>[1]>[number];

const PADDING = 4 * MM;
const BAND_HEIGHT = 7 * MM;
/** Big enough to scan from a wallet; the 4 mm of blank card round it is the quiet zone scanners want. */
const CARD_QR_SIZE = 29 * MM;
/** The offline code holds up to QR version 22 (105 modules): at 31 mm a module is still 0.3 mm. */
const OFFLINE_QR_SIZE = 31 * MM;
const QR_LABEL_SIZE = 7;
/** The smallest a fitted title or caption gets, still readable at arm's length on a printed card. */
const MIN_FITTED_SIZE = 5;
const MARK = { gap: 1.5 * MM, length: 5 * MM, thickness: 0.4 };
const INK = rgb(0.1, 0.1, 0.12);
const RED = rgb(0.75, 0.08, 0.1);
const WHITE = rgb(1, 1, 1);
const FAINT = rgb(0.8, 0.8, 0.82);
const TONES: Record<Tone, Color> = {
  plain: INK,
  alert: RED,
  notice: rgb(0.62, 0.3, 0),
  muted: rgb(0.36, 0.36, 0.4),
  heading: RED,
  inverse: WHITE,
};
/** Where a line's baseline sits below its top, as a share of its largest size. */
const BASELINE = 0.94;

/** The fonts one document embeds: only the scripts its text uses, regular and bold. */
class CardFonts {
  private readonly fonts = new Map<CardFontKey, PDFFont>();

  private constructor(private readonly pdf: PDFDocument) {}

  static async embed(pdf: PDFDocument, dir: string, texts: readonly string[]): Promise<CardFonts> {
    const fonts = new CardFonts(pdf);
    const scripts = new Set<CardScript>(['latin', ...texts.flatMap((text) => textRuns(text).map((run) => run.script))]);
    const embedded = new Map<Uint8Array, PDFFont>();
    for (const script of scripts) {
      for (const weight of ['regular', 'bold'] as const) {
        const key: CardFontKey = `${script}-${weight}`;
        const bytes = cardFontBytes(dir, key);
        // One file may serve both weights (Droid has no bold): embedded once.
        let font = embedded.get(bytes);
        if (!font) {
          font = await fonts.pdf.embedFont(bytes, { subset: true });
          embedded.set(bytes, font);
        }
        fonts.fonts.set(key, font);
      }
    }
    return fonts;
  }

  font(script: CardScript, bold: boolean): PDFFont {
    return this.fonts.get(`${script}-${bold ? 'bold' : 'regular'}`)!;
  }

  private readonly widths = new Map<string, number>();

  /** Widths are kept: wrapping measures the same words again and again, and each measure shapes the text. */
  readonly measure: Measure = (text, bold, size) => {
    const key = `${bold ? 'b' : 'r'}${size}:${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = textRuns(text).reduce(
        (sum, run) => sum + this.font(run.script, bold).widthOfTextAtSize(run.text, size),
        0,
      );
      this.widths.set(key, width);
    }
    return width;
  };
}

interface Ink {
  page: PDFPage;
  fonts: CardFonts;
}

/**
 * Text drawn run by run, each with its script's font, from `x` on the baseline `y`; answers the width drawn. Each run
 * is marked with the text it stands for (ActualText, inside the text object so readers place it where it is drawn),
 * so extracting gives the letters as typed rather than the shaped glyphs in drawing order (Devanagari's vowel signs
 * before their consonant, Arabic ligatures).
 */
function drawText(ink: Ink, text: string, x: number, y: number, style: Omit<Span, 'text'>): number {
  let at = x;
  for (const run of visualOrder(textRuns(text))) {
    const font = ink.fonts.font(run.script, style.bold);
    const key = ink.page.node.newFontDictionary(font.name, font.ref);
    const operators = textOperators(font.encodeText(run.text), {
      x: at,
      y,
      size: style.size,
      font: key,
      color: TONES[style.tone],
      rotate: degrees(0),
      xSkew: degrees(0),
      ySkew: degrees(0),
    });
    // Text extractors read a right-to-left run as laid out from left to right and turn it round (pdftotext does), so
    // its ActualText is given in that order: the round trip gives back the letters as typed.
    const stated = run.rtl ? Array.from(run.text).reverse().join('') : run.text;
    const actualText = ink.page.doc.context.obj({ ActualText: PDFHexString.fromText(stated) });
    const begin = operators.findIndex((operator) => operator.toString().trim() === PDFOperatorNames.BeginText);
    const end = operators.findIndex((operator) => operator.toString().trim() === PDFOperatorNames.EndText);
    ink.page.pushOperators(
      ...operators.slice(0, begin + 1),
      // An inline dictionary is a valid operand (PDF 32000-1, 14.6); pdf-lib's operand type only leaves it out.
      PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
        PDFName.of('Span'),
        actualText as unknown as PDFOperatorArg,
      ]),
      ...operators.slice(begin + 1, end),
      endMarkedContent(),
      ...operators.slice(end),
    );
    at += font.widthOfTextAtSize(run.text, style.size);
  }
  return at - x;
}

/** Laid-out lines drawn down from `top` at `x`. */
function drawLines(ink: Ink, lines: readonly PlacedLine[], x: number, top: number): void {
  for (const line of lines) {
    const baseline = top - line.top - (line.height / LINE_SPACING) * BASELINE;
    for (const span of line.spans) drawText(ink, span.text, x + span.x, baseline, span);
  }
}

/** The size up to `size` at which one line of `text` fits `maxWidth` (a longer language shrinks its title, not the card). */
function fittedSize(ink: Ink, text: string, bold: boolean, size: number, maxWidth: number): number {
  const width = ink.fonts.measure(text, bold, size);
  return width <= maxWidth ? size : Math.max(MIN_FITTED_SIZE, (size * maxWidth) / width);
}

/** One line centred on `centre`, at the baseline `y`. */
function drawCentred(ink: Ink, text: string, centre: number, y: number, style: Omit<Span, 'text'>): void {
  const width = ink.fonts.measure(text, style.bold, style.size);
  drawText(ink, text, centre - width / 2, y, style);
}

/** A QR code as dark rectangles, `size` wide with its top-left corner at (x, top). */
function drawQr(page: PDFPage, text: string, x: number, top: number, size: number): void {
  const { size: modules, rects } = qrModules(text);
  const unit = size / modules;
  for (const rect of rects) {
    // A hair wider than the module, so neighbouring rows never leave a white seam when rasterised.
    page.drawRectangle({
      x: x + rect.x * unit,
      y: top - (rect.y + 1) * unit - 0.02,
      width: rect.width * unit,
      height: unit + 0.04,
      color: rgb(0, 0, 0),
    });
  }
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

/** A faint outline, so the card shows on screen and a slightly inaccurate cut still looks tidy. */
function drawOutline(page: PDFPage, rect: Rect): void {
  page.drawRectangle({ ...rect, color: WHITE, borderColor: FAINT, borderWidth: 0.5 });
}

/** The red band across the top of the front with a white cross and the block's title. */
function drawBand(ink: Ink, rect: Rect, title: string): void {
  const bandY = rect.y + rect.height - BAND_HEIGHT;
  ink.page.drawRectangle({ x: rect.x, y: bandY, width: rect.width, height: BAND_HEIGHT, color: RED });
  const mid = bandY + BAND_HEIGHT / 2;
  const crossX = rect.x + PADDING;
  const arm = 2 * MM;
  const bar = 0.7 * MM;
  ink.page.drawRectangle({ x: crossX, y: mid - bar / 2, width: 2 * arm, height: bar, color: WHITE });
  ink.page.drawRectangle({ x: crossX + arm - bar / 2, y: mid - arm, width: bar, height: 2 * arm, color: WHITE });
  const titleX = crossX + 2 * arm + 2 * MM;
  const size = fittedSize(ink, title, true, 10, rect.x + rect.width - PADDING - titleX);
  drawText(ink, title, titleX, mid - size * 0.35, { bold: true, size, tone: 'inverse' });
}

/** A first-minute line as a column item: the name large on its own, every other fact after its label. */
function firstMinuteItems(content: WalletCardContent): ColumnItem[] {
  // A phone number is never broken across lines: half a number on each is easy to misdial.
  const phone = content.contacts[0]?.phone ?? '';
  const unbroken = (value: string) => (phone ? value.replace(phone, phone.replace(/ /g, '\u00a0')) : value);
  return content.firstMinute.map((line): ColumnItem => {
    if (line.key === 'name')
      return { spans: [{ text: line.value, bold: true, size: 12, tone: 'plain' }], maxLines: 2, gapAfter: 2 };
    return {
      spans: [
        { text: `${line.label} `, bold: false, size: 7, tone: 'muted' },
        {
          text: line.key === 'primaryContact' ? unbroken(line.value) : line.value,
          bold: true,
          size: 9,
          tone: line.tone,
        },
      ],
      maxLines: line.key === 'allergies' ? 3 : 2,
      gapAfter: 1.5,
    };
  });
}

/**
 * A right-to-left line's spans laid out from the right: the first span read is the rightmost, and a space between two
 * spans stays between them (whose side of a span it was written on does not matter any more). Each span's own words
 * are ordered as they are drawn (drawText).
 */
function fromTheRight(line: readonly PlacedSpan[], measure: Measure): PlacedSpan[] {
  const placed: PlacedSpan[] = [];
  let x = 0;
  for (const [index, span] of [...line].entries()) {
    const text = span.text.trim();
    const gap = index > 0 && /^\s|\s$/.test(`${line[index - 1]!.text.slice(-1)}${span.text[0]}`);
    x -= (gap ? measure(' ', span.bold, span.size) : 0) + measure(text, span.bold, span.size);
    placed.push({ ...span, text, x });
  }
  return placed.map((span) => ({ ...span, x: span.x - x }));
}

/**
 * Under the card's QR, each line centred under it: its printed reference, the values bold ("No data? Text K7QM 4XPD
 * to +15551234567"), from `top` down to `bottom`, smaller for a long language, read from the right in Arabic.
 */
function drawReference(ink: Ink, content: WalletCardContent, centre: number, area: { top: number; bottom: number }) {
  const spans: Span[] = content.referenceLine.map((piece) => ({
    text: piece.text,
    bold: piece.value,
    size: piece.value ? 7 : 6,
    tone: piece.value ? 'plain' : 'muted',
  }));
  const width = CARD_QR_SIZE + PADDING;
  const lines = fitColumn([{ spans, maxLines: 3 }], width, area.top - area.bottom, ink.fonts.measure);
  for (const written of lines) {
    const line = content.labels.direction === 'rtl' ? fromTheRight(written.spans, ink.fonts.measure) : written.spans;
    const lineWidth = Math.max(...line.map((span) => span.x + ink.fonts.measure(span.text, span.bold, span.size)));
    const baseline = area.top - written.top - (written.height / LINE_SPACING) * BASELINE;
    for (const span of line) drawText(ink, span.text, centre - lineWidth / 2 + span.x, baseline, span);
  }
}

/** The side a responder sees first: the code to the full card, and beside it what decides the first minute. */
function drawFront(ink: Ink, rect: Rect, content: WalletCardContent): void {
  drawOutline(ink.page, rect);
  drawBand(ink, rect, content.labels.firstMinute.title);
  const qrTop = rect.y + rect.height - BAND_HEIGHT - PADDING;
  const qrX = rect.x + PADDING;
  drawQr(ink.page, content.cardUrl, qrX, qrTop, CARD_QR_SIZE);
  const labelY = qrTop - CARD_QR_SIZE - 2 * MM - QR_LABEL_SIZE * 0.7;
  drawCentred(ink, content.labels.openFullCard, qrX + CARD_QR_SIZE / 2, labelY, {
    bold: true,
    size: fittedSize(ink, content.labels.openFullCard, true, QR_LABEL_SIZE, CARD_QR_SIZE + PADDING),
    tone: 'plain',
  });
  drawReference(ink, content, qrX + CARD_QR_SIZE / 2, { top: labelY - 0.8 * MM, bottom: rect.y + 1.5 * MM });

  const x = qrX + CARD_QR_SIZE + PADDING;
  const top = rect.y + rect.height - BAND_HEIGHT - 3 * MM;
  const width = rect.x + rect.width - 3 * MM - x;
  const height = top - (rect.y + 3 * MM);
  drawLines(ink, fitColumn(firstMinuteItems(content), width, height, ink.fonts.measure), x, top);
}

/** The back's column: conditions, medications, devices, the contacts, and the full card's link if there is room. */
function backItems(content: WalletCardContent): ColumnItem[] {
  const { labels } = content;
  const fact = (label: string, value: string): ColumnItem[] =>
    value
      ? [
          {
            spans: [
              { text: `${label} `, bold: false, size: 6.5, tone: 'muted' },
              { text: value, bold: true, size: 8, tone: 'plain' },
            ],
            maxLines: 2,
            gapAfter: 1.5,
          },
        ]
      : [];
  const contacts = content.contacts.flatMap((contact): ColumnItem[] => [
    {
      spans: [
        { text: contact.name, bold: true, size: 8, tone: 'plain' },
        ...(contact.isPrimary
          ? [{ text: ` · ${labels.primary}`, bold: true, size: 6.5, tone: 'heading' as const }]
          : []),
      ],
      maxLines: 1,
    },
    {
      spans: [
        { text: contact.phone, bold: true, size: 8, tone: 'plain' },
        ...(contact.relationship
          ? [{ text: `  ${contact.relationship}`, bold: false, size: 6.5, tone: 'muted' as const }]
          : []),
      ],
      maxLines: 1,
      gapAfter: 1.5,
    },
  ]);
  return [
    ...fact(labels.conditions, content.conditions),
    ...fact(labels.medications, content.medications),
    ...fact(labels.devices, content.devices),
    {
      spans: [{ text: labels.contacts.toUpperCase(), bold: true, size: 6.5, tone: 'heading' }],
      maxLines: 1,
      gapAfter: 1,
    },
    ...(contacts.length
      ? contacts
      : [{ spans: [{ text: labels.noContacts, bold: false, size: 7.5, tone: 'muted' as const }], maxLines: 1 }]),
  ];
}

/** The offline code and the date last checked on the left; the rest of the medical facts and who to call beside. */
function drawBack(ink: Ink, rect: Rect, content: WalletCardContent): void {
  drawOutline(ink.page, rect);
  const qrTop = rect.y + rect.height - PADDING;
  const qrX = rect.x + PADDING;
  drawQr(ink.page, content.offlineText, qrX, qrTop, OFFLINE_QR_SIZE);
  const labelY = qrTop - OFFLINE_QR_SIZE - 2 * MM - QR_LABEL_SIZE * 0.7;
  drawCentred(ink, content.labels.readWithoutInternet, qrX + OFFLINE_QR_SIZE / 2, labelY, {
    bold: true,
    size: fittedSize(ink, content.labels.readWithoutInternet, true, QR_LABEL_SIZE, OFFLINE_QR_SIZE + PADDING),
    tone: 'plain',
  });
  const checkedTop = labelY - 2.5 * MM;
  const checked = fitColumn(
    [{ spans: [{ text: content.lastChecked, bold: false, size: 6, tone: 'muted' }], maxLines: 3 }],
    OFFLINE_QR_SIZE,
    checkedTop - (rect.y + 2.5 * MM),
    ink.fonts.measure,
  );
  drawLines(ink, checked, qrX, checkedTop);

  const x = qrX + OFFLINE_QR_SIZE + PADDING;
  const top = rect.y + rect.height - PADDING + 1;
  const width = rect.x + rect.width - 3 * MM - x;
  const link: ColumnItem = {
    spans: [
      { text: `${content.labels.fullCardAt} `, bold: false, size: 5.5, tone: 'muted' },
      { text: content.cardUrl, bold: false, size: 5.5, tone: 'plain' },
    ],
    maxLines: 3,
  };
  const linkLines = fitColumn([link], width, 20 * MM, ink.fonts.measure);
  const linkHeight = linkLines.reduce((sum, line) => sum + line.height, 0);
  const bottom = rect.y + 3 * MM;
  drawLines(ink, linkLines, x, bottom + linkHeight);
  drawLines(ink, fitColumn(backItems(content), width, top - bottom - linkHeight - 2 * MM, ink.fonts.measure), x, top);
}

/** Every piece of text the card may print, so the document embeds the fonts their scripts need before measuring. */
function textsOf(content: WalletCardContent): string[] {
  const { labels } = content;
  return [
    ...content.firstMinute.flatMap((line) => [line.label, line.value]),
    content.conditions,
    content.medications,
    content.devices,
    ...content.contacts.flatMap((contact) => [contact.name, contact.phone, contact.relationship]),
    content.lastChecked,
    ...content.referenceLine.map((piece) => piece.text),
    ...Object.values(labels).filter((value): value is string => typeof value === 'string'),
    labels.firstMinute.title,
  ];
}

/** An A4 or US Letter sheet holding the card's front and back side by side, each 85.6 × 54 mm, with cut marks. */
export async function walletCardPdf(
  content: WalletCardContent,
  sheet: WalletSheet,
  fontsDir: string,
): Promise<Uint8Array> {
  const placement = cardPlacement(sheet);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(content.labels.documentTitle);
  pdf.setCreator('Medical QR');
  const page = pdf.addPage([placement.page.width, placement.page.height]);
  const ink: Ink = { page, fonts: await CardFonts.embed(pdf, fontsDir, textsOf(content)) };
  drawText(ink, content.labels.instruction, placement.front.x, placement.page.height - 20 * MM, {
    bold: false,
    size: 10,
    tone: 'plain',
  });
  drawCutMarks(page, placement);
  drawFront(ink, placement.front, content);
  drawBack(ink, placement.back, content);
  return pdf.save();
}
