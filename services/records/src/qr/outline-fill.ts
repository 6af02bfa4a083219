/** A point in an image's pixels, y downwards. */
export type Point = readonly [x: number, y: number];

/** Segments each curve is drawn with: at the sizes a tag prints, more are not seen. */
const CURVE_STEPS = 12;

/**
 * The closed contours of an SVG path as fonts give them (absolute M, L, Q, C and Z), curves flattened into lines,
 * each point passed through `place` (font units to pixels).
 */
export function contoursOf(path: string, place: (x: number, y: number) => Point): Point[][] {
  const tokens = path.match(/[MLQCZ]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? [];
  const contours: Point[][] = [];
  let contour: Point[] = [];
  let at: Point = [0, 0];
  let index = 0;
  const next = () => Number(tokens[index++]);
  const curve = (controls: Point[], end: Point) => {
    const points = [at, ...controls, end];
    for (let step = 1; step <= CURVE_STEPS; step++) {
      const t = step / CURVE_STEPS;
      // De Casteljau: the point at t of the quadratic or cubic Bézier.
      let level = points;
      while (level.length > 1) {
        level = level.slice(1).map((point, i): Point => {
          const before = level[i]!;
          return [before[0] + (point[0] - before[0]) * t, before[1] + (point[1] - before[1]) * t];
        });
      }
      contour.push(level[0]!);
    }
    at = end;
  };
  while (index < tokens.length) {
    const command = tokens[index++]!.toUpperCase();
    if (command === 'M') {
      if (contour.length > 1) contours.push(contour);
      at = [next(), next()];
      contour = [at];
    } else if (command === 'L') {
      at = [next(), next()];
      contour.push(at);
    } else if (command === 'Q') {
      const control: Point = [next(), next()];
      curve([control], [next(), next()]);
    } else if (command === 'C') {
      const first: Point = [next(), next()];
      const second: Point = [next(), next()];
      curve([first, second], [next(), next()]);
    } else if (command === 'Z') {
      if (contour.length > 1) contours.push(contour);
      contour = [];
    }
  }
  if (contour.length > 1) contours.push(contour);
  return contours.map((points) => points.map(([x, y]) => place(x, y)));
}

/**
 * Inks every pixel whose centre the contours enclose, by the non-zero winding rule (how fonts fill their outlines:
 * the counter of an O is wound the other way and stays blank). Black or white, no shades: printed, a tag's letters
 * are far larger than a pixel.
 */
export function fillContours(contours: readonly Point[][], ink: (x: number, y: number) => void): void {
  const edges = contours.flatMap((points) =>
    points.map((from, i): [Point, Point] => [from, points[(i + 1) % points.length]!]),
  );
  const ys = contours.flat().map(([, y]) => y);
  for (let row = Math.floor(Math.min(...ys)); row <= Math.ceil(Math.max(...ys)); row++) {
    const centre = row + 0.5;
    const crossings: Array<{ x: number; winding: number }> = [];
    for (const [[x0, y0], [x1, y1]] of edges) {
      if ((y0 <= centre && centre < y1) || (y1 <= centre && centre < y0)) {
        crossings.push({ x: x0 + ((centre - y0) * (x1 - x0)) / (y1 - y0), winding: y1 > y0 ? 1 : -1 });
      }
    }
    crossings.sort((a, b) => a.x - b.x);
    let winding = 0;
    for (const [i, crossing] of crossings.entries()) {
      winding += crossing.winding;
      const end = crossings[i + 1];
      if (winding === 0 || !end) continue;
      for (let column = Math.ceil(crossing.x - 0.5); column + 0.5 < end.x; column++) ink(column, row);
    }
  }
}
