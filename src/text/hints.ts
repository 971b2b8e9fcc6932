/**
 * The hints of a first game, one for each moment a newcomer meets (issue #13): placing the
 * army, playing, a final move after checkmate, the capture of a mated king, and a cowardly
 * king's flight. Each is dismissed for good on its own ("Got it").
 */
import type { TurnKind } from '../core';

export type HintMoment = 'placement' | 'play' | 'final-move' | 'forced-capture' | 'flight';

export const HINT_MOMENTS: readonly HintMoment[] = [
  'placement',
  'play',
  'final-move',
  'forced-capture',
  'flight',
];

export const HINTS: Record<HintMoment, { title: string; text: string }> = {
  placement: {
    title: 'Placing your army',
    text: 'Pick a piece in the tray, then click one of your boards: it lands on its home square there. Your boards are the ones whose names hold your letter. "Auto-place" places the rest for you.',
  },
  play: {
    title: 'Your move',
    text: `Click one of your pieces: green dots show its moves on its board, discs in your colour the boards it can shift to along the lit edges. Your king stands on all your boards at once, so a check on any of them is check. Drag to orbit, wheel or pinch to zoom; click a board's label to focus it; "Frame all" (F) shows every board.`,
  },
  'final-move': {
    title: 'Checkmated',
    text: "Your king cannot escape, but you still make one final move, and your king's safety no longer matters. Then the player who mated you takes your king and your pieces turn to stone.",
  },
  'forced-capture': {
    title: 'Take the king',
    text: 'You checkmated a player: this turn you must capture their king, on any board where you attack it. Its red discs are your only moves.',
  },
  flight: {
    title: 'Your king flees',
    text: 'A cowardly king is not captured: it flees to the same square of another of your boards. Click one of the marked squares; a piece of yours standing there is removed.',
  },
};

/** The moment of a turn of `kind` (null: no hint for it). */
export function hintMoment(kind: TurnKind | null): HintMoment | null {
  if (kind === 'place') return 'placement';
  if (kind === 'move') return 'play';
  if (kind === 'final-move' || kind === 'forced-capture' || kind === 'flight') return kind;
  return null;
}
