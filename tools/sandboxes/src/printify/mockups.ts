import type { PNG } from 'pngjs';
import type { Picture } from './catalog-data.js';
import { decodePng } from './image-files.js';
import { BACKDROPS, drawBlueprint, encodePng, PICTURE_SIZE, setPixel, type Rgb } from './pictures.js';
import type { PlacedImage } from './types.js';
import type { StoredUpload } from './uploads.js';

/** Where an image lands, in pixels of the picture: its centre, size and rotation. */
interface Placement {
  cx: number;
  cy: number;
  width: number;
  height: number;
  radians: number;
}

/** Printify's placement: `scale` is the image's width as a share of the print area's, centred at `x`,`y` (0..1). */
function placementOf(area: Picture['area'], placed: PlacedImage, upload: StoredUpload): Placement {
  const width = placed.scale * area.w * PICTURE_SIZE;
  return {
    cx: (area.x + placed.x * area.w) * PICTURE_SIZE,
    cy: (area.y + placed.y * area.h) * PICTURE_SIZE,
    width,
    height: (width * upload.image.height) / upload.image.width,
    radians: (placed.angle * Math.PI) / 180,
  };
}

/** The print area in whole pixels: nothing is printed outside it. */
function areaBox(area: Picture['area']) {
  return {
    left: Math.max(0, Math.floor(area.x * PICTURE_SIZE)),
    top: Math.max(0, Math.floor(area.y * PICTURE_SIZE)),
    right: Math.min(PICTURE_SIZE - 1, Math.ceil((area.x + area.w) * PICTURE_SIZE)),
    bottom: Math.min(PICTURE_SIZE - 1, Math.ceil((area.y + area.h) * PICTURE_SIZE)),
  };
}

/** The colour of an upload at (u, v) in 0..1: a PNG's own pixel, or grey for a JPEG (the stand-in decodes no JPEG). */
type Sampler = (u: number, v: number) => { rgb: Rgb; alpha: number };

function samplerOf(upload: StoredUpload): Sampler {
  if (upload.image.mime_type !== 'image/png') return () => ({ rgb: [128, 128, 128], alpha: 1 });
  const png = decodePng(upload.bytes);
  return (u, v) => {
    const offset = (Math.floor(v * png.height) * png.width + Math.floor(u * png.width)) * 4;
    const data = png.data;
    return { rgb: [data[offset]!, data[offset + 1]!, data[offset + 2]!], alpha: data[offset + 3]! / 255 };
  };
}

/** Draws an upload, rotated and scaled, by looking up for each pixel of the print area which of its pixels lands there. */
function drawUpload(canvas: PNG, area: Picture['area'], placement: Placement, sample: Sampler): void {
  const box = areaBox(area);
  const [cos, sin] = [Math.cos(-placement.radians), Math.sin(-placement.radians)];
  for (let y = box.top; y <= box.bottom; y++) {
    for (let x = box.left; x <= box.right; x++) {
      const [dx, dy] = [x + 0.5 - placement.cx, y + 0.5 - placement.cy];
      const u = (dx * cos - dy * sin) / placement.width + 0.5;
      const v = (dx * sin + dy * cos) / placement.height + 0.5;
      if (u < 0 || u >= 1 || v < 0 || v >= 1) continue;
      blend(canvas, (y * PICTURE_SIZE + x) * 4, sample(u, v));
    }
  }
}

function blend(canvas: PNG, offset: number, { rgb, alpha }: { rgb: Rgb; alpha: number }): void {
  if (alpha <= 0) return;
  const under = [canvas.data[offset]!, canvas.data[offset + 1]!, canvas.data[offset + 2]!];
  setPixel(
    canvas,
    offset,
    rgb.map((value, index) => Math.round(value * alpha + under[index]! * (1 - alpha))) as unknown as Rgb,
  );
}

/** A product's mockup: its blueprint's picture with each placed upload printed on the print area. */
export function renderMockup(picture: Picture, layers: Array<{ placed: PlacedImage; upload: StoredUpload }>): Buffer {
  const canvas = drawBlueprint(picture, BACKDROPS[0]!);
  for (const { placed, upload } of layers) {
    drawUpload(canvas, picture.area, placementOf(picture.area, placed, upload), samplerOf(upload));
  }
  return encodePng(canvas);
}
