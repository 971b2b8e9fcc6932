/**
 * Premove (issue #45 item 4; the premove slice): one move queued by this device's human while
 * bots are to move, played when the turn comes if still legal, else dropped with a notice.
 * The bots' moves are played here through the store's play(), as the bot driver does.
 */
import { describe, expect, test } from 'vitest';
import { FLAG_PLACE, isCapture, moveFlag, type Game } from '../../src/core';
import { defaultConfig, type GameConfig } from '../../src/store/config';
import { premoveTargets } from '../../src/store/slices/premove';
import { createGameStore, premovePlayer } from '../../src/store/store';
import { PREMOVE_TEXT } from '../../src/text';

type Store = ReturnType<typeof createGameStore>;

/** Seat 0 human, the others bots; armies placed (balanced). `humans`: how many human seats. */
function game(humans = 1, seed = 'premove-seed'): Store {
  const base = defaultConfig(3, seed);
  const config: GameConfig = {
    ...base,
    placement: 'balanced',
    players: base.players.map((p, i) => (i < humans ? p : { ...p, kind: 'bot', level: 1 })),
  };
  const store = createGameStore();
  expect(store.getState().newGame(config)).toBe(true);
  return store;
}

/** The first quiet move (no capture, no placement) of the player to move in `view`. */
const quiet = (view: Game): number =>
  view.legalActions().find((m) => moveFlag(m) < FLAG_PLACE && !isCapture(view.position, m))!;

/** The human (turn-order index) of seat 0. */
const humanOf = (store: Store): number =>
  store.getState().game!.players.findIndex((p) => p.setupIndex === 0);

/** Play quiet moves until a bot is to move right after the human. */
function toBotsTurn(store: Store): void {
  const human = humanOf(store);
  while (store.getState().view!.position.turn !== human)
    store.getState().play(quiet(store.getState().view!));
  store.getState().play(quiet(store.getState().view!));
}

/** The squares of the human's pieces with their premove targets in the position shown. */
function* premoves(store: Store, human = humanOf(store)) {
  const view = store.getState().view!;
  const pos = view.position;
  for (let board = 0; board < pos.nb; board++)
    for (let square = 0; square < 128; square++) {
      if (square & 0x88 || pos.ownerAt(board, square) !== human) continue;
      for (const d of premoveTargets(view, human, board, square))
        yield { from: { board, square }, d };
    }
}

/** The game after the bots' moves up to the human's turn: `first` first, else quiet moves. */
function afterBots(store: Store, first?: number): Game {
  const human = humanOf(store);
  let g = store.getState().game!;
  let k = 0;
  while (g.position.turn !== human) {
    const m = k++ === 0 && first !== undefined ? first : quiet(g);
    const next = g.play(m);
    if (!next.ok) throw new Error(next.error.message);
    g = next.value;
  }
  return g;
}

/** Whether the move from `from` to `d` is legal in `g`. */
const legalIn = (
  g: Game,
  from: { board: number; square: number },
  d: { board: number; square: number; shift: boolean },
) =>
  g
    .destinations(from.board, from.square)
    .some((t) => t.board === d.board && t.square === d.square && t.shift === d.shift);

function queue(
  store: Store,
  from: { board: number; square: number },
  to: { board: number; square: number },
) {
  store.getState().tapSquare(from.board, from.square);
  store.getState().tapSquare(to.board, to.square);
}

/** Play the bots' moves through the store (the first one `first`, the others quiet). */
function botsPlay(store: Store, first?: number): void {
  const human = humanOf(store);
  let k = 0;
  while (store.getState().view!.position.turn !== human && store.getState().premove) {
    const view = store.getState().view!;
    store.getState().play(k++ === 0 && first !== undefined ? first : quiet(view));
  }
}

describe('premove', () => {
  test('while bots are to move, a tap selects one’s piece with its targets as if it were one’s turn', () => {
    const store = game();
    toBotsTurn(store);
    expect(premovePlayer(store.getState())).toBe(humanOf(store));
    const { from } = premoves(store).next().value!;
    store.getState().tapSquare(from.board, from.square);
    const s = store.getState();
    expect(s.selected).toEqual(from);
    expect(s.targets).toEqual(premoveTargets(s.view!, humanOf(store), from.board, from.square));
    expect(s.targets.length).toBeGreaterThan(0);
  });

  test('a queued premove is played the moment the turn comes, if still legal', () => {
    const store = game();
    toBotsTurn(store);
    const after = afterBots(store);
    const pick = [...premoves(store)].find(({ from, d }) => legalIn(after, from, d))!;
    expect(pick).toBeDefined();
    const length = store.getState().game!.length;
    queue(store, pick.from, pick.d);
    expect(store.getState().premove).toMatchObject({
      from: pick.from,
      to: { board: pick.d.board, square: pick.d.square },
    });
    expect(store.getState().game!.length).toBe(length);
    // The first bot's move: the premove waits for the human's turn.
    store.getState().play(quiet(store.getState().view!));
    expect(store.getState().premove).not.toBeNull();
    botsPlay(store);
    const g = store.getState().game!;
    expect(store.getState().premove).toBeNull();
    expect(g.length).toBe(after.length + 1);
    const action = after
      .destinations(pick.from.board, pick.from.square)
      .find((t) => t.board === pick.d.board && t.square === pick.d.square)!.action;
    expect(g.actions.at(-1)).toBe(after.actionText(action));
    expect(g.position.turn).not.toBe(humanOf(store));
  });

  test('a premove no longer legal when the turn comes is dropped with a notice', () => {
    const store = game();
    toBotsTurn(store);
    // A first bot move after which one of the human's premoves is no longer legal.
    const view = store.getState().view!;
    let found: {
      first: number;
      from: { board: number; square: number };
      d: { board: number; square: number; shift: boolean };
    } | null = null;
    const candidates = [...premoves(store)];
    for (const first of view.legalActions()) {
      if (moveFlag(first) >= FLAG_PLACE) continue;
      const after = afterBots(store, first);
      const gone = candidates.find(({ from, d }) => !legalIn(after, from, d));
      if (gone) {
        found = { first, ...gone };
        break;
      }
    }
    expect(found).not.toBeNull();
    const length = afterBots(store, found!.first).length;
    queue(store, found!.from, found!.d);
    expect(store.getState().premove).not.toBeNull();
    botsPlay(store, found!.first);
    const s = store.getState();
    expect(s.premove).toBeNull();
    expect(s.game!.length).toBe(length);
    expect(s.view!.position.turn).toBe(humanOf(store));
    expect(s.notice).toEqual({ kind: 'info', text: PREMOVE_TEXT.dropped });
  });

  test('one premove at most: a new one replaces the queued one', () => {
    const store = game();
    toBotsTurn(store);
    const [a, b] = [...premoves(store)].filter(
      (p, i, all) =>
        all.findIndex((q) => q.from.square === p.from.square && q.from.board === p.from.board) ===
        i,
    );
    queue(store, a.from, a.d);
    queue(store, b.from, b.d);
    expect(store.getState().premove).toMatchObject({
      from: b.from,
      to: { board: b.d.board, square: b.d.square },
    });
  });

  test('cleared by the Esc action, a new game, undo and browsing history', () => {
    const store = game();
    toBotsTurn(store);
    const { from, d } = premoves(store).next().value!;
    queue(store, from, d);
    store.getState().clearPremove();
    expect(store.getState().premove).toBeNull();
    queue(store, from, d);
    store.getState().goTo(store.getState().cursor - 1);
    expect(store.getState().premove).toBeNull();
    store.getState().goTo(store.getState().game!.length);
    queue(store, from, d);
    store.getState().undo();
    expect(store.getState().premove).toBeNull();
    store.getState().goTo(store.getState().game!.length);
    queue(store, from, d);
    expect(store.getState().premove).not.toBeNull();
    store.getState().newGame(store.getState().config);
    expect(store.getState().premove).toBeNull();
  });

  test('off in pass-and-play: with several humans on this device nothing is queued', () => {
    for (const humans of [2, 3]) {
      const store = game(humans);
      // Whoever is to move (a bot or a human), a tap on a piece of a human not to move queues nothing.
      for (let ply = 0; ply < 12; ply++) {
        const s = store.getState();
        expect(premovePlayer(s)).toBeNull();
        const pos = s.view!.position;
        const other = s.game!.players.findIndex((p, i) => p.setupIndex < humans && i !== pos.turn);
        const from = [...premoves(store, other)][0].from;
        expect(s.tapPremove(from.board, from.square)).toBe(false);
        s.tapSquare(from.board, from.square);
        expect(store.getState().premove).toBeNull();
        s.play(quiet(s.view!));
      }
    }
  });
});
