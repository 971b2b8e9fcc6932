/** The game a page shows, replayed here from its config and record (to find its pieces). */
import { Game, NO_OPTIONS } from '../../src/core';
import { toSetup, type GameConfig } from '../../src/store/config';
import type { Config } from './harness';

const ok = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** The game of config `c` after `moves` (the seam's record). */
export function replayed(c: Config, moves: readonly string[]): Game {
  const setup = { ...c, placement: 'hand', options: { ...NO_OPTIONS, ...c.options } };
  let game = ok(Game.create(toSetup(setup as GameConfig)));
  for (const m of moves) game = ok(game.play(m));
  return game;
}
