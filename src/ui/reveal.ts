/** Keep an item of a scrolling box in view: the current move, the player to move. */
import { useEffect, type DependencyList, type RefObject } from 'react';

/** Scroll a box (only it, not the panel around it) so that its first element matching `selector` shows. */
export function revealInside(box: HTMLElement, selector: string) {
  const item = box.querySelector(selector);
  if (!item) return;
  const b = box.getBoundingClientRect();
  const r = item.getBoundingClientRect();
  if (r.top < b.top) box.scrollTop += r.top - b.top;
  else if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom;
  // A wide table (8 players' columns) scrolls sideways too, clear of the column that stays at
  // its left (the move table's round numbers).
  const left = b.left + (box.querySelector('thead .num')?.getBoundingClientRect().width ?? 0);
  if (r.left < left) box.scrollLeft += r.left - left;
  else if (r.right > b.right) box.scrollLeft += r.right - b.right;
}

/** Reveal `selector` inside the box whenever `deps` change and whenever the box is resized. */
export function useRevealed(
  box: RefObject<HTMLElement | null>,
  selector: string,
  deps: DependencyList,
) {
  useEffect(() => {
    if (box.current) revealInside(box.current, selector);
  }, deps);
  // A new size (portrait, a resized window) moves the items: show it again.
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => revealInside(el, selector));
    observer.observe(el);
    return () => observer.disconnect();
  }, [box, selector]);
}
