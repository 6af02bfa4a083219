import type { CardScript } from './card-fonts.js';

/** A stretch of text drawn with one font: its script, and whether it reads right to left. */
export interface TextRun {
  text: string;
  script: CardScript;
  rtl: boolean;
}

// The Arabic comma, semicolon and question mark are shared with other scripts (Common), but read as Arabic.
const ARABIC = /[\p{Script=Arabic}\u060c\u061b\u061f]/u;
// The dandas are shared by the Indic scripts (Common), but Noto Sans Devanagari draws them.
const DEVANAGARI = /[\p{Script=Devanagari}\u0964\u0965]/u;
// Ideographs, kana, Hangul, and the CJK punctuation and full-width forms around them.
const HAN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303f\u30fc\uff00-\uffef]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// Combining marks and the joiners shape the letter before them, so they stay in its run.
const JOINS_PREVIOUS = /[\p{M}\u200c\u200d]/u;

/** The script that decides a character's font; undefined for spaces and punctuation, which go with their neighbours. */
export function scriptOf(char: string): CardScript | undefined {
  if (ARABIC.test(char)) return 'arabic';
  if (DEVANAGARI.test(char)) return 'devanagari';
  if (HAN.test(char)) return 'han';
  if (LETTER_OR_DIGIT.test(char)) return 'latin';
  return undefined;
}

/**
 * The text cut into runs, each drawn with the font that covers it, in the order written. Spaces and punctuation
 * between two characters of one script join that run (so "ليلى حداد" is one run and shapes as one); elsewhere they
 * are drawn with the Latin font, which has them.
 */
export function textRuns(text: string): TextRun[] {
  const chars = Array.from(text);
  const scripts: Array<CardScript | undefined> = [];
  for (const [index, char] of chars.entries()) {
    scripts.push(index > 0 && JOINS_PREVIOUS.test(char) ? scripts[index - 1] : scriptOf(char));
  }
  const resolved = scripts.map((script, index) => {
    if (script) return script;
    const before = scripts.slice(0, index).findLast(Boolean);
    const after = scripts.slice(index + 1).find(Boolean);
    return before && before === after ? before : 'latin';
  });
  const runs: TextRun[] = [];
  for (const [index, char] of chars.entries()) {
    const script = resolved[index]!;
    const last = runs.at(-1);
    if (last?.script === script) last.text += char;
    else runs.push({ text: char, script, rtl: script === 'arabic' });
  }
  return runs;
}

/**
 * The runs in the order they are drawn from left to right: a simple bidirectional step, enough for names and lists on
 * a card laid out left to right. Text whose letters are all right-to-left reads from the right, so its runs (the
 * punctuation and numbers between them) are laid out from the right, each stretch of left-to-right runs keeping its
 * order inside; any other text keeps the order written. The font's layout orders the glyphs within a run.
 */
export function visualOrder(runs: readonly TextRun[]): TextRun[] {
  const letters = runs.filter((run) => Array.from(run.text).some((char) => /\p{L}/u.test(char)));
  if (letters.length === 0 || letters.some((run) => !run.rtl)) return [...runs];
  const groups: TextRun[][] = [];
  for (const run of runs) {
    const last = groups.at(-1);
    if (last && !run.rtl && !last[0]!.rtl) last.push(run);
    else groups.push([run]);
  }
  return groups.reverse().flat();
}
