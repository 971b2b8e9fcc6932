/**
 * The cost of a game review (src/ai/review.ts, issue #47): a 300-action game of 5 players and a
 * 1 500-action game of 8, each played by seeded level-1 bots, reviewed at the default depth
 * (analyse.ts: level 2's node budget for every judged action), beside the plain replay of the
 * same record (loadGame, best of three) in the same run. Prints one JSON line per game; the
 * ratio review / replay holds across machines, the seconds do not. Call benchReview()
 * (bench/index.ts does), or run this file with tsx.
 */
import { OVER, loadGame, play, saveGame, type Game, type SaveFile } from '../src/core';
import { BotWorkspace, chooseAction, nodeBudget } from '../src/ai/bot';
import { reviewGame } from '../src/ai/review';
import { newGame } from './games';

const RUNS = 3;
/** Node budget of the level-1 bots that play the records (short: the record is what counts). */
const PLAY_NODES = 300;

const emit = (line: Record<string, unknown>): void => console.log(JSON.stringify(line));
const round = (x: number, digits = 0): number => Number(x.toFixed(digits));

/** A saved game of `players` level-1 bots with exactly `actions` actions (the first seed that lasts). */
function botRecord(players: number, actions: number): SaveFile {
  const workspace = new BotWorkspace();
  for (let attempt = 0; attempt < 20; attempt++) {
    const seed = `review:${players}:${attempt}`;
    const game = newGame(players, seed);
    const pos = game.position.clone();
    const texts: string[] = [];
    while (texts.length < actions && pos.phase !== OVER) {
      const choice = chooseAction(pos, { level: 1, seed, nodes: PLAY_NODES, workspace });
      if (!choice) break;
      texts.push(choice.text);
      play(pos, choice.action);
      pos.commit();
    }
    if (texts.length === actions) return { ...saveGame(game), actions: texts };
  }
  throw new Error(`no seeded ${players}-player bot game lasted ${actions} actions`);
}

function load(save: SaveFile): Game {
  const loaded = loadGame(save);
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

/** The fastest of RUNS plain replays (after one to warm up), in ms. */
function replayMs(save: SaveFile): number {
  load(save);
  let ms = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    load(save);
    ms = Math.min(ms, performance.now() - t);
  }
  return ms;
}

function benchOne(players: number, actions: number): void {
  const save = botRecord(players, actions);
  const game = load(save);
  const replay = replayMs(save);
  const t = performance.now();
  const steps = reviewGame(game);
  let next = steps.next();
  while (!next.done) next = steps.next();
  const reviewMs = performance.now() - t;
  const judged = next.value.actions.filter((r) => r !== null).length;
  emit({
    bench: 'review',
    players,
    actions,
    judged,
    nodes_per_judged: nodeBudget(2, players),
    review_s: round(reviewMs / 1000, 1),
    review_ms_per_judged: round(reviewMs / Math.max(judged, 1), 1),
    replay_ms: round(replay, 1),
    ratio: round(reviewMs / replay),
  });
}

export function benchReview(): void {
  benchOne(5, 300);
  benchOne(8, 1500);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) benchReview();
