/**
 * How fair a start is (R2.4), over seeded games placed "balanced" for every seat and then played
 * by level-2 bots: the share of starts where some player has a capture available in the first
 * round of play, where some player has lost material worth 3 or more by the end of the second,
 * and (for information) where some player has a check available in the first round, and a
 * mate in one as play starts. The same for the balanced placement as it was
 * (placementBefore.ts), in the same run.
 */
import { FLAG_PLACE, Game, PLACEMENT, PLAY, isCapture, materialOf, moveFlag } from '../src/core';
import { chooseAction } from '../src/ai/bot';
import { placementBefore } from './placementBefore';
import { newGame } from './games';
import { startFacts } from './startFacts';

type Placement = 'balanced' | 'before';

function placed(game: Game, how: Placement): Game {
  if (how === 'balanced') {
    const r = game.autoPlace('balanced', 'all');
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  }
  while (game.position.phase === PLACEMENT) {
    const r = game.play(placementBefore(game.position));
    if (!r.ok) throw new Error(r.error.message);
    game = r.value;
  }
  return game;
}

interface StartResult {
  capture: boolean;
  check: boolean;
  mate: boolean;
  lost3: boolean;
}

/** One start: placed, then two rounds of level-2 bots. */
function playStart(players: number, seed: string, how: Placement): StartResult {
  let game = placed(newGame(players, seed), how);
  const facts = startFacts(game.position);
  let capture = false;
  for (let turn = 0; turn < 2 * players && game.position.phase === PLAY; turn++) {
    // The first round: a capture open to the player to move.
    if (turn < players)
      capture ||= game
        .legalActions()
        .some((m) => moveFlag(m) < FLAG_PLACE && isCapture(game.position, m));
    const choice = chooseAction(game.position.clone(), { level: 2, seed, timeMs: Infinity });
    if (!choice) break;
    const r = game.play(choice.action);
    if (!r.ok) throw new Error(r.error.message);
    game = r.value;
  }
  const lost3 = materialOf(game.position).some(
    (m) => m.lost.reduce((a, n, role) => a + n * VALUES[role], 0) >= 3,
  );
  return { capture: capture || facts.capture, check: facts.check, mate: facts.mate, lost3 };
}

const VALUES = [0, 1, 3, 3, 5, 9, 0];

export function benchStarts(emit: (line: Record<string, unknown>) => void, starts = 1000): void {
  for (const players of [3, 5, 8]) {
    const line: Record<string, unknown> = { bench: 'starts', players, starts };
    for (const how of ['balanced', 'before'] as const) {
      let capture = 0;
      let check = 0;
      let mate = 0;
      let lost3 = 0;
      const t = performance.now();
      for (let s = 0; s < starts; s++) {
        const f = playStart(players, `start-${s}`, how);
        capture += +f.capture;
        check += +f.check;
        mate += +f.mate;
        lost3 += +f.lost3;
      }
      const pct = (k: number) => Number(((100 * k) / starts).toFixed(1));
      line[how] = {
        capture_round1_pct: pct(capture),
        lost3_by_round2_pct: pct(lost3),
        check_round1_pct: pct(check),
        mate_in_one_at_start_pct: pct(mate),
        seconds: Number(((performance.now() - t) / 1000).toFixed(1)),
      };
    }
    emit(line);
  }
}
