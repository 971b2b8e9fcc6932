/**
 * Key moments (issue 47 item 2): the time keyMoments takes over a whole record with no review
 * (its own work: every legal move of every position tried for a mate in one, shifts, eliminations),
 * first and again (cached), beside the plain replay of the same record (every position
 * rebuilt), in the same run. Seeded random games are its worst case: kings stand exposed, so
 * nearly every position has checking moves to try out.
 *
 *   npx tsx bench/moments.ts
 */
import { keyMoments } from '../src/ai/moments';
import { Game } from '../src/core';
import { newGame, playRandomly } from './games';

const emit = (line: Record<string, unknown>): void => console.log(JSON.stringify(line));

/** The same record replayed from its setup (a fresh Game, every action played again). */
function replay(game: Game): Game {
  let g = newGame(game.players.length, game.setup.seed);
  for (const text of game.actions) {
    const next = g.play(text);
    if (!next.ok) throw new Error(next.error.message);
    g = next.value;
  }
  return g;
}

function timed<T>(run: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = run();
  return { ms: performance.now() - start, value };
}

for (const [players, actions] of [
  [5, 300],
  [8, 1500],
] as const) {
  const played = playRandomly(
    newGame(players, `moments-${players}`),
    `moments-${players}`,
    (g) => g.length < actions && g.status().phase !== 'over',
  );
  const plain = timed(() => replay(played));
  const game = plain.value;
  const first = timed(() => keyMoments(game, []));
  const again = timed(() => keyMoments(game, []));
  emit({
    line: 'moments',
    players,
    actions: game.length,
    replayMs: Math.round(plain.ms),
    momentsMs: Math.round(first.ms),
    againMs: Math.round(again.ms),
    ratio: Number((first.ms / plain.ms).toFixed(1)),
    moments: first.value.length,
  });
}
