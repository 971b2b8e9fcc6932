/**
 * Premove (issue #45 item 4; the premove slice): one move queued by this device's human while
 * bots are to move, played when the turn comes if still legal, else dropped with a notice.
 * The bots' moves are played here through the store's play(), as the bot driver does.
 */
import { describe, expect, test } from 'vitest';
import { FLAG_PLACE, Game, defaultSetup, moveFlag, squareName } from '../../src/core';
import { remoteSource } from '../../src/online/remoteSource';
import { premoveTargets } from '../../src/store/slices/premove';
import { configOf, createGameStore, premovePlayer } from '../../src/store/store';
import { PREMOVE_TEXT } from '../../src/text';
import { onlineInfo } from '../fixtures/onlineInfo';
import { actionIn, onTo, premoveCases, quiet, type PremoveCase } from '../fixtures/premoves';
import { botTable, humanOf, toBotsTurn, type Store } from '../fixtures/botTable';

/** The first `humans` seats human, the others level-1 bots; armies placed (balanced). */
const game = (humans = 1, seed = 'premove-seed'): Store => botTable(humans, seed);

const cases = (store: Store, player = humanOf(store)) => [
  ...premoveCases(store.getState().view!, player),
];

/** Queue `c` by two taps, as a player would. */
function queue(store: Store, c: PremoveCase) {
  store.getState().tapSquare(c.from.board, c.from.square);
  store.getState().tapSquare(c.to.board, c.to.square);
}

/**
 * Play the bots' moves through the store (`first` first, then quiet ones) until the queued
 * premove is gone: played or dropped on the human's turn.
 */
function botsPlay(store: Store, first?: number): void {
  const human = humanOf(store);
  let k = 0;
  while (store.getState().premove && store.getState().view!.position.turn !== human) {
    const view = store.getState().view!;
    store.getState().play(k++ === 0 && first !== undefined ? first : quiet(view));
  }
}

describe('premove', () => {
  test("while bots are to move, a tap selects one's piece with its targets as if it were one's turn", () => {
    const store = game();
    toBotsTurn(store);
    expect(premovePlayer(store.getState())).toBe(humanOf(store));
    const { from } = cases(store)[0];
    const length = store.getState().game!.length;
    store.getState().tapSquare(from.board, from.square);
    const s = store.getState();
    expect(s.selected).toEqual(from);
    expect(s.targets).toEqual(premoveTargets(s.view!, humanOf(store), from.board, from.square));
    expect(s.targets.length).toBeGreaterThan(0);
    expect(s.game!.length).toBe(length);
  });

  test('a queued premove is played the moment the turn comes, if still legal', () => {
    const store = game();
    toBotsTurn(store);
    const after = onTo(store.getState().game!, humanOf(store), quiet);
    const pick = cases(store).find((c) => actionIn(after, c) !== undefined)!;
    expect(pick).toBeDefined();
    const length = store.getState().game!.length;
    queue(store, pick);
    expect(store.getState().premove).toMatchObject({
      from: pick.from,
      to: { board: pick.to.board, square: pick.to.square },
    });
    expect(store.getState().game!.length).toBe(length);
    // The first bot's move: the premove waits for the human's turn.
    store.getState().play(quiet(store.getState().view!));
    expect(store.getState().premove).not.toBeNull();
    botsPlay(store);
    const g = store.getState().game!;
    expect(store.getState().premove).toBeNull();
    expect(g.length).toBe(after.length + 1);
    expect(g.actions.at(-1)).toBe(after.actionText(actionIn(after, pick)!));
    expect(g.position.turn).not.toBe(humanOf(store));
  });

  test("issue #61 item 4: a piece picked for a premove stays picked through a bot's move, and its target tapped after it queues the premove", () => {
    const store = game();
    toBotsTurn(store);
    const human = humanOf(store);
    const g0 = store.getState().game!;
    const mid = g0.play(quiet(g0));
    if (!mid.ok) throw new Error(mid.error.message);
    const after = onTo(mid.value, human, quiet);
    // A premove still offered after the first bot's move and legal when the turn comes.
    const pick = cases(store).find(
      (c) =>
        actionIn(after, c) !== undefined &&
        [...premoveCases(mid.value, human)].some((x) => JSON.stringify(x) === JSON.stringify(c)),
    )!;
    expect(pick).toBeDefined();
    store.getState().tapSquare(pick.from.board, pick.from.square);
    // The first bot moves between the two taps.
    store.getState().play(quiet(store.getState().view!));
    const s = store.getState();
    expect(s.game!.length).toBe(mid.value.length);
    expect(s.selected).toEqual(pick.from);
    expect(s.targets).toEqual(premoveTargets(s.view!, human, pick.from.board, pick.from.square));
    store.getState().tapSquare(pick.to.board, pick.to.square);
    expect(store.getState().premove).toMatchObject({ from: pick.from });
    botsPlay(store);
    const g = store.getState().game!;
    expect(g.actions.at(-1)).toBe(after.actionText(actionIn(after, pick)!));
    expect(g.length).toBe(after.length + 1);
  });

  test('issue #61 item 4: a piece picked while the last bot is to move stays picked when the turn comes, with its moves', () => {
    const store = game();
    toBotsTurn(store);
    const human = humanOf(store);
    store.getState().play(quiet(store.getState().view!));
    const after = onTo(store.getState().game!, human, quiet);
    const pick = cases(store).find((c) => actionIn(after, c) !== undefined)!;
    store.getState().tapSquare(pick.from.board, pick.from.square);
    expect(store.getState().selected).toEqual(pick.from);
    store.getState().play(quiet(store.getState().view!));
    const s = store.getState();
    expect(s.view!.position.turn).toBe(human);
    expect(s.selected).toEqual(pick.from);
    expect(s.targets).toEqual(s.view!.destinations(pick.from.board, pick.from.square));
    store.getState().tapSquare(pick.to.board, pick.to.square);
    expect(store.getState().game!.actions.at(-1)).toBe(after.actionText(actionIn(after, pick)!));
  });

  test('issue #61 item 4: a piece picked for a premove that a bot takes is deselected with a word', () => {
    const store = game();
    const human = humanOf(store);
    // Quiet moves until a bot to move (the human not next) can take one of the human's pieces.
    let found: { from: { board: number; square: number }; take: number } | null = null;
    for (let ply = 0; ply < 400 && !found; ply++) {
      const view = store.getState().view!;
      const pos = view.position;
      if (premovePlayer(store.getState()) === human)
        for (const m of view.legalActions()) {
          const next = view.play(m);
          if (!next.ok) continue;
          const from = [...premoveCases(view, human)]
            .map((c) => c.from)
            .find((f) => next.value.position.ownerAt(f.board, f.square) !== human);
          if (from && pos.ownerAt(from.board, from.square) === human) {
            found = { from, take: m };
            break;
          }
        }
      if (!found) store.getState().play(quiet(view));
    }
    expect(found).not.toBeNull();
    const { from, take } = found!;
    store.getState().tapSquare(from.board, from.square);
    expect(store.getState().selected).toEqual(from);
    store.getState().play(take);
    const s = store.getState();
    expect(s.selected).toBeNull();
    expect(s.premove).toBeNull();
    const names = s.view!.position.g.names;
    expect(s.notice).toEqual({
      kind: 'info',
      text: PREMOVE_TEXT.taken(`${names[from.board]} ${squareName(from.square)}`),
    });
  });

  test('a premove no longer legal when the turn comes is dropped with a notice', () => {
    const store = game();
    toBotsTurn(store);
    // A first bot move after which one of the human's premoves is no longer legal.
    const g0 = store.getState().game!;
    const human = humanOf(store);
    const all = cases(store);
    let found: { first: number; c: PremoveCase; length: number } | null = null;
    for (const first of g0.legalActions()) {
      if (moveFlag(first) >= FLAG_PLACE) continue;
      const after = onTo(g0, human, quiet, first);
      const c = all.find((x) => actionIn(after, x) === undefined);
      if (c) {
        found = { first, c, length: after.length };
        break;
      }
    }
    expect(found).not.toBeNull();
    queue(store, found!.c);
    expect(store.getState().premove).not.toBeNull();
    botsPlay(store, found!.first);
    const s = store.getState();
    expect(s.premove).toBeNull();
    expect(s.game!.length).toBe(found!.length);
    expect(s.view!.position.turn).toBe(human);
    expect(s.notice).toEqual({ kind: 'info', text: PREMOVE_TEXT.dropped });
  });

  test('one premove at most: a new one replaces the queued one', () => {
    const store = game();
    toBotsTurn(store);
    const all = cases(store);
    const a = all[0];
    const b = all.find((c) => c.from.board !== a.from.board || c.from.square !== a.from.square)!;
    queue(store, a);
    queue(store, b);
    expect(store.getState().premove).toMatchObject({
      from: b.from,
      to: { board: b.to.board, square: b.to.square },
    });
  });

  test('cleared by the Esc action, a new game, undo and browsing history', () => {
    const store = game();
    toBotsTurn(store);
    const c = cases(store)[0];
    queue(store, c);
    store.getState().clearPremove();
    expect(store.getState().premove).toBeNull();
    queue(store, c);
    store.getState().goTo(store.getState().cursor - 1);
    expect(store.getState().premove).toBeNull();
    store.getState().goTo(store.getState().game!.length);
    queue(store, c);
    store.getState().undo();
    expect(store.getState().premove).toBeNull();
    store.getState().goTo(store.getState().game!.length);
    queue(store, c);
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
        const turn = s.view!.position.turn;
        const other = s.game!.players.findIndex((p, i) => p.setupIndex < humans && i !== turn);
        const { from } = cases(store, other)[0];
        expect(s.tapPremove(from.board, from.square)).toBe(false);
        s.tapSquare(from.board, from.square);
        expect(store.getState().premove).toBeNull();
        s.play(quiet(s.view!));
      }
    }
  });

  test('off in a lesson: its opponents are scripted', () => {
    const store = game();
    toBotsTurn(store);
    const { game: g, config } = store.getState();
    expect(premovePlayer(store.getState())).toBe(humanOf(store));
    store.setState({ persist: false });
    store.getState().startLesson('boards', g!, config);
    expect(store.getState().view!.position.turn).not.toBe(humanOf(store));
    expect(premovePlayer(store.getState())).toBeNull();
    const { from } = cases(store)[0];
    expect(store.getState().tapPremove(from.board, from.square)).toBe(false);
  });

  test("online: queued while another seat is to move, sent to the room like any move when the room's update brings the turn", () => {
    const created = Game.create(defaultSetup(3, 'premove-online'));
    if (!created.ok) throw new Error(created.error.message);
    const placed = created.value.autoPlace('balanced', 'all');
    if (!placed.ok) throw new Error(placed.error.message);
    let record = placed.value.withoutPlans();
    const hashOf = (g: Game) => `${g.length}:${g.actions.join(' ')}`;
    const sent: { ply: number; text: string }[] = [];
    const source = remoteSource(
      { sendAction: (ply, text) => sent.push({ ply, text }), askRecord: () => {} },
      hashOf,
    );
    const store = createGameStore(source);
    source.reset(record);
    // This device holds the seat of the player after the one to move.
    const theirs = quiet(record);
    const next = record.play(theirs);
    if (!next.ok) throw new Error(next.error.message);
    const mine = next.value.position.turn;
    store.setState({ online: onlineInfo(record.players[mine].setupIndex) });
    store.getState().openRemote(record, configOf(record));
    expect(premovePlayer(store.getState())).toBe(mine);
    const pick = [...premoveCases(record, mine)].find(
      (c) => actionIn(next.value, c) !== undefined,
    )!;
    queue(store, pick);
    expect(store.getState().premove).not.toBeNull();
    expect(sent).toEqual([]);
    // The room accepts the other seat's move and says so: the premove goes to the room.
    const text = record.actionText(theirs);
    record = next.value.withoutPlans();
    source.accepted(record.length - 1, [text], hashOf(record));
    expect(sent).toEqual([
      { ply: record.length, text: record.actionText(actionIn(record, pick)!) },
    ]);
    expect(store.getState().premove).toBeNull();
    // Shown only once the room accepts it, as any move.
    expect(store.getState().game!.length).toBe(record.length);
  });
});
