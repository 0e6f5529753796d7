// Twelve abstract scenes for the demo photos, drawn as SVG. Each function gets the canvas size
// as it should look upright (portrait scenes get w < h) and a seeded PRNG, and returns a full
// SVG document. Palettes loosely follow the film simulation the demo EXIF claims (muted for
// Classic Chrome, greys for Acros, teal shadows for Eterna, saturated for Velvia, amber for
// Nostalgic Neg.), so the gallery does not look like twelve copies of one gradient.

import { type Rand, between, blurFilter, linearGradient, n, pick, points, radialGradient, svgDocument, vGradient } from "./svg";

export type SceneFn = (w: number, h: number, rand: Rand) => string;

// ---------------------------------------------------------------------------------------------
// Shared shapes

function birds(rand: Rand, count: number, x0: number, x1: number, y0: number, y1: number, colour: string): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const x = between(rand, x0, x1);
    const y = between(rand, y0, y1);
    const s = between(rand, 6, 13);
    out += `<path d="M${n(x - s)},${n(y - s * 0.3)} Q${n(x - s / 2)},${n(y - s * 0.7)} ${n(x)},${n(y)} Q${n(x + s / 2)},${n(y - s * 0.7)} ${n(x + s)},${n(y - s * 0.3)}" fill="none" stroke="${colour}" stroke-width="2.2" stroke-linecap="round"/>`;
  }
  return out;
}

/** A spoked wheel: tyre, rim, spokes, hub. */
function wheel(
  cx: number,
  cy: number,
  r: number,
  tyre: string,
  rim: string,
  spokeColour: string,
  spokes: number,
  tyreWidth: number,
): string {
  let out = `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${tyre}" stroke-width="${tyreWidth}"/>`;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r - tyreWidth / 2 - 3)}" fill="none" stroke="${rim}" stroke-width="4"/>`;
  const inner = r - tyreWidth / 2 - 4;
  let d = "";
  for (let i = 0; i < spokes; i++) {
    const a = (i / spokes) * Math.PI * 2;
    const hubA = a + (i % 2 === 0 ? 0.35 : -0.35);
    d += `M${n(cx + Math.cos(hubA) * 12)},${n(cy + Math.sin(hubA) * 12)}L${n(cx + Math.cos(a) * inner)},${n(cy + Math.sin(a) * inner)}`;
  }
  out += `<path d="${d}" stroke="${spokeColour}" stroke-width="1.6" fill="none"/>`;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="14" fill="${rim}"/>`;
  return out;
}

// ---------------------------------------------------------------------------------------------
// 01 Harbour at dusk: gantry cranes against an orange sky (Classic Chrome, muted warm).

export const harbourDusk: SceneFn = (w, h, rand) => {
  const horizon = h * 0.66;
  const sunX = w * 0.64;
  const defs =
    vGradient("sky", [
      [0, "#1f2a4d"],
      [0.38, "#5a2f5c"],
      [0.75, "#d8683f"],
      [1, "#f6ad67"],
    ]) +
    vGradient("water", [
      [0, "#e08a55"],
      [0.18, "#86465a"],
      [1, "#151b33"],
    ]) +
    radialGradient("glow", [
      [0, "#ffe2a8", 0.95],
      [0.25, "#ffc27a", 0.6],
      [1, "#ff9a5a", 0],
    ]) +
    blurFilter("soft", 3);
  let body = `<rect width="${w}" height="${n(horizon)}" fill="url(#sky)"/>`;
  body += `<circle cx="${n(sunX)}" cy="${n(horizon - 30)}" r="330" fill="url(#glow)"/>`;
  body += `<circle cx="${n(sunX)}" cy="${n(horizon - 30)}" r="48" fill="#ffe6b5"/>`;
  // far shore
  body += `<polygon points="${points([
    [0, horizon],
    [0, horizon - 26],
    [w * 0.2, horizon - 34],
    [w * 0.45, horizon - 18],
    [w * 0.7, horizon - 28],
    [w, horizon - 14],
    [w, horizon],
  ])}" fill="#3b2442"/>`;
  body += `<rect y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="url(#water)"/>`;
  // sun reflection streaks
  for (let i = 0; i < 22; i++) {
    const y = horizon + 6 + i * i * 0.75 + i * 6;
    if (y > h) break;
    const half = between(rand, 30, 120) * (1 + i * 0.08);
    body += `<rect x="${n(sunX - half)}" y="${n(y)}" width="${n(half * 2)}" height="${n(3 + i * 0.4)}" rx="2" fill="#ffd49a" fill-opacity="${n(0.75 - i * 0.03)}"/>`;
  }
  // container stacks along the quay
  const colours = ["#6e3537", "#334a63", "#7d6238", "#4b3a55", "#5d2f2f"];
  let x = 0;
  while (x < w * 0.5) {
    const cw = between(rand, 60, 110);
    const rows = 1 + Math.floor(rand() * 4);
    for (let r = 0; r < rows; r++) {
      body += `<rect x="${n(x)}" y="${n(horizon - 22 - (r + 1) * 20)}" width="${n(cw - 3)}" height="19" fill="${pick(rand, colours)}" fill-opacity="0.9"/>`;
    }
    x += cw;
  }
  // gantry cranes
  const crane = (cx: number, scale: number) => {
    const c = "#1b1424";
    const top = horizon - 330 * scale;
    const legW = 10 * scale;
    let g = "";
    g += `<rect x="${n(cx - 60 * scale)}" y="${n(top)}" width="${n(legW)}" height="${n(horizon - top)}" fill="${c}"/>`;
    g += `<rect x="${n(cx + 50 * scale)}" y="${n(top)}" width="${n(legW)}" height="${n(horizon - top)}" fill="${c}"/>`;
    g += `<rect x="${n(cx - 90 * scale)}" y="${n(top)}" width="${n(330 * scale)}" height="${n(14 * scale)}" fill="${c}"/>`;
    g += `<polygon points="${points([
      [cx + 240 * scale, top],
      [cx + 420 * scale, top - 150 * scale],
      [cx + 430 * scale, top - 140 * scale],
      [cx + 250 * scale, top + 14 * scale],
    ])}" fill="${c}"/>`;
    g += `<path d="M${n(cx - 55 * scale)},${n(top)}L${n(cx + 10 * scale)},${n(top - 90 * scale)}L${n(cx + 420 * scale)},${n(top - 150 * scale)}M${n(cx + 10 * scale)},${n(top - 90 * scale)}L${n(cx + 55 * scale)},${n(top)}" stroke="${c}" stroke-width="${n(4 * scale)}" fill="none"/>`;
    g += `<path d="M${n(cx - 60 * scale)},${n(top + 90 * scale)}L${n(cx + 60 * scale)},${n(top + 200 * scale)}M${n(cx + 60 * scale)},${n(top + 90 * scale)}L${n(cx - 60 * scale)},${n(top + 200 * scale)}" stroke="${c}" stroke-width="${n(5 * scale)}"/>`;
    g += `<rect x="${n(cx + 120 * scale)}" y="${n(top + 14 * scale)}" width="${n(30 * scale)}" height="${n(24 * scale)}" fill="${c}"/>`;
    g += `<line x1="${n(cx + 135 * scale)}" y1="${n(top + 38 * scale)}" x2="${n(cx + 135 * scale)}" y2="${n(horizon - 60 * scale)}" stroke="${c}" stroke-width="2"/>`;
    return g;
  };
  body += crane(w * 0.1, 0.9) + crane(w * 0.3, 1.05) + crane(w * 0.52, 0.7);
  // crane reflections
  body += `<g filter="url(#soft)" opacity="0.28" transform="translate(0 ${n(horizon * 2)}) scale(1 -1)">${crane(w * 0.3, 1.05)}</g>`;
  // foreground pier with bollard
  body += `<polygon points="${points([
    [0, h],
    [0, h - 130],
    [w * 0.34, h - 70],
    [w * 0.4, h],
  ])}" fill="#120f1c"/>`;
  body += `<rect x="${n(w * 0.12)}" y="${n(h - 170)}" width="44" height="70" rx="14" fill="#120f1c"/>`;
  body += birds(rand, 6, w * 0.55, w * 0.9, h * 0.12, h * 0.35, "#2a1c33");
  return svgDocument(w, h, defs, body);
};

// ---------------------------------------------------------------------------------------------
// 02 Snowy street: brownstones in one-point perspective, lit windows, falling snow (Reala Ace).

export const snowyStreet: SceneFn = (w, h, rand) => {
  const vx = w * 0.52;
  const vy = h * 0.46;
  const defs =
    vGradient("sky", [
      [0, "#aebccb"],
      [1, "#e4e9ee"],
    ]) +
    vGradient("road", [
      [0, "#dfe5ea"],
      [1, "#f7f9fb"],
    ]) +
    vGradient("fog", [
      [0, "#eef2f5", 0],
      [0.5, "#eef2f5", 0.75],
      [1, "#eef2f5", 0],
    ]) +
    radialGradient("lamp", [
      [0, "#ffe7b0", 0.9],
      [1, "#ffd580", 0],
    ]) +
    blurFilter("flake", 1.2);
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  const side = (dir: 1 | -1) => {
    // facade quad from the frame edge to near the vanishing point
    const edgeX = dir === -1 ? 0 : w;
    const nearX = vx + dir * 70;
    const topEdge = 0;
    const botEdge = h * 0.84;
    const topNear = vy - 120;
    const botNear = vy + 28;
    const at = (t: number) => ({
      x: edgeX + (nearX - edgeX) * t,
      top: topEdge + (topNear - topEdge) * t,
      bot: botEdge + (botNear - botEdge) * t,
    });
    let g = `<polygon points="${points([
      [edgeX, topEdge],
      [nearX, topNear],
      [nearX, botNear],
      [edgeX, botEdge],
    ])}" fill="${dir === -1 ? "#6d4637" : "#5e4a42"}"/>`;
    // building seams and windows, spaced like perspective (closer together with depth)
    let t = 0;
    let k = 0;
    while (t < 0.93) {
      const t2 = t + 0.22 / (1 + k * 0.9);
      const a = at(t);
      const b = at(t2);
      const tone = pick(rand, ["#7b4a39", "#6a3f33", "#80594a", "#5b3a31"]);
      g += `<polygon points="${points([
        [a.x, a.top],
        [b.x, b.top],
        [b.x, b.bot],
        [a.x, a.bot],
      ])}" fill="${tone}"/>`;
      // cornice
      g += `<polygon points="${points([
        [a.x, a.top + (a.bot - a.top) * 0.04],
        [b.x, b.top + (b.bot - b.top) * 0.04],
        [b.x, b.top + (b.bot - b.top) * 0.07],
        [a.x, a.top + (a.bot - a.top) * 0.07],
      ])}" fill="#3e2a24"/>`;
      for (let col = 0; col < 2; col++) {
        const c0 = 0.2 + col * 0.42;
        const c1 = c0 + 0.22;
        const xa = a.x + (b.x - a.x) * c0;
        const xb = a.x + (b.x - a.x) * c1;
        const ta = a.top + (b.top - a.top) * c0;
        const tb = a.top + (b.top - a.top) * c1;
        const ba = a.bot + (b.bot - a.bot) * c0;
        const bb = a.bot + (b.bot - a.bot) * c1;
        for (let row = 0; row < 4; row++) {
          const r0 = 0.14 + row * 0.19;
          const r1 = r0 + 0.11;
          const lit = rand() < 0.45;
          g += `<polygon points="${points([
            [xa, ta + (ba - ta) * r0],
            [xb, tb + (bb - tb) * r0],
            [xb, tb + (bb - tb) * r1],
            [xa, ta + (ba - ta) * r1],
          ])}" fill="${lit ? "#ffcf83" : "#33272a"}"/>`;
        }
      }
      t = t2 + 0.004;
      k++;
    }
    // snow on the stoops / sidewalk
    g += `<polygon points="${points([
      [edgeX, botEdge],
      [nearX, botNear],
      [nearX, botNear + 10],
      [edgeX, h],
    ])}" fill="#eef1f4"/>`;
    return g;
  };
  body += side(-1) + side(1);
  // road, tyre tracks
  body += `<polygon points="${points([
    [w * 0.08, h],
    [vx - 60, vy + 38],
    [vx + 60, vy + 38],
    [w * 0.92, h],
  ])}" fill="url(#road)"/>`;
  for (const off of [-0.27, -0.19, 0.12, 0.2]) {
    body += `<path d="M${n(vx + off * 40)},${n(vy + 40)} L${n(w * (0.5 + off))},${n(h)}" stroke="#b7c0c9" stroke-width="9" stroke-opacity="0.5" fill="none"/>`;
  }
  // street lamps
  for (const [t, dir] of [
    [0.15, -1],
    [0.45, -1],
    [0.25, 1],
    [0.6, 1],
  ] as const) {
    const baseX = (dir === -1 ? w * 0.12 : w * 0.88) + (vx - (dir === -1 ? w * 0.12 : w * 0.88)) * t;
    const baseY = h * 0.93 + (vy + 40 - h * 0.93) * t;
    const height = (1 - t) * 420 + 40;
    body += `<line x1="${n(baseX)}" y1="${n(baseY)}" x2="${n(baseX)}" y2="${n(baseY - height)}" stroke="#23262b" stroke-width="${n(9 * (1 - t) + 2)}"/>`;
    body += `<circle cx="${n(baseX)}" cy="${n(baseY - height)}" r="${n(90 * (1 - t) + 14)}" fill="url(#lamp)"/>`;
    body += `<circle cx="${n(baseX)}" cy="${n(baseY - height)}" r="${n(12 * (1 - t) + 3)}" fill="#fff3d6"/>`;
  }
  body += `<rect y="${n(vy - 260)}" width="${w}" height="460" fill="url(#fog)"/>`;
  // snow
  let flakes = "";
  for (let i = 0; i < 230; i++) {
    flakes += `<circle cx="${n(rand() * w)}" cy="${n(rand() * h)}" r="${n(between(rand, 1.5, 4.5))}"/>`;
  }
  body += `<g fill="#fff" fill-opacity="0.85" filter="url(#flake)">${flakes}</g>`;
  return svgDocument(w, h, defs, body);
};

// ---------------------------------------------------------------------------------------------
// 03 Bridge silhouette: suspension bridge with gothic towers at dawn (Classic Negative).

export const bridgeSilhouette: SceneFn = (w, h, rand) => {
  const horizon = h * 0.7;
  const deck = h * 0.56;
  const c = "#1d1630";
  const defs =
    vGradient("sky", [
      [0, "#27335c"],
      [0.45, "#9b5577"],
      [0.8, "#ea8a6c"],
      [1, "#f9c27a"],
    ]) +
    vGradient("water", [
      [0, "#d98f74"],
      [0.3, "#6d4a68"],
      [1, "#1a1a33"],
    ]) +
    blurFilter("ref", "2 6");
  let body = `<rect width="${w}" height="${n(horizon)}" fill="url(#sky)"/>`;
  body += `<rect y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="url(#water)"/>`;
  // distant skyline
  let x = 0;
  while (x < w) {
    const bw = between(rand, 18, 60);
    const bh = between(rand, 10, 70);
    body += `<rect x="${n(x)}" y="${n(horizon - bh)}" width="${n(bw + 1)}" height="${n(bh)}" fill="#6b4766" fill-opacity="0.7"/>`;
    x += bw;
  }
  const towers = [w * 0.28, w * 0.78];
  const towerTop = h * 0.17;
  const bridge = (): string => {
    let g = "";
    for (const tx of towers) {
      const tw = 92;
      g += `<path d="M${n(tx - tw / 2)},${n(horizon + 10)} L${n(tx - tw / 2)},${n(towerTop)} L${n(tx + tw / 2)},${n(towerTop)} L${n(tx + tw / 2)},${n(horizon + 10)} Z" fill="${c}"/>`;
      g += `<rect x="${n(tx - tw / 2 - 8)}" y="${n(towerTop - 10)}" width="${tw + 16}" height="16" fill="${c}"/>`;
    }
    // main cable: straight back-spans, parabolic main span
    const tL = towers[0];
    const tR = towers[1];
    const mid = (tL + tR) / 2;
    const sagY = deck - 30;
    g += `<path d="M0,${n(deck - 20)} L${n(tL)},${n(towerTop + 6)} Q${n(mid)},${n(2 * sagY - towerTop - 6)} ${n(tR)},${n(towerTop + 6)} L${n(w)},${n(deck - 60)}" stroke="${c}" stroke-width="6" fill="none"/>`;
    // suspenders on the main span
    let d = "";
    for (let sx = tL + 20; sx < tR - 10; sx += 22) {
      const t = (sx - tL) / (tR - tL);
      const cy = (1 - t) * (1 - t) * (towerTop + 6) + 2 * t * (1 - t) * (2 * sagY - towerTop - 6) + t * t * (towerTop + 6);
      d += `M${n(sx)},${n(cy)}L${n(sx)},${n(deck)}`;
    }
    for (let sx = 14; sx < tL - 10; sx += 22) {
      const t = sx / tL;
      d += `M${n(sx)},${n(deck - 20 + (towerTop + 6 - deck + 20) * t)}L${n(sx)},${n(deck)}`;
    }
    for (let sx = tR + 20; sx < w; sx += 22) {
      const t = (sx - tR) / (w - tR);
      d += `M${n(sx)},${n(towerTop + 6 + (deck - 60 - towerTop - 6) * t)}L${n(sx)},${n(deck)}`;
    }
    g += `<path d="${d}" stroke="${c}" stroke-width="1.8"/>`;
    // diagonal stays fanning from the towers
    let s = "";
    for (const tx of towers) {
      for (let i = 1; i <= 6; i++) {
        s += `M${n(tx)},${n(towerTop + 30)}L${n(tx - i * 48)},${n(deck)}M${n(tx)},${n(towerTop + 30)}L${n(tx + i * 48)},${n(deck)}`;
      }
    }
    g += `<path d="${s}" stroke="${c}" stroke-width="1.4" stroke-opacity="0.8"/>`;
    g += `<rect x="0" y="${n(deck)}" width="${w}" height="22" fill="${c}"/>`;
    return g;
  };
  const bridgeSvg = bridge();
  body += bridgeSvg;
  // gothic arch openings (sky shows through)
  for (const tx of towers) {
    for (const off of [-20, 20]) {
      const ax = tx + off;
      const aw = 28;
      const top = towerTop + 70;
      const bottom = deck - 40;
      body += `<path d="M${n(ax - aw / 2)},${n(bottom)} L${n(ax - aw / 2)},${n(top + 30)} Q${n(ax - aw / 2)},${n(top)} ${n(ax)},${n(top - 14)} Q${n(ax + aw / 2)},${n(top)} ${n(ax + aw / 2)},${n(top + 30)} L${n(ax + aw / 2)},${n(bottom)} Z" fill="#c9707a" fill-opacity="0.9"/>`;
    }
  }
  body += `<g filter="url(#ref)" opacity="0.3" transform="translate(0 ${n(horizon * 2)}) scale(1 -1)">${bridgeSvg}</g>`;
  // water ripples
  for (let i = 0; i < 40; i++) {
    const y = between(rand, horizon + 20, h);
    const x0 = rand() * w;
    body += `<line x1="${n(x0)}" y1="${n(y)}" x2="${n(x0 + between(rand, 40, 180))}" y2="${n(y)}" stroke="#f3b08a" stroke-opacity="0.25" stroke-width="2"/>`;
  }
  body += birds(rand, 5, w * 0.4, w * 0.7, h * 0.08, h * 0.25, c);
  return svgDocument(w, h, defs, body);
};

// ---------------------------------------------------------------------------------------------
// 04 Bicycles: two steel bikes against a brick wall, in greys (Acros + red filter). Portrait.

export const bicycles: SceneFn = (w, h, rand) => {
  const ground = h * 0.76;
  const defs =
    vGradient("wall", [
      [0, "#8e8e8e"],
      [1, "#5f5f5f"],
    ]) +
    vGradient("pave", [
      [0, "#b4b4b4"],
      [1, "#d6d6d6"],
    ]) +
    `<pattern id="brick" width="96" height="40" patternUnits="userSpaceOnUse">` +
    `<path d="M0,0.5H96M0,20.5H96M0.5,0V20M48.5,20V40" stroke="#4d4d4d" stroke-width="3" fill="none"/></pattern>` +
    linearGradient("sun", 0, 0, 1, 1, [
      [0, "#ffffff", 0.28],
      [1, "#ffffff", 0],
    ]);
  let body = `<rect width="${w}" height="${n(ground)}" fill="url(#wall)"/>`;
  body += `<rect width="${w}" height="${n(ground)}" fill="url(#brick)" opacity="0.6"/>`;
  // a few lighter and darker bricks for texture
  for (let i = 0; i < 60; i++) {
    const row = Math.floor(rand() * (ground / 20));
    const col = Math.floor(rand() * (w / 48));
    const xOff = row % 2 === 0 ? 0 : 48;
    const x = (col * 96 + xOff) % (w + 96);
    body += `<rect x="${n(x + 2)}" y="${n(row * 20 + 2)}" width="44" height="16" fill="${rand() < 0.5 ? "#a8a8a8" : "#505050"}" fill-opacity="0.35"/>`;
  }
  // window with sill high on the wall
  body += `<rect x="${n(w * 0.56)}" y="${n(h * 0.08)}" width="${n(w * 0.3)}" height="${n(h * 0.22)}" fill="#2c2c2c"/>`;
  body += `<path d="M${n(w * 0.71)},${n(h * 0.08)}V${n(h * 0.3)}M${n(w * 0.56)},${n(h * 0.19)}H${n(w * 0.86)}" stroke="#9c9c9c" stroke-width="8"/>`;
  body += `<rect x="${n(w * 0.54)}" y="${n(h * 0.3)}" width="${n(w * 0.34)}" height="16" fill="#c4c4c4"/>`;
  // drainpipe
  body += `<rect x="${n(w * 0.08)}" y="0" width="26" height="${n(ground)}" fill="#3d3d3d"/>`;
  for (let y = 120; y < ground; y += 260) body += `<rect x="${n(w * 0.08 - 6)}" y="${y}" width="38" height="12" fill="#2f2f2f"/>`;
  // pavement
  body += `<rect y="${n(ground)}" width="${w}" height="${n(h - ground)}" fill="url(#pave)"/>`;
  for (let x = -40; x < w; x += 150)
    body += `<line x1="${x}" y1="${n(ground)}" x2="${x - 120}" y2="${h}" stroke="#9a9a9a" stroke-width="3"/>`;
  // sunlight patch
  body += `<polygon points="${points([
    [w * 0.15, 0],
    [w, 0],
    [w, h * 0.55],
    [w * 0.5, h * 0.7],
  ])}" fill="url(#sun)"/>`;

  const bike = (ox: number, oy: number, s: number, frame: string, tyre: string, rim: string) => {
    const R = 160 * s;
    const rear = [ox, oy - R] as const;
    const front = [ox + 540 * s, oy - R] as const;
    const bb = [ox + 230 * s, oy - R + 30 * s] as const;
    const seat = [ox + 185 * s, oy - R - 250 * s] as const;
    const headTop = [ox + 470 * s, oy - R - 240 * s] as const;
    const headBot = [ox + 490 * s, oy - R - 150 * s] as const;
    let g = `<ellipse cx="${n(ox + 270 * s)}" cy="${n(oy + 4)}" rx="${n(360 * s)}" ry="${n(16 * s)}" fill="#000" fill-opacity="0.18"/>`;
    g += wheel(rear[0], rear[1], R, tyre, rim, "#9a9a9a", 32, 16 * s);
    g += wheel(front[0], front[1], R, tyre, rim, "#9a9a9a", 32, 16 * s);
    const fw = n(11 * s);
    g += `<path d="M${n(rear[0])},${n(rear[1])}L${n(bb[0])},${n(bb[1])}L${n(seat[0])},${n(seat[1])}Z M${n(seat[0])},${n(seat[1])}L${n(headTop[0])},${n(headTop[1])}L${n(headBot[0])},${n(headBot[1])}L${n(bb[0])},${n(bb[1])}" stroke="${frame}" stroke-width="${fw}" stroke-linejoin="round" fill="none"/>`;
    g += `<path d="M${n(headBot[0])},${n(headBot[1])}Q${n(front[0] - 10 * s)},${n(front[1] - 40 * s)} ${n(front[0])},${n(front[1])}" stroke="${frame}" stroke-width="${n(9 * s)}" fill="none"/>`;
    // seatpost + saddle, stem + drop bars
    g += `<line x1="${n(seat[0])}" y1="${n(seat[1])}" x2="${n(seat[0] - 12 * s)}" y2="${n(seat[1] - 60 * s)}" stroke="#cfcfcf" stroke-width="${n(8 * s)}"/>`;
    g += `<path d="M${n(seat[0] - 70 * s)},${n(seat[1] - 62 * s)}Q${n(seat[0] - 10 * s)},${n(seat[1] - 80 * s)} ${n(seat[0] + 40 * s)},${n(seat[1] - 64 * s)}L${n(seat[0] - 60 * s)},${n(seat[1] - 52 * s)}Z" fill="#1a1a1a"/>`;
    g += `<path d="M${n(headTop[0])},${n(headTop[1])}L${n(headTop[0] + 10 * s)},${n(headTop[1] - 30 * s)}L${n(headTop[0] + 70 * s)},${n(headTop[1] - 34 * s)}Q${n(headTop[0] + 120 * s)},${n(headTop[1] - 30 * s)} ${n(headTop[0] + 110 * s)},${n(headTop[1] + 30 * s)}Q${n(headTop[0] + 100 * s)},${n(headTop[1] + 60 * s)} ${n(headTop[0] + 60 * s)},${n(headTop[1] + 50 * s)}" stroke="#1f1f1f" stroke-width="${n(10 * s)}" fill="none" stroke-linecap="round"/>`;
    // chainring, chain, crank
    g += `<circle cx="${n(bb[0])}" cy="${n(bb[1])}" r="${n(40 * s)}" fill="none" stroke="#d0d0d0" stroke-width="${n(6 * s)}"/>`;
    g += `<path d="M${n(bb[0])},${n(bb[1] - 40 * s)}L${n(rear[0])},${n(rear[1] - 18 * s)}M${n(bb[0])},${n(bb[1] + 40 * s)}L${n(rear[0])},${n(rear[1] + 18 * s)}" stroke="#444" stroke-width="${n(4 * s)}"/>`;
    g += `<line x1="${n(bb[0])}" y1="${n(bb[1])}" x2="${n(bb[0] + 30 * s)}" y2="${n(bb[1] + 60 * s)}" stroke="#bdbdbd" stroke-width="${n(9 * s)}" stroke-linecap="round"/>`;
    // rear rack (touring bike)
    g += `<path d="M${n(rear[0] - 60 * s)},${n(rear[1] - 180 * s)}H${n(rear[0] + 90 * s)}M${n(rear[0] - 20 * s)},${n(rear[1] - 180 * s)}L${n(rear[0])},${n(rear[1])}M${n(rear[0] + 90 * s)},${n(rear[1] - 180 * s)}L${n(seat[0])},${n(seat[1] + 40 * s)}" stroke="#2a2a2a" stroke-width="${n(6 * s)}" fill="none"/>`;
    return g;
  };
  body += bike(w * 0.36, ground + 40, 0.82, "#6e6e6e", "#2a2a2a", "#b9b9b9");
  body += bike(w * 0.2, ground + 200, 1.2, "#262626", "#141414", "#d5d5d5");
  return svgDocument(w, h, defs, body);
};

// ---------------------------------------------------------------------------------------------
// 05 Espresso cup on a café table, warm bokeh behind (Nostalgic Neg.).

export const espressoCup: SceneFn = (w, h, rand) => {
  const table = h * 0.56;
  const cx = w * 0.48;
  const cy = h * 0.7;
  const defs =
    vGradient("bg", [
      [0, "#24150f"],
      [1, "#4d2f1d"],
    ]) +
    vGradient("table", [
      [0, "#8a5632"],
      [1, "#4e2e1b"],
    ]) +
    linearGradient("cup", 0, 0, 1, 0, [
      [0, "#cfc6ba"],
      [0.35, "#fbf7f1"],
      [0.7, "#f1ebe2"],
      [1, "#b8ada0"],
    ]) +
    radialGradient("crema", [
      [0, "#d39a5c"],
      [0.55, "#a7683a"],
      [1, "#5a2f17"],
    ]) +
    radialGradient("saucer", [
      [0, "#fbf7f1"],
      [0.8, "#e9e1d6"],
      [1, "#c9bdaf"],
    ]) +
    blurFilter("bokeh", 22) +
    blurFilter("steam", 9) +
    blurFilter("shadow", 18);
  let body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  let bokeh = "";
  for (let i = 0; i < 26; i++) {
    bokeh += `<circle cx="${n(rand() * w)}" cy="${n(between(rand, 0, table))}" r="${n(between(rand, 25, 90))}" fill="${pick(rand, ["#ffb24d", "#ffcf7f", "#ff8a3d", "#f6e3b0"])}" fill-opacity="${n(between(rand, 0.2, 0.55))}"/>`;
  }
  body += `<g filter="url(#bokeh)">${bokeh}</g>`;
  body += `<rect y="${n(table)}" width="${w}" height="${n(h - table)}" fill="url(#table)"/>`;
  for (let i = 0; i < 14; i++) {
    const y = table + between(rand, 10, h - table);
    body += `<path d="M0,${n(y)} C${n(w * 0.3)},${n(y + between(rand, -14, 14))} ${n(w * 0.6)},${n(y + between(rand, -14, 14))} ${w},${n(y)}" stroke="#2e1a0f" stroke-opacity="0.25" stroke-width="${n(between(rand, 1, 4))}" fill="none"/>`;
  }
  // shadow, saucer
  body += `<ellipse cx="${n(cx + 40)}" cy="${n(cy + 40)}" rx="360" ry="80" fill="#1c0f08" fill-opacity="0.55" filter="url(#shadow)"/>`;
  body += `<ellipse cx="${n(cx)}" cy="${n(cy + 20)}" rx="340" ry="92" fill="url(#saucer)"/>`;
  body += `<ellipse cx="${n(cx)}" cy="${n(cy + 14)}" rx="210" ry="52" fill="#d9cfc2"/>`;
  // spoon
  body += `<g transform="rotate(-8 ${n(cx + 250)} ${n(cy + 30)})"><rect x="${n(cx + 150)}" y="${n(cy + 24)}" width="170" height="10" rx="5" fill="#b9b4ad"/><ellipse cx="${n(cx + 330)}" cy="${n(cy + 29)}" rx="34" ry="17" fill="#cfcac3"/></g>`;
  // handle, cup body, rim, coffee
  const top = cy - 230;
  body += `<path d="M${n(cx + 170)},${n(top + 60)} C${n(cx + 300)},${n(top + 40)} ${n(cx + 300)},${n(top + 180)} ${n(cx + 150)},${n(top + 170)}" stroke="#e7e0d6" stroke-width="30" fill="none" stroke-linecap="round"/>`;
  body += `<path d="M${n(cx - 190)},${n(top)} C${n(cx - 185)},${n(top + 140)} ${n(cx - 140)},${n(cy - 10)} ${n(cx - 90)},${n(cy)} L${n(cx + 90)},${n(cy)} C${n(cx + 140)},${n(cy - 10)} ${n(cx + 185)},${n(top + 140)} ${n(cx + 190)},${n(top)} Z" fill="url(#cup)"/>`;
  body += `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="92" ry="16" fill="#a99e91"/>`;
  body += `<ellipse cx="${n(cx)}" cy="${n(top)}" rx="190" ry="42" fill="#f6f1ea"/>`;
  body += `<ellipse cx="${n(cx)}" cy="${n(top + 4)}" rx="170" ry="34" fill="url(#crema)"/>`;
  body += `<path d="M${n(cx - 70)},${n(top + 2)} q40,-14 90,-2 q30,8 60,-4" stroke="#e9c08a" stroke-width="5" fill="none" stroke-opacity="0.7"/>`;
  // steam
  let steam = "";
  for (let i = 0; i < 3; i++) {
    const sx = cx - 60 + i * 60;
    steam += `<path d="M${n(sx)},${n(top - 30)} c-40,-60 40,-110 0,-170 c-30,-50 30,-100 10,-150" stroke="#fff" stroke-opacity="0.22" stroke-width="16" fill="none"/>`;
  }
  body += `<g filter="url(#steam)">${steam}</g>`;
  return svgDocument(w, h, defs, body);
};

// ---------------------------------------------------------------------------------------------
// 06 Motorcycle in a garage: a 1970s four with a 4-into-1 exhaust, pegboard behind (Eterna).

export const garageMotorcycle: SceneFn = (w, h, rand) => {
  const floor = h * 0.7;
  const defs =
    vGradient("wall", [
      [0, "#2a3435"],
      [1, "#3f4b4b"],
    ]) +
    vGradient("floor", [
      [0, "#5b6461"],
      [1, "#323938"],
    ]) +
    linearGradient("beam", 0, 0, 0, 1, [
      [0, "#f4f1e4", 0.35],
      [1, "#f4f1e4", 0],
    ]) +
    linearGradient("tank", 0, 0, 0, 1, [
      [0, "#a65a4e"],
      [0.5, "#7e3b33"],
      [1, "#4f2420"],
    ]) +
    linearGradient("chrome", 0, 0, 0, 1, [
      [0, "#d3dbd8"],
      [0.5, "#8d9794"],
      [1, "#5c6563"],
    ]) +
    `<pattern id="peg" width="34" height="34" patternUnits="userSpaceOnUse"><circle cx="17" cy="17" r="3.2" fill="#1c2324"/></pattern>` +
    blurFilter("soft", 14);
  let body = `<rect width="${w}" height="${n(floor)}" fill="url(#wall)"/>`;
  body += `<rect x="${n(w * 0.08)}" y="${n(h * 0.12)}" width="${n(w * 0.5)}" height="${n(h * 0.36)}" fill="#6e6552"/>`;
  body += `<rect x="${n(w * 0.08)}" y="${n(h * 0.12)}" width="${n(w * 0.5)}" height="${n(h * 0.36)}" fill="url(#peg)"/>`;
  // tools on the pegboard
  for (let i = 0; i < 9; i++) {
    const x = w * 0.11 + i * w * 0.052;
    const len = between(rand, 90, 200);
    body += `<rect x="${n(x)}" y="${n(h * 0.16)}" width="${n(between(rand, 10, 18))}" height="${n(len)}" rx="5" fill="${pick(rand, ["#9aa3a1", "#7d8583", "#b37b3c", "#8f3b35"])}"/>`;
    body += `<circle cx="${n(x + 8)}" cy="${n(h * 0.16)}" r="15" fill="none" stroke="#9aa3a1" stroke-width="6"/>`;
  }
  // shelf with cans
  body += `<rect x="${n(w * 0.66)}" y="${n(h * 0.3)}" width="${n(w * 0.3)}" height="12" fill="#222a2b"/>`;
  for (let i = 0; i < 6; i++) {
    const cw = between(rand, 40, 70);
    const ch = between(rand, 60, 120);
    body += `<rect x="${n(w * 0.67 + i * 78)}" y="${n(h * 0.3 - ch)}" width="${n(cw)}" height="${n(ch)}" rx="4" fill="${pick(rand, ["#4b6b6a", "#8a6a3a", "#5b5e70", "#7c4037", "#a7a08c"])}"/>`;
  }
  // tool chest
  body += `<rect x="${n(w * 0.76)}" y="${n(floor - 330)}" width="260" height="330" rx="6" fill="#6d2e2a"/>`;
  for (let i = 1; i < 6; i++)
    body += `<line x1="${n(w * 0.76 + 10)}" y1="${n(floor - 330 + i * 55)}" x2="${n(w * 0.76 + 250)}" y2="${n(floor - 330 + i * 55)}" stroke="#3d1a18" stroke-width="4"/><rect x="${n(w * 0.76 + 100)}" y="${n(floor - 330 + i * 55 - 30)}" width="60" height="8" rx="3" fill="#a9b1ae"/>`;
  body += `<rect y="${n(floor)}" width="${w}" height="${n(h - floor)}" fill="url(#floor)"/>`;
  body += `<ellipse cx="${n(w * 0.56)}" cy="${n(h * 0.9)}" rx="170" ry="30" fill="#1f2524" fill-opacity="0.6" filter="url(#soft)"/>`;
  // overhead lamp and light cone
  body += `<polygon points="${points([
    [w * 0.42, 40],
    [w * 0.5, 40],
    [w * 0.85, h],
    [w * 0.08, h],
  ])}" fill="url(#beam)"/>`;
  body += `<line x1="${n(w * 0.46)}" y1="0" x2="${n(w * 0.46)}" y2="30" stroke="#111" stroke-width="4"/>`;
  body += `<path d="M${n(w * 0.42)},${n(48)} Q${n(w * 0.46)},${n(10)} ${n(w * 0.5)},${n(48)} Z" fill="#1b2122"/>`;
  body += `<ellipse cx="${n(w * 0.46)}" cy="48" rx="${n(w * 0.04)}" ry="7" fill="#fff8df"/>`;

  // the motorcycle
  const rx = w * 0.3;
  const fx = w * 0.69;
  const wy = floor + 150;
  const R = 150;
  body += `<ellipse cx="${n((rx + fx) / 2)}" cy="${n(wy + R - 2)}" rx="420" ry="22" fill="#111615" fill-opacity="0.6" filter="url(#soft)"/>`;
  body += wheel(rx, wy, R, "#161a1a", "#a4adaa", "#8d9694", 36, 30);
  body += wheel(fx, wy, R, "#161a1a", "#a4adaa", "#8d9694", 36, 30);
  // fenders
  body += `<path d="M${n(rx - 170)},${n(wy + 10)} A175,175 0 0 1 ${n(rx + 120)},${n(wy - 120)}" stroke="#7e3b33" stroke-width="14" fill="none"/>`;
  body += `<path d="M${n(fx - 130)},${n(wy - 110)} A170,170 0 0 1 ${n(fx + 150)},${n(wy - 60)}" stroke="#a9b1ae" stroke-width="10" fill="none"/>`;
  // frame, swingarm, shocks
  const c = "#1c2020";
  body += `<path d="M${n(rx)},${n(wy)}L${n(w * 0.46)},${n(wy - 40)}M${n(rx + 30)},${n(wy - 20)}L${n(rx + 60)},${n(wy - 190)}M${n(w * 0.4)},${n(wy - 210)}L${n(w * 0.6)},${n(wy - 250)}L${n(w * 0.55)},${n(wy - 40)}" stroke="${c}" stroke-width="14" fill="none" stroke-linejoin="round"/>`;
  body += `<path d="M${n(rx + 40)},${n(wy - 30)}L${n(rx + 75)},${n(wy - 185)}" stroke="url(#chrome)" stroke-width="18"/>`;
  // engine block with cooling fins
  const ex = w * 0.44;
  const ey = wy - 150;
  body += `<rect x="${n(ex)}" y="${n(ey)}" width="170" height="140" rx="12" fill="#6e7775"/>`;
  let fins = "";
  for (let i = 0; i < 8; i++) fins += `M${n(ex - 6)},${n(ey + 10 + i * 10)}H${n(ex + 176)}`;
  body += `<path d="${fins}" stroke="#4a5250" stroke-width="4"/>`;
  body += `<ellipse cx="${n(ex + 60)}" cy="${n(ey + 118)}" rx="42" ry="26" fill="#9aa3a1"/>`;
  // 4-into-1 exhaust sweeping under the engine
  let pipes = "";
  for (let i = 0; i < 4; i++) {
    const sx = ex + 150 - i * 14;
    pipes += `<path d="M${n(sx)},${n(ey + 60)} C${n(sx + 60)},${n(ey + 120 + i * 6)} ${n(sx - 40)},${n(wy + 40 + i * 5)} ${n(ex - 40)},${n(wy + 30)}" stroke="url(#chrome)" stroke-width="11" fill="none"/>`;
  }
  body += pipes;
  body += `<path d="M${n(ex - 40)},${n(wy + 24)} L${n(rx - 60)},${n(wy - 20)}" stroke="url(#chrome)" stroke-width="34" stroke-linecap="round"/>`;
  // tank, seat, side cover
  body += `<path d="M${n(w * 0.42)},${n(wy - 215)} C${n(w * 0.45)},${n(wy - 290)} ${n(w * 0.58)},${n(wy - 285)} ${n(w * 0.61)},${n(wy - 250)} C${n(w * 0.6)},${n(wy - 205)} ${n(w * 0.5)},${n(wy - 195)} ${n(w * 0.42)},${n(wy - 215)} Z" fill="url(#tank)"/>`;
  body += `<path d="M${n(w * 0.44)},${n(wy - 250)} C${n(w * 0.5)},${n(wy - 262)} ${n(w * 0.55)},${n(wy - 260)} ${n(w * 0.59)},${n(wy - 240)}" stroke="#e7d9b8" stroke-width="3" fill="none" stroke-opacity="0.7"/>`;
  body += `<path d="M${n(rx - 10)},${n(wy - 205)} L${n(w * 0.43)},${n(wy - 222)} L${n(w * 0.43)},${n(wy - 200)} L${n(rx - 20)},${n(wy - 186)} Z" fill="#151818"/>`;
  body += `<rect x="${n(w * 0.37)}" y="${n(wy - 185)}" width="70" height="70" rx="10" fill="#7e3b33"/>`;
  // fork, headlight, bars
  body += `<path d="M${n(w * 0.6)},${n(wy - 260)} L${n(fx)},${n(wy)}" stroke="url(#chrome)" stroke-width="16"/>`;
  body += `<circle cx="${n(w * 0.64)}" cy="${n(wy - 250)}" r="38" fill="#a4adaa"/><circle cx="${n(w * 0.645)}" cy="${n(wy - 250)}" r="28" fill="#e9ecd9"/>`;
  body += `<path d="M${n(w * 0.6)},${n(wy - 280)} Q${n(w * 0.58)},${n(wy - 320)} ${n(w * 0.55)},${n(wy - 318)}" stroke="#aab3b0" stroke-width="9" fill="none" stroke-linecap="round"/>`;
  return svgDocument(w, h, defs, body);
};

// ---------------------------------------------------------------------------------------------
// 07 Water reflections: pier pilings and boats broken up by ripples (Classic Chrome).

export const waterReflections: SceneFn = (w, h, rand) => {
  const defs =
    vGradient("water", [
      [0, "#9fb3b8"],
      [0.4, "#5f7f8c"],
      [1, "#2d4654"],
    ]) + blurFilter("wob", "2.5 1");
  let body = `<rect width="${w}" height="${h}" fill="url(#water)"/>`;
  // broad colour bands from a hull and the sky
  const bands: Array<[number, number, string, number]> = [
    [0.1, 0.2, "#d7cfbf", 0.55],
    [0.3, 0.46, "#b2874f", 0.5],
    [0.52, 0.6, "#8a4b36", 0.45],
    [0.7, 0.82, "#3e6b6b", 0.5],
  ];
  for (const [y0, y1, colour, op] of bands) {
    let d = `M0,${n(y0 * h)}`;
    for (let x = 0; x <= w; x += 40) d += `L${x},${n(y0 * h + Math.sin(x / 70 + y0 * 9) * 14)}`;
    for (let x = w; x >= 0; x -= 40) d += `L${x},${n(y1 * h + Math.sin(x / 55 + y1 * 7) * 18)}`;
    body += `<path d="${d}Z" fill="${colour}" fill-opacity="${op}"/>`;
  }
  // pilings reflected as wobbling columns: each is one path whose edges follow two sines
  const pilings = [0.12, 0.27, 0.44, 0.61, 0.8, 0.93].map((p) => p * w + between(rand, -20, 20));
  let columns = "";
  for (let i = 0; i < pilings.length; i++) {
    const left: Array<[number, number]> = [];
    const right: Array<[number, number]> = [];
    for (let y = -8; y <= h + 8; y += 8) {
      const amp = 6 + (Math.max(0, y) / h) * 30;
      const centre = pilings[i] + Math.sin(y / 23 + i * 1.7) * amp + Math.sin(y / 7.3 + i) * amp * 0.3;
      const half = (34 + (Math.max(0, y) / h) * 26) / 2 + Math.sin(y / 11 + i) * 5;
      left.push([centre - half, y]);
      right.push([centre + half + Math.sin(y / 5.1 + i * 2) * 3, y]);
    }
    columns += `<polygon points="${points([...left, ...right.reverse()])}"/>`;
  }
  body += `<g fill="#2b2520" fill-opacity="0.78" filter="url(#wob)">${columns}</g>`;
  // glints
  for (let i = 0; i < 120; i++) {
    const x = rand() * w;
    const y = rand() * h;
    const len = between(rand, 20, 90) * (0.5 + y / h);
    body += `<rect x="${n(x)}" y="${n(y)}" width="${n(len)}" height="${n(2 + (y / h) * 4)}" rx="2" fill="#eef3f1" fill-opacity="${n(between(rand, 0.15, 0.45))}"/>`;
  }
  return svgDocument(w, h, defs, body);
};

// ---------------------------------------------------------------------------------------------
// 08 Skyline at night across the water, lit windows and their reflections (Classic Negative).

export const skylineNight: SceneFn = (w, h, rand) => {
  const horizon = h * 0.64;
  const defs =
    vGradient("sky", [
      [0, "#05070f"],
      [0.6, "#141d38"],
      [1, "#33304f"],
    ]) +
    vGradient("water", [
      [0, "#12152a"],
      [1, "#04050b"],
    ]) +
    radialGradient("moon", [
      [0, "#f4efd8", 0.5],
      [1, "#f4efd8", 0],
    ]) +
    blurFilter("streak", "1.5 10") +
    blurFilter("haze", 30);
  let body = `<rect width="${w}" height="${n(horizon)}" fill="url(#sky)"/>`;
  for (let i = 0; i < 90; i++) {
    body += `<circle cx="${n(rand() * w)}" cy="${n(rand() * horizon * 0.6)}" r="${n(between(rand, 0.8, 2))}" fill="#fff" fill-opacity="${n(between(rand, 0.3, 0.9))}"/>`;
  }
  body += `<circle cx="${n(w * 0.82)}" cy="${n(h * 0.14)}" r="120" fill="url(#moon)"/><circle cx="${n(w * 0.82)}" cy="${n(h * 0.14)}" r="34" fill="#f1ecd4"/><circle cx="${n(w * 0.82 + 9)}" cy="${n(h * 0.14 - 6)}" r="8" fill="#d9d2b6"/>`;
  body += `<ellipse cx="${n(w * 0.5)}" cy="${n(horizon)}" rx="${n(w * 0.6)}" ry="90" fill="#7a5a6a" fill-opacity="0.35" filter="url(#haze)"/>`;
  let x = -10;
  let buildings = "";
  let windows = "";
  let reflections = "";
  const tower = w * 0.38;
  while (x < w) {
    const bw = between(rand, 46, 120);
    let bh = between(rand, 80, 320) * (1 - Math.abs(x - w * 0.45) / w);
    const isTower = x < tower && x + bw > tower;
    if (isTower) bh = horizon * 0.78;
    const top = horizon - bh;
    buildings += `<rect x="${n(x)}" y="${n(top)}" width="${n(bw + 1)}" height="${n(bh)}" fill="${pick(rand, ["#0b0f1c", "#0e1324", "#0a0c16", "#111729"])}"/>`;
    if (isTower) {
      buildings += `<polygon points="${points([
        [x, top],
        [x + bw / 2, top - 60],
        [x + bw + 1, top],
      ])}" fill="#0e1324"/>`;
      buildings += `<line x1="${n(x + bw / 2)}" y1="${n(top - 60)}" x2="${n(x + bw / 2)}" y2="${n(top - 190)}" stroke="#1c2338" stroke-width="4"/><circle cx="${n(x + bw / 2)}" cy="${n(top - 190)}" r="4" fill="#ff4b3e"/>`;
    }
    const colour = pick(rand, ["#ffd27f", "#f6efc4", "#ffe3a3", "#bfe0ff"]);
    for (let wx = x + 8; wx < x + bw - 10; wx += 14) {
      for (let wy = top + 12; wy < horizon - 10; wy += 18) {
        if (rand() < 0.24)
          windows += `<rect x="${n(wx)}" y="${n(wy)}" width="6" height="9" fill="${colour}" fill-opacity="${n(between(rand, 0.55, 1))}"/>`;
      }
      if (rand() < 0.35) {
        reflections += `<rect x="${n(wx)}" y="${n(horizon + between(rand, 4, 40))}" width="6" height="${n(between(rand, 60, 200))}" fill="${colour}" fill-opacity="${n(between(rand, 0.15, 0.45))}"/>`;
      }
    }
    x += bw;
  }
  body += buildings + windows;
  body += `<rect y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="url(#water)"/>`;
  body += `<g filter="url(#streak)">${reflections}</g>`;
  body += `<rect y="${n(horizon)}" width="${w}" height="3" fill="#2a2f4a"/>`;
  return svgDocument(w, h, defs, body);
};

// ---------------------------------------------------------------------------------------------
// 09 Ferry on a bright morning, saturated blues and orange (Velvia).

export const ferryMorning: SceneFn = (w, h, rand) => {
  const horizon = h * 0.52;
  const defs =
    vGradient("sky", [
      [0, "#0d47a1"],
      [0.6, "#1e88e5"],
      [1, "#81d4fa"],
    ]) +
    vGradient("water", [
      [0, "#00838f"],
      [1, "#003c4f"],
    ]) +
    blurFilter("cloud", 14) +
    blurFilter("foam", 4);
  let body = `<rect width="${w}" height="${n(horizon)}" fill="url(#sky)"/>`;
  let clouds = "";
  for (let c = 0; c < 5; c++) {
    const cx = between(rand, 0, w);
    const cy = between(rand, h * 0.06, h * 0.3);
    for (let i = 0; i < 6; i++) {
      clouds += `<ellipse cx="${n(cx + between(rand, -120, 120))}" cy="${n(cy + between(rand, -20, 20))}" rx="${n(between(rand, 50, 120))}" ry="${n(between(rand, 22, 45))}"/>`;
    }
  }
  body += `<g fill="#ffffff" fill-opacity="0.9" filter="url(#cloud)">${clouds}</g>`;
  // distant skyline
  let x = w * 0.05;
  while (x < w * 0.7) {
    const bw = between(rand, 14, 40);
    const bh = between(rand, 12, 90);
    body += `<rect x="${n(x)}" y="${n(horizon - bh)}" width="${n(bw + 1)}" height="${n(bh)}" fill="#6f8fb8"/>`;
    x += bw;
  }
  body += `<rect y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="url(#water)"/>`;
  for (let i = 0; i < 70; i++) {
    const y = between(rand, horizon + 8, h);
    const x0 = rand() * w;
    const len = 20 + ((y - horizon) / (h - horizon)) * 120;
    body += `<path d="M${n(x0)},${n(y)} q${n(len / 2)},-8 ${n(len)},0" stroke="#7fe7f0" stroke-opacity="0.45" stroke-width="3" fill="none"/>`;
  }
  // ferry
  const fx = w * 0.42;
  const fy = horizon + 150;
  // wake trailing behind the stern (the ferry heads left), bow wave at the front
  let wake = `<polygon points="${points([
    [fx + 440, fy + 30],
    [w + 40, fy - 10],
    [w + 40, fy + 120],
    [fx + 440, fy + 60],
  ])}" fill-opacity="0.3"/>`;
  for (let i = 0; i < 9; i++) {
    const y = fy + 30 + i * 10;
    wake += `<path d="M${n(fx + 450 + i * 12)},${n(y)} Q${n(fx + 700)},${n(y - 20 + i * 6)} ${n(w + 40)},${n(fy - 30 + i * 18)}" stroke="#ffffff" stroke-opacity="${n(0.55 - i * 0.04)}" stroke-width="${n(6 - i * 0.4)}" fill="none"/>`;
  }
  wake += `<ellipse cx="${n(fx - 30)}" cy="${n(fy + 45)}" rx="60" ry="14" fill-opacity="0.6"/>`;
  body += `<g fill="#ffffff" filter="url(#foam)">${wake}</g>`;
  body += `<polygon points="${points([
    [fx - 40, fy - 30],
    [fx + 470, fy - 30],
    [fx + 440, fy + 40],
    [fx - 10, fy + 40],
  ])}" fill="#ff6d00"/>`;
  body += `<rect x="${n(fx - 10)}" y="${n(fy - 36)}" width="470" height="10" fill="#bf360c"/>`;
  body += `<rect x="${n(fx + 20)}" y="${n(fy - 100)}" width="400" height="66" fill="#fff8e1"/>`;
  body += `<rect x="${n(fx + 60)}" y="${n(fy - 150)}" width="300" height="52" fill="#ffffff"/>`;
  body += `<rect x="${n(fx + 150)}" y="${n(fy - 190)}" width="120" height="42" fill="#ff8f00"/>`;
  let wins = "";
  for (let i = 0; i < 16; i++) wins += `<rect x="${n(fx + 32 + i * 24)}" y="${n(fy - 86)}" width="14" height="16" fill="#0d47a1"/>`;
  for (let i = 0; i < 11; i++) wins += `<rect x="${n(fx + 74 + i * 26)}" y="${n(fy - 138)}" width="14" height="14" fill="#0d47a1"/>`;
  body += wins;
  body += `<line x1="${n(fx + 210)}" y1="${n(fy - 190)}" x2="${n(fx + 210)}" y2="${n(fy - 250)}" stroke="#263238" stroke-width="5"/><polygon points="${points(
    [
      [fx + 212, fy - 250],
      [fx + 250, fy - 240],
      [fx + 212, fy - 230],
    ],
  )}" fill="#d50000"/>`;
  body += `<polygon points="${points([
    [fx - 40, fy + 40],
    [fx + 480, fy + 40],
    [fx + 470, fy + 60],
    [fx - 30, fy + 60],
  ])}" fill="#00363f" fill-opacity="0.6"/>`;
  body += birds(rand, 7, w * 0.05, w * 0.4, h * 0.2, h * 0.45, "#f5f5f5");
  return svgDocument(w, h, defs, body);
};

// ---------------------------------------------------------------------------------------------
// 10 Sailboats in soft morning light (Reala Ace). Portrait.

export const sailboats: SceneFn = (w, h, rand) => {
  const horizon = h * 0.56;
  const defs =
    vGradient("sky", [
      [0, "#8fb5d9"],
      [0.7, "#e9d6c6"],
      [1, "#f6d9b6"],
    ]) +
    vGradient("water", [
      [0, "#7a9fb5"],
      [1, "#2b4f66"],
    ]) +
    radialGradient("sun", [
      [0, "#fff4dc", 0.9],
      [1, "#ffe2b8", 0],
    ]) +
    linearGradient("sail", 0, 0, 1, 0, [
      [0, "#f7f3ea"],
      [1, "#d9d2c4"],
    ]) +
    blurFilter("ref", "2 8");
  let body = `<rect width="${w}" height="${n(horizon)}" fill="url(#sky)"/>`;
  body += `<circle cx="${n(w * 0.25)}" cy="${n(horizon - 120)}" r="260" fill="url(#sun)"/>`;
  body += `<polygon points="${points([
    [0, horizon],
    [0, horizon - 18],
    [w * 0.3, horizon - 26],
    [w * 0.6, horizon - 12],
    [w, horizon - 20],
    [w, horizon],
  ])}" fill="#6e7f8e"/>`;
  body += `<rect y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="url(#water)"/>`;
  const boat = (bx: number, by: number, s: number) => {
    let g = `<path d="M${n(bx - 110 * s)},${n(by)} L${n(bx + 120 * s)},${n(by)} L${n(bx + 90 * s)},${n(by + 30 * s)} L${n(bx - 90 * s)},${n(by + 30 * s)} Z" fill="#f2efe9"/>`;
    g += `<rect x="${n(bx - 90 * s)}" y="${n(by + 22 * s)}" width="${n(180 * s)}" height="${n(8 * s)}" fill="#1f3b57"/>`;
    g += `<line x1="${n(bx)}" y1="${n(by)}" x2="${n(bx)}" y2="${n(by - 420 * s)}" stroke="#3b3b3b" stroke-width="${n(4 * s)}"/>`;
    g += `<polygon points="${points([
      [bx + 4 * s, by - 410 * s],
      [bx + 4 * s, by - 20 * s],
      [bx + 150 * s, by - 20 * s],
    ])}" fill="url(#sail)"/>`;
    g += `<polygon points="${points([
      [bx - 4 * s, by - 380 * s],
      [bx - 4 * s, by - 24 * s],
      [bx - 120 * s, by - 24 * s],
    ])}" fill="#ece6da"/>`;
    return g;
  };
  const fleet = [
    [w * 0.7, horizon + 40, 0.45],
    [w * 0.22, horizon + 90, 0.7],
    [w * 0.55, horizon + 260, 1.1],
  ] as const;
  let boats = "";
  for (const [bx, by, s] of fleet) boats += boat(bx, by, s);
  let refl = "";
  for (const [bx, by, s] of fleet) refl += `<g transform="translate(0 ${n(2 * (by + 30 * s))}) scale(1 -1)">${boat(bx, by, s)}</g>`;
  body += `<g opacity="0.3" filter="url(#ref)">${refl}</g>`;
  body += boats;
  for (let i = 0; i < 60; i++) {
    const y = between(rand, horizon + 10, h);
    const x0 = rand() * w;
    body += `<line x1="${n(x0)}" y1="${n(y)}" x2="${n(x0 + between(rand, 30, 140))}" y2="${n(y)}" stroke="#d7e4ec" stroke-opacity="0.3" stroke-width="2"/>`;
  }
  // buoy
  body += `<path d="M${n(w * 0.18)},${n(h * 0.9)} l30,-90 l30,90 Z" fill="#c62828"/><rect x="${n(w * 0.18 - 8)}" y="${n(h * 0.9)}" width="76" height="16" rx="6" fill="#8e1c1c"/>`;
  body += birds(rand, 4, w * 0.4, w * 0.9, h * 0.1, h * 0.3, "#5a5a66");
  return svgDocument(w, h, defs, body);
};

// ---------------------------------------------------------------------------------------------
// 11 Warehouse windows: brick facade with arched windows and a fire escape (Nostalgic Neg.).
// Drawn upright as portrait; the generator stores it rotated with EXIF Orientation 6.

export const warehouseWindows: SceneFn = (w, h, rand) => {
  const defs =
    vGradient("sky", [
      [0, "#8fb0c8"],
      [1, "#c9d6dc"],
    ]) +
    vGradient("brick", [
      [0, "#9a4a34"],
      [1, "#7a3426"],
    ]) +
    linearGradient("glass", 0, 0, 1, 1, [
      [0, "#c9d3cf"],
      [0.5, "#6f807f"],
      [1, "#3b4848"],
    ]) +
    `<pattern id="courses" width="60" height="22" patternUnits="userSpaceOnUse"><path d="M0,0.5H60M0,11.5H60M0.5,0V11M30.5,11V22" stroke="#5e2419" stroke-width="2.5" fill="none"/></pattern>`;
  const facadeTop = h * 0.09;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += `<rect y="${n(facadeTop)}" width="${w}" height="${n(h - facadeTop)}" fill="url(#brick)"/>`;
  body += `<rect y="${n(facadeTop)}" width="${w}" height="${n(h - facadeTop)}" fill="url(#courses)" opacity="0.45"/>`;
  for (let i = 0; i < 90; i++) {
    body += `<rect x="${n(Math.floor(rand() * (w / 30)) * 30 + 1)}" y="${n(facadeTop + Math.floor(rand() * ((h - facadeTop) / 11)) * 11 + 1)}" width="28" height="9" fill="${rand() < 0.5 ? "#b35d42" : "#5f271c"}" fill-opacity="0.45"/>`;
  }
  body += `<rect y="${n(facadeTop - 14)}" width="${w}" height="40" fill="#5a2a20"/><rect y="${n(facadeTop + 26)}" width="${w}" height="10" fill="#d2c3a6"/>`;
  // arched windows, 3 columns x 4 floors
  const cols = 3;
  const ww = w * 0.18;
  const gap = (w - cols * ww) / (cols + 1);
  for (let row = 0; row < 4; row++) {
    const y = facadeTop + 110 + row * 300;
    for (let col = 0; col < cols; col++) {
      const x = gap + col * (ww + gap);
      const wh = 200;
      const arch = `M${n(x)},${n(y + wh)} V${n(y + ww / 2)} A${n(ww / 2)},${n(ww / 2)} 0 0 1 ${n(x + ww)},${n(y + ww / 2)} V${n(y + wh)} Z`;
      body += `<path d="${arch}" fill="#243130" transform="translate(-10 -10) scale(1)" />`;
      body += `<path d="${arch}" fill="url(#glass)"/>`;
      body += `<path d="M${n(x + ww / 2)},${n(y)}V${n(y + wh)}M${n(x)},${n(y + ww / 2 + 10)}H${n(x + ww)}M${n(x)},${n(y + ww / 2 + 80)}H${n(x + ww)}" stroke="#243130" stroke-width="7"/>`;
      body += `<path d="${arch}" fill="none" stroke="#243130" stroke-width="9"/>`;
      body += `<rect x="${n(x - 14)}" y="${n(y + wh)}" width="${n(ww + 28)}" height="16" fill="#d2c3a6"/>`;
    }
  }
  // fire escape over the middle column
  const fx = gap + (ww + gap) - 40;
  const fw = ww + 80;
  let fe = "";
  for (let row = 0; row < 4; row++) {
    const py = facadeTop + 110 + row * 300 + 216;
    fe += `<rect x="${n(fx)}" y="${n(py)}" width="${n(fw)}" height="10" fill="#151515"/>`;
    fe += `<path d="M${n(fx)},${n(py)}V${n(py - 90)}H${n(fx + fw)}V${n(py)}`;
    for (let bx = fx + 14; bx < fx + fw; bx += 14) fe += `M${n(bx)},${n(py)}V${n(py - 90)}`;
    fe += `" stroke="#151515" stroke-width="3" fill="none"/>`;
    if (row < 3)
      fe += `<path d="M${n(fx + 20)},${n(py + 10)}L${n(fx + fw - 30)},${n(py + 300)}M${n(fx + 40)},${n(py + 10)}L${n(fx + fw - 10)},${n(py + 300)}" stroke="#151515" stroke-width="4"/>`;
  }
  body += fe;
  // loading door and lamp at street level
  const doorY = facadeTop + 110 + 4 * 300 - 30;
  body += `<rect x="${n(w * 0.3)}" y="${n(doorY)}" width="${n(w * 0.4)}" height="${n(h - doorY)}" fill="#2f5d7c"/>`;
  for (let y = doorY + 16; y < h; y += 16)
    body += `<line x1="${n(w * 0.3)}" y1="${n(y)}" x2="${n(w * 0.7)}" y2="${n(y)}" stroke="#244a63" stroke-width="3"/>`;
  body += `<path d="M${n(w * 0.74)},${n(doorY + 20)} h50 v20" stroke="#151515" stroke-width="6" fill="none"/><path d="M${n(w * 0.74 + 30)},${n(doorY + 40)} h40 l-8,24 h-24 Z" fill="#151515"/><ellipse cx="${n(w * 0.74 + 50)}" cy="${n(doorY + 66)}" rx="14" ry="5" fill="#ffe6a6"/>`;
  return svgDocument(w, h, defs, body);
};

// ---------------------------------------------------------------------------------------------
// 12 Turntable from above: a record on a silver platter, tonearm down (Classic Chrome).

export const turntable: SceneFn = (w, h, rand) => {
  const cx = w * 0.5;
  const cy = h * 0.52;
  const defs =
    linearGradient("desk", 0, 0, 1, 1, [
      [0, "#7a634a"],
      [1, "#4f3e2d"],
    ]) +
    linearGradient("plate", 0, 0, 1, 1, [
      [0, "#d2d0ca"],
      [1, "#96948e"],
    ]) +
    radialGradient("vinyl", [
      [0, "#2a2a2a"],
      [0.6, "#161616"],
      [1, "#0d0d0d"],
    ]) +
    blurFilter("shadow", 16);
  let body = `<rect width="${w}" height="${h}" fill="url(#desk)"/>`;
  for (let i = 0; i < 18; i++) {
    const y = between(rand, 0, h);
    body += `<path d="M0,${n(y)} C${n(w * 0.35)},${n(y + between(rand, -20, 20))} ${n(w * 0.7)},${n(y + between(rand, -20, 20))} ${w},${n(y)}" stroke="#3a2c1f" stroke-opacity="0.2" stroke-width="${n(between(rand, 1, 3))}" fill="none"/>`;
  }
  // record sleeve peeking in at the left
  body += `<g transform="rotate(-12 ${n(w * 0.08)} ${n(h * 0.6)})"><rect x="${n(-w * 0.12)}" y="${n(h * 0.3)}" width="420" height="420" fill="#d9c9a3"/><rect x="${n(-w * 0.12 + 40)}" y="${n(h * 0.3 + 40)}" width="160" height="160" fill="#2f6f8f"/><circle cx="${n(-w * 0.12 + 290)}" cy="${n(h * 0.3 + 260)}" r="90" fill="#c8553d"/><rect x="${n(-w * 0.12 + 40)}" y="${n(h * 0.3 + 330)}" width="300" height="14" fill="#3a3a3a"/></g>`;
  // plinth
  const pw = 1000;
  const ph = 780;
  body += `<rect x="${n(cx - pw / 2 + 24)}" y="${n(cy - ph / 2 + 30)}" width="${pw}" height="${ph}" rx="18" fill="#000" fill-opacity="0.5" filter="url(#shadow)"/>`;
  body += `<rect x="${n(cx - pw / 2)}" y="${n(cy - ph / 2)}" width="${pw}" height="${ph}" rx="18" fill="#262524"/>`;
  body += `<rect x="${n(cx - pw / 2 + 16)}" y="${n(cy - ph / 2 + 16)}" width="${pw - 32}" height="${ph - 32}" rx="10" fill="url(#plate)"/>`;
  const px = cx - 110;
  // platter with strobe dots
  body += `<circle cx="${n(px)}" cy="${n(cy)}" r="345" fill="#b7b5af"/>`;
  let dots = "";
  for (let i = 0; i < 120; i++) {
    const a = (i / 120) * Math.PI * 2;
    dots += `<circle cx="${n(px + Math.cos(a) * 336)}" cy="${n(cy + Math.sin(a) * 336)}" r="3"/>`;
  }
  body += `<g fill="#6d6b66">${dots}</g>`;
  // record and grooves
  body += `<circle cx="${n(px)}" cy="${n(cy)}" r="320" fill="url(#vinyl)"/>`;
  let grooves = "";
  for (let r = 130; r < 315; r += 6 + Math.floor(rand() * 4)) grooves += `<circle cx="${n(px)}" cy="${n(cy)}" r="${r}"/>`;
  body += `<g fill="none" stroke="#2c2c2c" stroke-width="1.5">${grooves}</g>`;
  body += `<path d="M${n(px)},${n(cy)} L${n(px - 240)},${n(cy - 215)} A322,322 0 0 1 ${n(px - 40)},${n(cy - 318)} Z" fill="#ffffff" fill-opacity="0.07"/>`;
  body += `<path d="M${n(px)},${n(cy)} L${n(px + 240)},${n(cy + 215)} A322,322 0 0 1 ${n(px + 40)},${n(cy + 318)} Z" fill="#ffffff" fill-opacity="0.05"/>`;
  body += `<circle cx="${n(px)}" cy="${n(cy)}" r="100" fill="#d9822b"/><circle cx="${n(px)}" cy="${n(cy)}" r="70" fill="none" stroke="#f1c27d" stroke-width="3"/><circle cx="${n(px)}" cy="${n(cy)}" r="7" fill="#e8e6e1"/>`;
  // tonearm
  const ax = cx + 360;
  const ay = cy - 270;
  body += `<circle cx="${n(ax)}" cy="${n(ay)}" r="52" fill="#3a3a3a"/><circle cx="${n(ax)}" cy="${n(ay)}" r="28" fill="#c9c7c1"/>`;
  body += `<rect x="${n(ax + 30)}" y="${n(ay - 70)}" width="40" height="60" rx="8" fill="#2e2e2e"/>`;
  body += `<path d="M${n(ax)},${n(ay)} L${n(ax - 40)},${n(ay + 300)} Q${n(ax - 60)},${n(ay + 420)} ${n(ax - 150)},${n(ay + 470)}" stroke="#d8d6d0" stroke-width="11" fill="none" stroke-linecap="round"/>`;
  body += `<rect x="${n(ax - 195)}" y="${n(ay + 455)}" width="60" height="32" rx="4" fill="#1e1e1e" transform="rotate(-28 ${n(ax - 165)} ${n(ay + 471)})"/>`;
  // controls
  body += `<circle cx="${n(cx + 400)}" cy="${n(cy + 300)}" r="26" fill="#3a3a3a"/><rect x="${n(cx + 300)}" y="${n(cy + 200)}" width="60" height="26" rx="4" fill="#3a3a3a"/><rect x="${n(cx - 460)}" y="${n(cy + 320)}" width="90" height="24" rx="4" fill="#3a3a3a"/><circle cx="${n(cx - 470)}" cy="${n(cy - 330)}" r="6" fill="#ff5a3c"/>`;
  return svgDocument(w, h, defs, body);
};
