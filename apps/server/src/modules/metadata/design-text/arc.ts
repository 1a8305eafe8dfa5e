/**
 * Lettering set on an arc, as on badges and vintage designs ("HELLO SUMMER" over a sun):
 * found from where the art's ink lies, and straightened by unrolling the circle, because the
 * recogniser reads only straight lines well.
 */

/** A picture with one byte per pixel (grey level, or alpha for a mask). */
export type Plane = { data: Uint8Array; width: number; height: number };

/** The circle the lettering follows, the band of radii its letters fill and the angles they span. */
export type Arc = {
  cx: number;
  cy: number;
  /** 1 when the centre lies below the lettering (a frown, read over the top), -1 above (a smile). */
  side: 1 | -1;
  inner: number;
  outer: number;
  /** Angles from the left end to the right end, in radians from the line through the centre. */
  from: number;
  to: number;
};

/** A mask pixel of at least this alpha is ink. */
const inkAlpha = 64;
/** Clear pixels around the straightened band. */
export const bandPad = 12;
/** More pieces of letter height than this are not one line of lettering (and would take long to fit). */
const maxLetters = 60;

/**
 * The arc the lettering follows, or undefined when it runs straight: the letters are the pieces
 * of ink of about the common letter height (small print and illustrations aside), the parabola
 * passing within a third of a letter of most of their middles is found, and the lettering counts
 * as curved when it rises over the letters' width by more than a quarter of a letter.
 */
export function arcOf(mask: Plane, pieces = inkPieces(mask)): Arc | undefined {
  if (pieces.length < 4) return undefined;
  const letter = letterHeight(pieces);
  const candidates = pieces
    .filter((piece) => {
      const height = piece.bottom - piece.top + 1;
      return height >= letter * 0.6 && height <= letter * 1.5;
    })
    .map((piece) => ({ ...piece, x: (piece.left + piece.right) / 2, y: (piece.top + piece.bottom) / 2 }));
  if (candidates.length < 4 || candidates.length > maxLetters) return undefined;
  const letters = onOneCurve(candidates, letter / 3);
  if (letters.length < 4) return undefined;
  const left = Math.min(...letters.map((l) => l.x));
  const right = Math.max(...letters.map((l) => l.x));
  const curve = fitParabola(letters);
  if (!curve) return undefined;
  const [c, b, a] = curve;
  // Nearly all letters along the curve lie on it: not a curve drawn through two lines.
  const near = candidates.filter(
    (l) => l.x >= left && l.x <= right && Math.abs(l.y - (a * l.x * l.x + b * l.x + c)) <= letter * 2,
  );
  if (letters.length < near.length * 0.8) return undefined;
  const half = (right - left) / 2;
  const rise = Math.abs(a) * half * half;
  // Curved, but no steeper than about 60° either side of its top (letters stacked on two lines
  // can fit a steep curve), over a line of at least three letters.
  if (rise < letter * 0.28 || rise > half * 0.6 || right - left < letter * 3) return undefined;
  // The circle through the letters' middles; the band they fill, a little more than a letter's
  // height, and the angles they span, widened by a letter either side (one the fit left out).
  const circle = fitCircle(letters);
  if (!circle) return undefined;
  const { cx, cy } = circle;
  const side = a > 0 ? 1 : -1;
  const radii: number[] = [];
  const angles: number[] = [];
  // Letters the parabola missed where the circle turns steeper, or letters run together, are on
  // the circle all the same.
  const onCircle = pieces.filter((l) => {
    const [x, y] = [(l.left + l.right) / 2, (l.top + l.bottom) / 2];
    const small = l.right - l.left < letter * 3 && l.bottom - l.top < letter * 3;
    return small && Math.abs(Math.hypot(x - cx, y - cy) - circle.r) <= letter / 2;
  });
  for (const l of onCircle) {
    for (const [x, y] of [
      [l.left, l.top],
      [l.right, l.top],
      [l.left, l.bottom],
      [l.right, l.bottom],
    ] as const) {
      radii.push(Math.hypot(x - cx, y - cy));
      angles.push(Math.atan2(x - cx, side * (cy - y)));
    }
  }
  const widen = letter / circle.r;
  return {
    cx,
    cy,
    side,
    inner: Math.max(0, Math.min(...radii) - letter * 0.15),
    outer: Math.max(...radii) + letter * 0.15,
    from: Math.min(...angles) - widen,
    to: Math.max(...angles) + widen,
  };
}

/**
 * The arcs of lettering on a design, at most two (a badge's phrase over its top and small print
 * under its bottom): the second is looked for among the pieces off the first one's band.
 */
export function arcsOf(mask: Plane, pieces = inkPieces(mask)): Arc[] {
  const first = arcOf(mask, pieces);
  if (!first) return [];
  const rest = pieces.filter(
    (piece) => !onBand(first, (piece.left + piece.right) / 2, (piece.top + piece.bottom) / 2),
  );
  const second = arcOf(mask, rest);
  return second ? [first, second] : [first];
}

/**
 * The largest set of points within `tolerance` of one parabola (each parabola through three of
 * them is tried: there are few letters), fewest outliers first, then the closest fit.
 */
function onOneCurve<P extends { x: number; y: number }>(points: readonly P[], tolerance: number): P[] {
  let best: { inliers: P[]; spread: number } = { inliers: [], spread: Infinity };
  for (let i = 0; i < points.length; i += 1) {
    for (let j = i + 1; j < points.length; j += 1) {
      for (let k = j + 1; k < points.length; k += 1) {
        const through = parabola(points[i]!, points[j]!, points[k]!);
        if (!through) continue;
        let spread = 0;
        const inliers = points.filter((p) => {
          const off = Math.abs(p.y - through(p.x));
          if (off > tolerance) return false;
          spread += off;
          return true;
        });
        if (
          inliers.length > best.inliers.length ||
          (inliers.length === best.inliers.length && spread < best.spread)
        )
          best = { inliers, spread };
      }
    }
  }
  return best.inliers;
}

/** The parabola y(x) through three points, or undefined when two share an x. */
function parabola(p: { x: number; y: number }, q: { x: number; y: number }, r: { x: number; y: number }) {
  if (p.x === q.x || q.x === r.x || p.x === r.x) return undefined;
  // Newton's divided differences.
  const pq = (q.y - p.y) / (q.x - p.x);
  const qr = (r.y - q.y) / (r.x - q.x);
  const pqr = (qr - pq) / (r.x - p.x);
  return (x: number) => p.y + pq * (x - p.x) + pqr * (x - p.x) * (x - q.x);
}

/** A connected piece of ink and its box. */
export type Piece = { left: number; top: number; right: number; bottom: number; area: number };

/** The mask's connected pieces of ink (4-connected), specks of a few pixels left out. */
export function inkPieces({ data, width, height }: Plane): Piece[] {
  const label = new Int32Array(width * height).fill(-1);
  const pieces: Piece[] = [];
  const stack: number[] = [];
  for (let start = 0; start < data.length; start += 1) {
    if (data[start]! < inkAlpha || label[start] !== -1) continue;
    const piece = { left: width, top: height, right: -1, bottom: -1, area: 0 };
    label[start] = pieces.length;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      piece.area += 1;
      piece.left = Math.min(piece.left, x);
      piece.right = Math.max(piece.right, x);
      piece.top = Math.min(piece.top, y);
      piece.bottom = Math.max(piece.bottom, y);
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j < 0 || j >= data.length || label[j] !== -1 || data[j]! < inkAlpha) continue;
        label[j] = pieces.length;
        stack.push(j);
      }
    }
    pieces.push(piece);
  }
  return pieces.filter((piece) => piece.area >= 12);
}

/**
 * The lettering unrolled from its arc into a straight band, `bandPad` pixels of `background`
 * around it; letters keep their size along the middle of the band.
 */
export function straighten(picture: Plane, arc: Arc, background: number): Plane {
  const middle = (arc.inner + arc.outer) / 2;
  const width = Math.ceil(middle * (arc.to - arc.from)) + 2 * bandPad;
  const height = Math.ceil(arc.outer - arc.inner) + 2 * bandPad;
  const data = new Uint8Array(width * height);
  for (let v = 0; v < height; v += 1) {
    // The top row is the outer edge over a frown, the inner edge under a smile: letters stay upright.
    const radius = arc.side === 1 ? arc.outer + bandPad - v : arc.inner - bandPad + v;
    for (let u = 0; u < width; u += 1) {
      const angle = arc.from + (u - bandPad) / middle;
      const x = arc.cx + radius * Math.sin(angle);
      const y = arc.cy - arc.side * radius * Math.cos(angle);
      data[v * width + u] = sample(picture, x, y, background);
    }
  }
  return { data, width, height };
}

/**
 * Where the straightened band's top-left corner (inside its pad) sits on the design: words read
 * from the band are moved by it to lie, as one line, where the arc is.
 */
export function bandOrigin(arc: Arc): { x: number; y: number } {
  const angles = [arc.from, arc.to, ...(arc.from < 0 && arc.to > 0 ? [0] : [])];
  const points = angles.flatMap((angle) =>
    [arc.inner, arc.outer].map((radius) => ({
      x: arc.cx + radius * Math.sin(angle),
      y: arc.cy - arc.side * radius * Math.cos(angle),
    })),
  );
  return { x: Math.min(...points.map((p) => p.x)), y: Math.min(...points.map((p) => p.y)) };
}

/** Whether a point of the design lies on the arc's band of letters. */
export function onBand(arc: Arc, x: number, y: number): boolean {
  const radius = Math.hypot(x - arc.cx, y - arc.cy);
  const angle = Math.atan2(x - arc.cx, arc.side * (arc.cy - y));
  return radius >= arc.inner && radius <= arc.outer && angle >= arc.from && angle <= arc.to;
}

/** The picture's grey level at (x, y), between pixels bilinear, outside it the background. */
function sample({ data, width, height }: Plane, x: number, y: number, background: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const at = (px: number, py: number) =>
    px < 0 || py < 0 || px >= width || py >= height ? background : data[py * width + px]!;
  const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
  const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
  return Math.round(top * (1 - fy) + bottom * fy);
}

/**
 * The parabola y = a x² + b x + c nearest the points (least squares, solved on x centred and
 * scaled for a stable solution), as [c, b, a]; undefined when the points share too few x.
 */
function fitParabola(points: readonly { x: number; y: number }[]): [number, number, number] | undefined {
  const mx = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const scale = Math.max(...points.map((p) => Math.abs(p.x - mx)), 1);
  const m = Array.from({ length: 3 }, () => new Float64Array(4));
  for (const p of points) {
    const t = (p.x - mx) / scale;
    const powers = [1, t, t * t];
    powers.forEach((pi, i) => {
      const row = m[i]!;
      powers.forEach((pj, j) => (row[j] = row[j]! + pi * pj));
      row[3] = row[3]! + pi * p.y;
    });
  }
  const solved = solve(m);
  if (!solved) return undefined;
  const [k0, k1, k2] = solved as [number, number, number];
  // y = k0 + k1 t + k2 t² with t = (x − mx) / scale, written in x.
  return [
    k0 - (k1 * mx) / scale + (k2 * mx * mx) / (scale * scale),
    k1 / scale - (2 * k2 * mx) / (scale * scale),
    k2 / (scale * scale),
  ];
}

/**
 * The circle nearest the points (Kåsa's algebraic fit: x² + y² + D x + E y + F = 0 by least
 * squares, on coordinates centred and scaled for a stable solution).
 */
function fitCircle(points: readonly { x: number; y: number }[]) {
  const mx = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const my = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  const scale = Math.max(...points.map((p) => Math.hypot(p.x - mx, p.y - my)), 1);
  const m = Array.from({ length: 3 }, () => new Float64Array(4));
  for (const p of points) {
    const [x, y] = [(p.x - mx) / scale, (p.y - my) / scale];
    const terms = [x, y, 1];
    terms.forEach((ti, i) => {
      const row = m[i]!;
      terms.forEach((tj, j) => (row[j] = row[j]! + ti * tj));
      row[3] = row[3]! - ti * (x * x + y * y);
    });
  }
  const solved = solve(m);
  if (!solved) return undefined;
  const [d, e, f] = solved as [number, number, number];
  const r2 = (d * d + e * e) / 4 - f;
  if (!(r2 > 0)) return undefined;
  return { cx: mx - (d / 2) * scale, cy: my - (e / 2) * scale, r: Math.sqrt(r2) * scale };
}

/** Gaussian elimination with partial pivoting on an augmented n × (n + 1) matrix. */
function solve(m: Float64Array[]): number[] | undefined {
  const n = m.length;
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < n; row += 1)
      if (Math.abs(m[row]![col]!) > Math.abs(m[pivot]![col]!)) pivot = row;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return undefined;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let row = 0; row < n; row += 1) {
      if (row === col) continue;
      const factor = m[row]![col]! / m[col]![col]!;
      const target = m[row]!;
      for (let k = col; k <= n; k += 1) target[k] = target[k]! - factor * m[col]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * The height most of the ink's pieces share, weighing each by the square root of its area:
 * letters, not the thin rays of a drawn sun nor one large mountain.
 */
export function letterHeight(pieces: readonly Piece[]): number {
  const height = (piece: Piece) => piece.bottom - piece.top + 1;
  let best = { height: 0, score: -1 };
  for (const piece of pieces) {
    const h = height(piece);
    const score = pieces
      .filter((other) => height(other) >= h * 0.75 && height(other) <= h * 1.33)
      .reduce((sum, other) => sum + Math.sqrt(other.area), 0);
    if (score > best.score) best = { height: h, score };
  }
  return best.height;
}
