/**
 * What the overlays floating over the scene (the view toggles, a notice, the demo's caption and
 * control bar) cover of it: the shares of the scene's height to keep clear
 * at its top and bottom when the camera frames boards, so that no overlay hides a board.
 */

/**
 * Overlays along the scene's top edge and along its bottom edge: the game's, and the demo's
 * caption card and control bar (every shot of the camera keeps clear of whichever are shown).
 * The coach's hint is in the side panel, not over the scene.
 */
export const SCENE_OVERLAYS = {
  top: ['.view-toggles', '.notice', '.demo-caption'],
  bottom: ['.demo-bar'],
} as const;

/** A little air between the boards and the overlays (CSS px). */
const AIR = 8;

/**
 * Shares (0…1) of the scene's height covered from its top by the `top` overlays and from its
 * bottom by the `bottom` ones that are on the page now; `fallback` where the scene or an overlay
 * cannot be measured (no DOM, or an overlay not laid out yet but known to come).
 */
export function coveredShares(
  top: readonly string[],
  bottom: readonly string[],
  fallback: { top?: number; bottom?: number } = {},
): { top: number; bottom: number } {
  if (typeof document === 'undefined')
    return { top: fallback.top ?? 0, bottom: fallback.bottom ?? 0 };
  const view = document.querySelector('.scene canvas')?.getBoundingClientRect();
  if (!view?.height) return { top: fallback.top ?? 0, bottom: fallback.bottom ?? 0 };
  const boxes = (selectors: readonly string[]) =>
    selectors.flatMap((s) =>
      [...document.querySelectorAll(s)]
        .map((e) => e.getBoundingClientRect())
        // Only what lies over the scene.
        .filter((r) => r.height > 0 && r.left < view.right && r.right > view.left),
    );
  const share = (px: number) => Math.max(0, (px + AIR) / view.height);
  const above = boxes(top).filter((r) => r.top < view.bottom && r.bottom > view.top);
  const below = boxes(bottom).filter((r) => r.top < view.bottom && r.bottom > view.top);
  return {
    top: above.length
      ? Math.max(...above.map((r) => share(r.bottom - view.top)))
      : (fallback.top ?? 0),
    bottom: below.length
      ? Math.max(...below.map((r) => share(view.bottom - r.top)))
      : (fallback.bottom ?? 0),
  };
}
