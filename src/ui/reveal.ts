/** Scroll a box (only it, not the panel around it) so that its first element matching `selector` shows. */
export function revealInside(box: HTMLElement, selector: string) {
  const item = box.querySelector(selector);
  if (!item) return;
  const b = box.getBoundingClientRect();
  const r = item.getBoundingClientRect();
  if (r.top < b.top) box.scrollTop += r.top - b.top;
  else if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom;
}
