import { createHash } from 'node:crypto';
import { qrModules } from '../qr/qr-modules.js';
import { escapeHtml, SafeHtml } from './html.js';

/** Quiet zone, in modules, around the code. */
const MARGIN = 2;
/** Codes kept, newest use last: encoding one takes milliseconds, and the same card is often opened again. */
const KEPT = 200;
const kept = new Map<string, string>();

/**
 * The code as one SVG path of strokes one module wide, a row's dark runs joined by relative moves (`M2 7.5h3m2 0h1`),
 * as the card's own code is drawn: about half the characters of a rectangle per run, which on the printed card is
 * most of the page's weight.
 */
function svgOf(text: string): string {
  const { size, rects } = qrModules(text);
  const side = size + 2 * MARGIN;
  let path = '';
  let row = -1;
  let end = 0;
  for (const { x, y, width } of rects) {
    path += y === row ? `m${x - end} 0h${width}` : `M${x + MARGIN} ${y + MARGIN}.5h${width}`;
    row = y;
    end = x + width;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path stroke="#000" d="${path}"/></svg>`;
}

/**
 * The offline code for the printed card: the first-minute block as plain text (UTF-8, said by its ECI header), inline
 * SVG like the card's own code. `label` is what a screen reader says for it, in the page's language.
 */
export function offlineQrSvg(text: string, label: string): SafeHtml {
  const key = createHash('sha256').update(text).digest('base64url');
  let svg = kept.get(key);
  if (svg) {
    kept.delete(key);
  } else {
    svg = svgOf(text);
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
  }
  kept.set(key, svg);
  return new SafeHtml(svg.replace('<svg ', `<svg class="qr offline-qr" role="img" aria-label="${escapeHtml(label)}" `));
}
