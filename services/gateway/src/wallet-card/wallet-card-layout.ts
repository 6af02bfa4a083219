import type { WalletSheet } from '@medical-qr/contracts';
import { PageSizes } from 'pdf-lib';

/** Points per millimetre. */
export const MM = 72 / 25.4;
export const CARD_WIDTH = 85.6 * MM;
export const CARD_HEIGHT = 54 * MM;
/** Distance from the top of the sheet to the cards; leaves room for the instruction and the cut marks. */
const CARDS_FROM_TOP = 32 * MM;

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

/** How a piece of text is coloured: by the first-minute block's tones, plus a heading's and white on the band. */
export type Tone = 'plain' | 'alert' | 'notice' | 'muted' | 'heading' | 'inverse';

/** A piece of text in one style. */
export interface Span {
  text: string;
  bold: boolean;
  size: number;
  tone: Tone;
}

/** A span placed on a line, `x` from the line's start. */
export interface PlacedSpan extends Span {
  x: number;
}

/** One line of a column: its spans, and its top measured down from the column's top. */
export interface PlacedLine {
  spans: PlacedSpan[];
  top: number;
  height: number;
  /** The column entry the line belongs to. */
  item?: ColumnItem;
}

/** The width of text in a style (the fonts' own measure: shaping included). */
export type Measure = (text: string, bold: boolean, size: number) => number;

const ELLIPSIS = '…';
export const LINE_SPACING = 1.22;

/** One word with its style; `space` is whether a space came before it. */
interface Token {
  span: Span;
  text: string;
  space: boolean;
}

function tokensOf(spans: readonly Span[]): Token[] {
  const tokens: Token[] = [];
  // A space at the end of one span and the start of the next is the same gap between two words.
  let space = false;
  for (const span of spans) {
    // A no-break space (in a date) holds its words together.
    for (const word of span.text.split(/([^\S\u00a0]+)/)) {
      if (/^[^\S\u00a0]+$/.test(word)) space = true;
      else if (word) {
        tokens.push({ span, text: word, space: space && tokens.length > 0 });
        space = false;
      }
    }
  }
  return tokens;
}

/** A word too long for a line (a link, or Chinese written without spaces) cut into pieces that fit. */
function splitToken(token: Token, width: number, measure: Measure): Token[] {
  const pieces: Token[] = [];
  let piece = '';
  for (const char of token.text) {
    if (piece && measure(piece + char, token.span.bold, token.span.size) > width) {
      pieces.push({ ...token, text: piece, space: pieces.length === 0 && token.space });
      piece = '';
    }
    piece += char;
  }
  if (piece) pieces.push({ ...token, text: piece, space: pieces.length === 0 && token.space });
  return pieces;
}

/** A line's tokens as spans with their x: neighbouring tokens in one style become one span. */
function placeLine(tokens: readonly Token[], measure: Measure): PlacedSpan[] {
  const spans: PlacedSpan[] = [];
  let x = 0;
  for (const [index, token] of tokens.entries()) {
    const text = (index > 0 && token.space ? ' ' : '') + token.text;
    const last = spans.at(-1);
    if (last && tokens[index - 1]!.span === token.span) {
      last.text += text;
    } else {
      spans.push({ ...token.span, text, x });
    }
    const current = spans.at(-1)!;
    x = current.x + measure(current.text, current.bold, current.size);
  }
  return spans;
}

function lineWidth(spans: readonly PlacedSpan[], measure: Measure): number {
  const last = spans.at(-1);
  return last ? last.x + measure(last.text, last.bold, last.size) : 0;
}

/** The last line cut short with "…" so that it fits. */
function ellipsized(line: PlacedSpan[], width: number, measure: Measure): PlacedSpan[] {
  const spans = line.map((span) => ({ ...span }));
  const fits = () => lineWidth(spans, measure) <= width;
  const last = () => spans.at(-1)!;
  last().text = `${last().text.trimEnd()}${ELLIPSIS}`;
  while (!fits()) {
    const chars = Array.from(last().text.slice(0, -ELLIPSIS.length));
    if (chars.length === 0) {
      spans.pop();
      if (spans.length === 0) return [];
      last().text = `${last().text.trimEnd()}${ELLIPSIS}`;
      continue;
    }
    last().text = `${chars.slice(0, -1).join('').trimEnd()}${ELLIPSIS}`;
  }
  return spans;
}

/**
 * The spans word-wrapped within `width`, styles kept; past `maxLines` the last line ends in "…". A word wider than
 * the line is cut where it must.
 */
export function wrapSpans(spans: readonly Span[], width: number, maxLines: number, measure: Measure): PlacedSpan[][] {
  const tokens = tokensOf(spans).flatMap((token) =>
    measure(token.text, token.span.bold, token.span.size) > width ? splitToken(token, width, measure) : [token],
  );
  const lines: Token[][] = [];
  let line: Token[] = [];
  for (const token of tokens) {
    const candidate = [...line, token];
    if (line.length > 0 && lineWidth(placeLine(candidate, measure), measure) > width) {
      lines.push(line);
      line = [{ ...token, space: false }];
    } else line = candidate;
  }
  if (line.length > 0) lines.push(line);
  const placed = lines.map((tokensOfLine) => placeLine(tokensOfLine, measure));
  if (placed.length <= maxLines) return placed;
  const shown = placed.slice(0, Math.max(1, maxLines));
  const rest = placeLine([...lines[shown.length - 1]!, { ...lines[shown.length]![0]!, space: true }], measure);
  shown[shown.length - 1] = ellipsized(rest, width, measure);
  return shown;
}

/** One entry of a column: its spans (at full size), the most lines it may take, and the room after it. */
export interface ColumnItem {
  spans: Span[];
  maxLines: number;
  gapAfter?: number;
}

/** The sizes a column tries, from full size down, before it cuts entries short. */
const SCALES = [1, 0.93, 0.86, 0.8, 0.75, 0.7];

const lineHeightOf = (line: readonly Span[]) => Math.max(...line.map((span) => span.size)) * LINE_SPACING;

/**
 * The items laid out down a column of `width` × `height`, at the largest size that fits them all. When even the
 * smallest does not, the longest entries give up lines first (each keeps one), so every entry keeps a line; only then
 * are the last ones left out.
 */
export function fitColumn(items: readonly ColumnItem[], width: number, height: number, measure: Measure): PlacedLine[] {
  const fits = (lines: PlacedLine[]) => {
    const last = lines.at(-1);
    return !last || last.top + last.height <= height + 0.01;
  };
  const smallest = SCALES.at(-1)!;
  for (const scale of SCALES.slice(0, -1)) {
    const lines = layColumn(items, scale, width, measure);
    if (fits(lines)) return lines;
  }
  let shortened = [...items];
  let lines = layColumn(shortened, smallest, width, measure);
  while (!fits(lines)) {
    const used = shortened.map((item) => Math.min(item.maxLines, lines.filter((line) => line.item === item).length));
    const longest = used.indexOf(Math.max(...used));
    if (used[longest]! <= 1) break;
    shortened = shortened.map((item, index) => (index === longest ? { ...item, maxLines: used[longest]! - 1 } : item));
    lines = layColumn(shortened, smallest, width, measure);
  }
  return lines.filter((line) => line.top + line.height <= height + 0.01);
}

function layColumn(items: readonly ColumnItem[], scale: number, width: number, measure: Measure): PlacedLine[] {
  const lines: PlacedLine[] = [];
  let top = 0;
  for (const item of items) {
    const spans = item.spans.map((span) => ({ ...span, size: span.size * scale }));
    for (const line of wrapSpans(spans, width, item.maxLines, measure)) {
      if (line.length === 0) continue;
      const height = lineHeightOf(line);
      lines.push({ spans: line, top, height, item });
      top += height;
    }
    top += (item.gapAfter ?? 0) * scale;
  }
  return lines;
}
