/**
 * Pass-and-play: with several humans at one device, when the turn passes from one human to
 * another the screen says whose turn it is ("Pass to Sky") and covers the boards until that
 * player says they are there; meanwhile the view turns to their side. Both wait until the move
 * has landed (landing.ts): the mover sees their piece arrive first; the first turn of play does not
 * wait (the cover is up before any board shows). A device preference switches
 * it off. Placement is not interrupted (its turns are a piece each). In a timed game the clocks
 * stand still while it shows.
 */
import { useEffect, useMemo, useState } from 'react';
import { PLAY, type Game } from '../core';
import { useAfterLanding, type LandingWatch } from '../store/landing';
import { movable } from '../store/movable';
import { usePrefs } from '../device/prefs';
import { useGame } from '../store/store';
import { turnAccess } from '../store/turnAccess';

/** The human to move at the end of the record in play, when two or more seats are human. */
function useHumanToMove(): { label: string; name: string; colour: string } | null {
  return useGame((s) => {
    const { view, screen, online } = s;
    const access = turnAccess(s);
    // Online, every player has their own device.
    if (screen !== 'game' || online || !access.may || !access.live) return null;
    if (view!.position.phase !== PLAY) return null;
    return movable(s).seats.length >= 2 ? view!.players[access.player] : null;
  });
}

/**
 * Whether play has just begun in `view`: no move made yet, so there is no mover to watch a piece
 * land (the armies just placed, or a game set up from a position).
 */
const playJustBegun = (view: Game | null): boolean =>
  !!view && (view.length === 0 || view.positionAt(view.length - 1).phase !== PLAY);

export function HandOver({ scene }: { scene: LandingWatch }) {
  const on = usePrefs((s) => s.passAndPlay);
  const game = useGame((s) => s.game);
  const view = useGame((s) => s.view);
  const animation = useGame((s) => s.animation);
  const player = useHumanToMove();
  const afterLanding = useAfterLanding(player?.label ?? null, animation, scene);
  // The first player of the game gets the screen at once: their boards never show before it.
  const begun = useMemo(() => playJustBegun(view), [view]);
  const landed = begun ? (player?.label ?? null) : afterLanding;
  // Who last confirmed being at the device, in which game record (a new game starts over).
  const [here, setHere] = useState<{ label: string; setup: unknown } | null>(null);
  const shown =
    on &&
    !!player &&
    !!game &&
    landed === player.label &&
    !(here?.label === player.label && here.setup === game.setup);
  // The clocks stand still while the device is passed (offline only; slices/clocks.ts).
  const holdClocks = useGame((s) => s.holdClocks);
  useEffect(() => {
    holdClocks(shown);
    return () => holdClocks(false);
  }, [shown, holdClocks]);
  if (!shown || !player || !game) return null;
  return (
    <div className="hand-over" role="dialog" aria-modal="true" aria-label="Pass the device">
      <div className="hand-over-card">
        <span className="swatch" style={{ background: player.colour }} />
        <h2>Pass to {player.name}</h2>
        <p>
          {player.name} ({player.label}) is to move. Their boards are turned to them.
        </p>
        <button
          type="button"
          className="primary"
          onClick={() => setHere({ label: player.label, setup: game.setup })}
        >
          I'm {player.name} — show my boards
        </button>
      </div>
    </div>
  );
}
