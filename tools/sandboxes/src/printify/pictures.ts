import { PNG } from 'pngjs';
import type { Picture } from './catalog-data.js';

/** Side of every picture the stand-in draws, in pixels. */
export const PICTURE_SIZE = 800;

export type Rgb = readonly [number, number, number];

/** An RGBA canvas of PICTURE_SIZE squared. */
export function blankCanvas(background: Rgb): PNG {
  const png = new PNG({ width: PICTURE_SIZE, height: PICTURE_SIZE });
  for (let offset = 0; offset < png.data.length; offset += 4) setPixel(png, offset, background);
  return png;
}

export function setPixel(png: PNG, offset: number, [r, g, b]: Rgb): void {
  png.data[offset] = r;
  png.data[offset + 1] = g;
  png.data[offset + 2] = b;
  png.data[offset + 3] = 255;
}

const inBox = (u: number, v: number, left: number, top: number, right: number, bottom: number) =>
  u >= left && u <= right && v >= top && v <= bottom;

/** A box with rounded corners of radius r (fractions of the picture). */
function inRounded(u: number, v: number, box: [number, number, number, number], r: number): boolean {
  const [left, top, right, bottom] = box;
  if (!inBox(u, v, left, top, right, bottom)) return false;
  const cx = Math.min(Math.max(u, left + r), right - r);
  const cy = Math.min(Math.max(v, top + r), bottom - r);
  return (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
}

const inCircle = (u: number, v: number, cx: number, cy: number, r: number) => (u - cx) ** 2 + (v - cy) ** 2 <= r * r;

/** Whether a point (fractions of the picture) is on the product's body. */
function onBody(shape: Picture['shape'], u: number, v: number): boolean {
  switch (shape) {
    case 'rounded':
      return inRounded(u, v, [0.15, 0.15, 0.85, 0.85], 0.08);
    case 'circle':
      return inCircle(u, v, 0.5, 0.5, 0.36);
    case 'rect':
      return inRounded(u, v, [0.12, 0.22, 0.88, 0.78], 0.03);
    case 'tag':
      return inRounded(u, v, [0.2, 0.15, 0.8, 0.9], 0.06) && !inCircle(u, v, 0.5, 0.22, 0.03);
    case 'bag':
      return (
        inRounded(u, v, [0.15, 0.22, 0.85, 0.88], 0.04) ||
        (inBox(u, v, 0.3, 0.1, 0.7, 0.22) && !inBox(u, v, 0.35, 0.14, 0.65, 0.22))
      );
    case 'tee':
      return inBox(u, v, 0.28, 0.2, 0.72, 0.9) || inBox(u, v, 0.1, 0.2, 0.9, 0.4);
    case 'band':
      return inRounded(u, v, [0.05, 0.42, 0.95, 0.58], 0.08);
  }
}

const shade = ([r, g, b]: Rgb, factor: number): Rgb =>
  [r * factor, g * factor, b * factor].map(Math.round) as unknown as Rgb;

/** Which pixels are on the product's body, computed once per shape. */
const masks = new Map<Picture['shape'], Uint8Array>();

function bodyMask(shape: Picture['shape']): Uint8Array {
  let mask = masks.get(shape);
  if (!mask) {
    mask = new Uint8Array(PICTURE_SIZE * PICTURE_SIZE);
    for (let y = 0; y < PICTURE_SIZE; y++) {
      for (let x = 0; x < PICTURE_SIZE; x++)
        mask[y * PICTURE_SIZE + x] = onBody(shape, x / PICTURE_SIZE, y / PICTURE_SIZE) ? 1 : 0;
    }
    masks.set(shape, mask);
  }
  return mask;
}

/** On the body, but within 3 pixels of its edge. */
function onEdge(mask: Uint8Array, x: number, y: number): boolean {
  const at = (dx: number, dy: number) =>
    mask[
      Math.min(PICTURE_SIZE - 1, Math.max(0, y + dy)) * PICTURE_SIZE + Math.min(PICTURE_SIZE - 1, Math.max(0, x + dx))
    ];
  return !at(3, 0) || !at(-3, 0) || !at(0, 3) || !at(0, -3);
}

/**
 * A blueprint's picture: its body in its tint with a darker edge, and a dashed outline where it prints. Colours stay
 * light, so whatever dark is later drawn on it (a QR code) stands out.
 */
export function drawBlueprint(picture: Picture, background: Rgb): PNG {
  const png = blankCanvas(background);
  const mask = bodyMask(picture.shape);
  const rim = shade(picture.tint, 0.8);
  for (let y = 0; y < PICTURE_SIZE; y++) {
    for (let x = 0; x < PICTURE_SIZE; x++) {
      if (!mask[y * PICTURE_SIZE + x]) continue;
      setPixel(png, (y * PICTURE_SIZE + x) * 4, onEdge(mask, x, y) ? rim : picture.tint);
    }
  }
  outlineArea(png, picture.area);
  return png;
}

/** The print area's dashed outline, as Printify's editor shows it. */
function outlineArea(png: PNG, area: Picture['area']): void {
  const [left, top] = [Math.round(area.x * PICTURE_SIZE), Math.round(area.y * PICTURE_SIZE)];
  const [right, bottom] = [left + Math.round(area.w * PICTURE_SIZE), top + Math.round(area.h * PICTURE_SIZE)];
  const dash: Rgb = [160, 160, 170];
  for (let x = left; x <= right; x++) {
    if (Math.floor(x / 8) % 2) continue;
    setPixel(png, (top * PICTURE_SIZE + x) * 4, dash);
    setPixel(png, (bottom * PICTURE_SIZE + x) * 4, dash);
  }
  for (let y = top; y <= bottom; y++) {
    if (Math.floor(y / 8) % 2) continue;
    setPixel(png, (y * PICTURE_SIZE + left) * 4, dash);
    setPixel(png, (y * PICTURE_SIZE + right) * 4, dash);
  }
}

/** The backdrops of a blueprint's pictures: Printify shows each blueprint in a few. */
export const BACKDROPS: readonly Rgb[] = [
  [248, 248, 248],
  [236, 240, 246],
];

/** One filter instead of pngjs's five-way trial per row: a mockup is encoded in a tenth of the time. */
export const encodePng = (png: PNG): Buffer => PNG.sync.write(png, { filterType: 1, deflateLevel: 3 });
