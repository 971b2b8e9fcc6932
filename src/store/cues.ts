/**
 * What an action gives the senses: the cues of the k-th action of a record (a move, a capture,
 * a shift, a check…), for vibration now and sound later. Pure: derived from the record by the
 * core, so replaying a game gives the same cues.
 */
import {
  FLAG_PLACE,
  isCapture,
  isSeatAction,
  moveFlag,
  moveFromBoard,
  moveToBoard,
  parseAction,
  type Game,
} from '../core';

export const CUES = [
  'place',
  'move',
  'capture',
  'shift',
  'check',
  'checkmate',
  'elimination',
  'collapse',
] as const;
export type Cue = (typeof CUES)[number];

/** The cues of action k (1-based: the action that leads to position k), strongest last. */
export function cuesOf(game: Game, k: number): Cue[] {
  if (k < 1 || k > game.length) return [];
  const before = game.positionAt(k - 1);
  const parsed = parseAction(before, game.actions[k - 1]);
  const cues: Cue[] = [];
  if (parsed.ok) {
    const m = parsed.value;
    if (moveFlag(m) === FLAG_PLACE) cues.push('place');
    // A seat action (R11.4) moves nothing: only what it made happen sounds.
    else if (!isSeatAction(m)) {
      cues.push(isCapture(before, m) ? 'capture' : 'move');
      if (moveFromBoard(m) !== moveToBoard(m)) cues.push('shift');
    }
  }
  const events = game.eventsOf(k);
  if (events.some((e) => e.type === 'check')) cues.push('check');
  if (events.some((e) => e.type === 'checkmate')) cues.push('checkmate');
  if (events.some((e) => e.type === 'eliminated')) cues.push('elimination');
  if (events.some((e) => e.type === 'collapse')) cues.push('collapse');
  return cues;
}
