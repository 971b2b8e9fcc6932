/**
 * The board labels' pictures, for the GPU to draw (labelSprites.ts): each label's DOM button is
 * painted onto one canvas as the stylesheet shows it — its box (background, border, glow, outline),
 * its children's boxes (swatches, the countdown) and its text (name, crowns, count) — read from
 * the laid-out element and its computed styles. So the stylesheet stays the one description of a
 * label's look, and the pictures, drawn while the labels move, look as the buttons shown at rest.
 * Painted again only when the labels change (a commit), never per frame.
 */

/** Room around each label's box in its cell: its glow (10 px) and outline (2 px, 1 px off). */
export const LABEL_PAD = 12;

/** Where a label's picture is in the atlas (CSS px from the atlas's top left, padding included). */
export interface LabelCell {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Cells for boxes of sizes (w, h) in rows of `width` CSS px (shelf packing), and the atlas's size:
 * as wide as that, or as its widest cell.
 */
export function packCells(
  sizes: { w: number; h: number }[],
  width: number,
): { cells: LabelCell[]; width: number; height: number } {
  let x = 0;
  let y = 0;
  let row = 0;
  const cells = sizes.map(({ w, h }) => {
    const cw = Math.ceil(w) + 2 * LABEL_PAD;
    const ch = Math.ceil(h) + 2 * LABEL_PAD;
    if (x > 0 && x + cw > width) {
      x = 0;
      y += row;
      row = 0;
    }
    const cell = { x, y, w: cw, h: ch };
    x += cw;
    row = Math.max(row, ch);
    return cell;
  });
  return { cells, width: Math.max(width, ...cells.map((c) => c.w)), height: y + row };
}

const px = (value: string) => parseFloat(value) || 0;

/** A box's rounded rectangle, grown by `grow` on every side. */
function boxPath(ctx: CanvasRenderingContext2D, r: DOMRect, radius: number, grow: number): void {
  ctx.beginPath();
  const w = r.width + 2 * grow;
  const h = r.height + 2 * grow;
  ctx.roundRect(r.x - grow, r.y - grow, w, h, Math.max(0, Math.min(radius + grow, w / 2, h / 2)));
}

/** `rgba(…) 0px 0px 10px 0px` (Chrome's computed box-shadow): colour and blur, or null. */
function glowOf(shadow: string): { colour: string; blur: number } | null {
  const m = /^(rgba?\([^)]*\))\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+([\d.]+)px/.exec(shadow);
  return m ? { colour: m[1], blur: px(m[4]) } : null;
}

/** Paint an element's own box: glow outside it, background, border, outline. */
function paintBox(ctx: CanvasRenderingContext2D, style: CSSStyleDeclaration, r: DOMRect): void {
  const radius = px(style.borderTopLeftRadius);
  const glow = glowOf(style.boxShadow);
  if (glow) {
    // A box shadow shows outside the box only: draw it with the box, then cut the box out.
    ctx.save();
    ctx.shadowColor = glow.colour;
    ctx.shadowBlur = glow.blur;
    ctx.fillStyle = '#000';
    boxPath(ctx, r, radius, 0);
    ctx.fill();
    ctx.restore();
    ctx.save();
    ctx.globalCompositeOperation = 'destination-out';
    boxPath(ctx, r, radius, 0);
    ctx.fill();
    ctx.restore();
  }
  ctx.fillStyle = style.backgroundColor;
  boxPath(ctx, r, radius, 0);
  ctx.fill();
  const border = px(style.borderTopWidth);
  if (border > 0 && style.borderTopStyle !== 'none') {
    ctx.lineWidth = border;
    ctx.strokeStyle = style.borderTopColor;
    boxPath(ctx, r, radius, -border / 2);
    ctx.stroke();
  }
  const outline = px(style.outlineWidth);
  if (outline > 0 && style.outlineStyle !== 'none') {
    ctx.lineWidth = outline;
    ctx.strokeStyle = style.outlineColor;
    boxPath(ctx, r, radius, px(style.outlineOffset) + outline / 2);
    ctx.stroke();
  }
}

/** One range, made on first use, to measure text nodes with. */
let textRange: Range | null = null;

/** Paint a text node where the page lays it out, in its parent's font and colour. */
function paintText(ctx: CanvasRenderingContext2D, node: Text, origin: DOMRect): void {
  const text = node.data.trim();
  const parent = node.parentElement;
  if (!text || !parent) return;
  const r = (textRange ??= document.createRange());
  r.selectNodeContents(node);
  const box = r.getBoundingClientRect();
  const style = getComputedStyle(parent);
  ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  ctx.letterSpacing = style.letterSpacing === 'normal' ? '0px' : style.letterSpacing;
  ctx.fillStyle = style.color;
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  // The text box is the font's ascent over its descent (line-height aside): the baseline is
  // the ascent below its top.
  const ascent = ctx.measureText(text).fontBoundingBoxAscent;
  ctx.fillText(text, box.left - origin.left, box.top - origin.top + ascent);
}

/** Paint `el` and what it holds, with (0, 0) at its border box's top left. */
function paintTree(ctx: CanvasRenderingContext2D, el: Element, origin: DOMRect): void {
  const rect = el.getBoundingClientRect();
  const local = new DOMRect(
    rect.left - origin.left,
    rect.top - origin.top,
    rect.width,
    rect.height,
  );
  paintBox(ctx, getComputedStyle(el), local);
  for (const child of el.childNodes) {
    if (child instanceof Text) paintText(ctx, child, origin);
    else if (child instanceof Element) paintTree(ctx, child, origin);
  }
}

/** Atlas width in CSS px: a row holds several labels. */
const ATLAS_WIDTH = 512;

/** A painted label: its cell, and its border box's size (CSS px) as the page lays it out. */
export interface PaintedLabel extends LabelCell {
  boxW: number;
  boxH: number;
}

/**
 * Paint the labels (by board index; null: no label) onto `canvas` at `dpr` device pixels a CSS
 * pixel, resizing it to fit. Returns what was painted for each (null for none).
 */
export function paintLabels(
  canvas: HTMLCanvasElement,
  labels: (HTMLElement | null)[],
  dpr: number,
): (PaintedLabel | null)[] {
  const boxes = labels.map((el) => el?.getBoundingClientRect() ?? null);
  const { cells, width, height } = packCells(
    boxes.map((r) => ({ w: r?.width ?? 0, h: r?.height ?? 0 })),
    ATLAS_WIDTH,
  );
  const w = Math.ceil(width * dpr);
  const h = Math.max(1, Math.ceil(height * dpr));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, w, h);
  return labels.map((el, b) => {
    const box = boxes[b];
    if (!el || !box) return null;
    const cell = cells[b];
    ctx.setTransform(dpr, 0, 0, dpr, (cell.x + LABEL_PAD) * dpr, (cell.y + LABEL_PAD) * dpr);
    paintTree(ctx, el, box);
    return { ...cell, boxW: box.width, boxH: box.height };
  });
}
