/**
 * Colour difference, pure maths over "#rrggbb" strings (no three): how far apart two colours
 * look (CIEDE2000 over CIELAB, D65) and the WCAG contrast ratio of their luminances. The
 * palettes' test holds every default palette to minimums of both (issue 50 item 9).
 */

/** Hue in degrees and saturation (HSV) of 0–255 channels: how a colour family is told apart. */
export function hueOf([r, g, b]: readonly number[]): { hue: number; saturation: number } {
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  let hue = 0;
  if (d > 0)
    hue =
      max === r ? ((g - b) / d) * 60 : max === g ? ((b - r) / d + 2) * 60 : ((r - g) / d + 4) * 60;
  return { hue: (hue + 360) % 360, saturation: max ? d / max : 0 };
}

/** The 0–255 channels of "#rrggbb". */
export function channels(hex: string): [number, number, number] {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new Error(`not a #rrggbb colour: "${hex}"`);
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** sRGB channel (0–1) to linear light. */
const linear = (c: number): number => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** Linear-light channels of "#rrggbb". */
function rgb(hex: string): [number, number, number] {
  return channels(hex).map((c) => linear(c / 255)) as [number, number, number];
}

/** WCAG relative luminance (0 black – 1 white). */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio, 1 (same luminance) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** CIELAB (D65 white) of a colour. */
export function lab(hex: string): [number, number, number] {
  const [r, g, b] = rgb(hex);
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

const deg = Math.PI / 180;

/** CIEDE2000 colour difference (Sharma, Wu, Dalal 2005): about 2 is just noticeable. */
export function deltaE2000(a: string, b: string): number {
  return deltaE2000Lab(lab(a), lab(b));
}

/** CIEDE2000 between two CIELAB colours. */
export function deltaE2000Lab(
  [L1, a1, b1]: readonly number[],
  [L2, a2, b2]: readonly number[],
): number {
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const Cm7 = ((C1 + C2) / 2) ** 7;
  const G = 0.5 * (1 - Math.sqrt(Cm7 / (Cm7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const hue = (bb: number, ap: number) => {
    const h = Math.atan2(bb, ap) / deg;
    return h < 0 ? h + 360 : h;
  };
  const h1p = hue(b1, a1p);
  const h2p = hue(b2, a2p);
  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  let dhp = 0;
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin((dhp / 2) * deg);
  const Lpm = (L1 + L2) / 2;
  const Cpm = (C1p + C2p) / 2;
  let hpm = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) <= 180) hpm /= 2;
    else hpm = h1p + h2p < 360 ? (hpm + 360) / 2 : (hpm - 360) / 2;
  }
  const T =
    1 -
    0.17 * Math.cos((hpm - 30) * deg) +
    0.24 * Math.cos(2 * hpm * deg) +
    0.32 * Math.cos((3 * hpm + 6) * deg) -
    0.2 * Math.cos((4 * hpm - 63) * deg);
  const dTheta = 30 * Math.exp(-(((hpm - 275) / 25) ** 2));
  const Cpm7 = Cpm ** 7;
  const Rc = 2 * Math.sqrt(Cpm7 / (Cpm7 + 25 ** 7));
  const Sl = 1 + (0.015 * (Lpm - 50) ** 2) / Math.sqrt(20 + (Lpm - 50) ** 2);
  const Sc = 1 + 0.045 * Cpm;
  const Sh = 1 + 0.015 * Cpm * T;
  const Rt = -Math.sin(2 * dTheta * deg) * Rc;
  return Math.sqrt(
    (dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh),
  );
}
