// Small SVG helpers for the demo-photo scenes: a seeded PRNG (so every run draws the same
// picture), number formatting (short, stable SVG text) and the "DEMO" corner mark.

export type Rand = () => number;

/** mulberry32: tiny deterministic PRNG. Same seed, same sequence, on every platform. */
export function makeRand(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string, used to derive a per-photo seed from its stem. */
export function seedFrom(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Round to one decimal and drop a trailing ".0" (keeps the SVG short and stable). */
export function n(value: number): string {
  const r = Math.round(value * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

export function between(rand: Rand, lo: number, hi: number): number {
  return lo + (hi - lo) * rand();
}

export function pick<T>(rand: Rand, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length) % items.length];
}

export function points(pts: ReadonlyArray<readonly [number, number]>): string {
  return pts.map(([x, y]) => `${n(x)},${n(y)}`).join(" ");
}

/** Vertical linear gradient from a list of [offset 0..1, colour, opacity?] stops. */
export function vGradient(id: string, stops: ReadonlyArray<readonly [number, string, number?]>): string {
  return linearGradient(id, 0, 0, 0, 1, stops);
}

export function linearGradient(
  id: string,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stops: ReadonlyArray<readonly [number, string, number?]>,
): string {
  return (
    `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">` +
    stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`).join("") +
    `</linearGradient>`
  );
}

export function radialGradient(id: string, stops: ReadonlyArray<readonly [number, string, number?]>): string {
  return (
    `<radialGradient id="${id}">` +
    stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`).join("") +
    `</radialGradient>`
  );
}

export function blurFilter(id: string, std: number | string): string {
  return `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${std}"/></filter>`;
}

/** The visible "DEMO" mark in the bottom-right corner of every demo image. */
export function demoMark(w: number, h: number): string {
  const bw = 132;
  const bh = 46;
  const x = w - bw - 24;
  const y = h - bh - 24;
  return (
    `<g>` +
    `<rect x="${x}" y="${y}" width="${bw}" height="${bh}" rx="8" fill="#000" fill-opacity="0.5"/>` +
    `<text x="${x + bw / 2}" y="${y + 32}" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" ` +
    `font-size="26" font-weight="700" letter-spacing="4" fill="#fff" text-anchor="middle">DEMO</text>` +
    `</g>`
  );
}

/** Wrap a scene body into a complete SVG document with the DEMO mark on top. */
export function svgDocument(w: number, h: number, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs>${defs}</defs>` +
    body +
    demoMark(w, h) +
    `</svg>`
  );
}
