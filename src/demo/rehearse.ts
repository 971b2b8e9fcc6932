/**
 * A show rehearsed: played through the director as on the page, at 1×, without waiting. Each bot's
 * move is chosen at once (by `choose`, the bots of the caller's choice) and handed to the
 * director's pacer before it is played, so that the pauses, camera leads and captions are the
 * page's, counted on the show's own clock. For choosing seeds (scripts/demoSeeds.ts) and for the
 * demo's tests: when the first collapse comes, and how long each caption stays up.
 */
import { parseAction, type Game } from '../core';
import type { BotDriver, BotPacer } from '../drivers/bots';
import { createGameStore } from '../store/store';
import { exitDemo, startDemo } from './director';
import { useDemo } from './state';

export interface ShownCaption {
  text: string;
  /** The show's clock (ms at 1×) when the caption came up and when the next one replaced it. */
  from: number;
  to: number;
}

export interface Rehearsal {
  /** The show's clock at its first collapse (null: none within the actions played). */
  firstCollapseAt: number | null;
  /** Every caption of the show, in order (the last one up to the end of the rehearsal). */
  captions: ShownCaption[];
  /** Moves played after placement. */
  moves: number;
}

/**
 * Rehearse the show of `seed` until `until(game)` holds, the show ends or `maxMoves` moves after
 * placement have been played. `choose` gives the text of the bot's action in a game.
 */
export function rehearse(
  seed: string,
  choose: (game: Game) => string | null,
  {
    maxMoves = 200,
    until = () => false,
  }: { maxMoves?: number; until?: (game: Game) => boolean } = {},
): Rehearsal {
  const store = createGameStore();
  let pacer: BotPacer | null = null;
  const bots: BotDriver = {
    update: () => {},
    cancel: () => {},
    setPacer: (p) => void (pacer = p),
    disconnect: () => {},
  };
  const captions: ShownCaption[] = [];
  const unsubscribe = useDemo.subscribe((d, prev) => {
    if (d.caption === prev.caption && d.captionAt === prev.captionAt) return;
    const last = captions.at(-1);
    if (last) last.to = prev.clock;
    captions.push({ text: d.caption, from: prev.clock, to: prev.clock });
  });
  let moves = 0;
  try {
    startDemo({ seed, speed: 1 }, { store, bots });
    for (;;) {
      const game = store.getState().game;
      const d = useDemo.getState();
      if (!game || !pacer || d.ranking || moves >= maxMoves || until(game)) break;
      const text = choose(game);
      if (!text) break;
      const placing = game.status().phase === 'placement';
      (pacer as BotPacer).lead(game, text);
      const action = parseAction(game.position, text);
      if (!action.ok || !store.getState().play(action.value))
        throw new Error(`${seed}: the bot's ${text} could not be played`);
      if (!placing) moves++;
    }
    const end = useDemo.getState();
    const last = captions.at(-1);
    if (last) last.to = end.clock;
    return { firstCollapseAt: end.firstCollapseAt, captions, moves };
  } finally {
    unsubscribe();
    exitDemo();
  }
}
