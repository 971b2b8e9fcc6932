/**
 * The camera follows the player whose side is shown, through the store's camera requests. When
 * the table turns to another player at this device (pass-and-play, with the hand-over screen on)
 * it frames that player's live boards, the boards where they are in check listed first; not
 * online, where the viewer is this device's seat. And when the player shown comes into check on
 * a board whose king the camera does not show (zoomed in on another board), it frames the boards
 * of the check.
 */
import { useEffect, useRef } from 'react';
import type { Game } from '../core';
import { useGame } from '../store/store';
import { usePrefs } from '../device/prefs';
import { turnAccess } from '../store/turnAccess';
import type { SceneHandle } from './handle';
import { screenOfSquare } from './input/pick';

/** The boards (indices) where player p is in check in `view`. */
function checkedBoards(view: Game | null, p: number): number[] {
  if (!view || p < 0) return [];
  const names = view.position.g.names;
  return (view.status().players[p]?.checkedOn ?? []).map((name) => names.indexOf(name));
}

export function useFollowViewer(viewer: number, seat: number | null, handle: SceneHandle): void {
  // Which check the camera last answered: the viewer and the boards of their check.
  const check = useGame((s) => {
    const checked = checkedBoards(s.view, viewer);
    return checked.length ? `${viewer}:${checked.join(' ')}` : '';
  });
  const shownFor = useRef(viewer);
  const answered = useRef(check);
  useEffect(() => {
    const turned = viewer !== shownFor.current;
    const newCheck = check !== answered.current;
    shownFor.current = viewer;
    answered.current = check;
    const s = useGame.getState();
    const view = s.view;
    if (viewer < 0 || !view) return;
    const pos = view.position;
    const checked = checkedBoards(view, viewer);
    // With the hand-over screen off the table turns and the view stays as the players left it.
    if (turned && seat === null && usePrefs.getState().passAndPlay) {
      const mine = [];
      for (let b = 0; b < pos.nb; b++)
        if (pos.isLive(b) && pos.boardPlayers(b).includes(viewer)) mine.push(b);
      const inCheck = (b: number) => checked.includes(b);
      s.focusBoards([...mine.filter(inCheck), ...mine.filter((b) => !inCheck(b))]);
      return;
    }
    if (!newCheck || !checked.length || !turnAccess(s).live) return;
    if (checked.some((b) => !screenOfSquare(handle, b, pos.kingSquare(viewer, b))))
      s.focusBoards(checked);
  }, [viewer, seat, check, handle]);
}
