/**
 * RULES R11 (clocks and absent players) in the record: time-outs (R11.2), absences, bot
 * take-overs and returns (R11.3) as actions of the record (R11.4) — their effect at any moment
 * of a turn, their text forms, their validation, and replay. The clocks themselves: clock.test.ts.
 */
import { describe, expect, test } from 'vitest';
import {
  ELIMINATED,
  MATED,
  MODE_CAPTURE,
  MODE_FINAL,
  MODE_FLIGHT,
  MODE_NORMAL,
  PLACEMENT,
  Game,
  encodeSeatAction,
  isSeatAction,
  loadSavedGame,
  makeAction,
  makePosition,
  parseAction,
  saveGame,
  seatHoldersAt,
  SEAT_ABSENT,
  SEAT_BOT,
  SEAT_RETURN,
  SEAT_TIMEOUT,
  RESIGN,
  type SavedSeat,
} from '../../src/core';
import {
  apply,
  build,
  field,
  label,
  moves,
  newGame,
  outcome,
  placedGame,
  playAll,
  position,
  setupOf,
  turnOf,
  type PieceMap,
} from './helpers';

const A = 0;
const B = 1;
const C = 2;
const D = 3;

/** A is checkmated by B on AB (see rules-r6-r8.test.ts): A's final move is pending. */
const MATE_AB: PieceMap = { a1: 'r', b2: 'r', g2: 'P' };
const MATE_AC: PieceMap = { a7: 'R', a8: 'r', b6: 'n' };
const mated = (players = 3) =>
  build({ players, pieces: { AB: MATE_AB, AC: MATE_AC, BC: { c7: 'n', b1: 'N' } } });

/** After A's final move (AC:Ra7xa8) B owes the capture of A's king (R6.3). */
const captureOwed = () => {
  const pos = mated();
  apply(pos, 'AC:Ra7xa8');
  expect(turnOf(pos)).toBe('B');
  expect(pos.mode).toBe(MODE_CAPTURE);
  return pos;
};

/** The whole position as JSON, to compare two positions. */
const fenOf = (pos: Game['position']) => JSON.stringify(makePosition(pos));

const cause = (pos: ReturnType<typeof build>, p: number) =>
  ['resigned', 'captured', 'removed', 'checkmate', 'no-flight', 'no-board', 'timed-out', 'left'][
    pos.eliminationCause[p]
  ];

describe('R11.2 a player whose time runs out is eliminated as if they had resigned', () => {
  test('R11.2 the mover times out: eliminated, no checkmater, the turn passes', () => {
    const game = playAll(placedGame(3), 'timeout A');
    const pos = game.position;
    expect(pos.status[A]).toBe(ELIMINATED);
    expect(pos.eliminatedBy[A]).toBe(-1);
    expect(game.status().players[A].eliminationCause).toBe('timed-out');
    expect(game.status().turn).toBe('B');
    expect(game.eventsOf(game.length)).toEqual([
      { type: 'eliminated', player: 'A', by: null, cause: 'timed-out' },
    ]);
  });

  test('R11.2 a player times out out of turn: eliminated at once, the mover moves on', () => {
    const before = placedGame(3);
    const game = playAll(before, 'timeout C');
    expect(game.position.status[C]).toBe(ELIMINATED);
    expect(game.status().turn).toBe('A');
    expect(game.position.ply).toBe(before.position.ply);
    // A's moves are still A's: the turn was not spent.
    expect(game.legalActions().length).toBeGreaterThan(0);
    const next = playAll(game, game.legalActions()[0]);
    expect(next.status().turn).toBe('B');
  });

  test('R11.2 a time-out during placement: the others go on placing', () => {
    const game = playAll(newGame(3), 'timeout A');
    expect(game.position.phase).toBe(PLACEMENT);
    expect(game.status().turn).toBe('B');
    const rest = game.autoPlace('balanced', 'all');
    expect(rest.ok && rest.value.status().phase).toBe('play');
    // Play starts with the first player left (R2.5).
    expect(rest.ok && rest.value.status().turn).toBe('B');
  });

  test('R11.2 two players left: the other player wins', () => {
    const pos = build({ players: 3, eliminated: ['C'], pieces: { AB: { a1: 'R' } } });
    apply(pos, 'timeout B');
    expect(outcome(pos)).toEqual({ over: true, winner: 'A', reason: 'none' });
    expect(cause(pos, B)).toBe('timed-out');
    const twoPlayers = playAll(newGame(2), 'timeout A');
    expect(twoPlayers.status().result).toEqual({
      winner: 'B',
      drawReason: null,
      ranking: [['B'], ['A']],
    });
  });

  test('R11.2 R7.2 two players left, the other cannot mate: the game is drawn', () => {
    // B has a bare king: A's time running out draws.
    const bare = build({ players: 3, eliminated: ['C'], pieces: { AB: { a1: 'R' } } });
    apply(bare, 'timeout A');
    expect(outcome(bare)).toEqual({ over: true, winner: null, reason: 'timeout-material' });
    expect(bare.status[A]).toBe(ELIMINATED);
    // One bishop cannot mate either; two knights count as mating material (R7.2).
    const bishop = build({ players: 3, eliminated: ['C'], pieces: { AB: { c8: 'b', a1: 'R' } } });
    apply(bishop, 'timeout A');
    expect(outcome(bishop).reason).toBe('timeout-material');
    const knights = build({
      players: 3,
      eliminated: ['C'],
      pieces: { AB: { b8: 'n', g8: 'n', a1: 'R' } },
    });
    apply(knights, 'timeout A');
    expect(outcome(knights)).toEqual({ over: true, winner: 'B', reason: 'none' });
  });

  test('R11.2 R7.2 the survivor’s material alone: petrified pieces do not count, inherited ones do', () => {
    // B's bare king; D's rook on BD is petrified: A's time running out draws
    const petrified = build({
      players: 4,
      eliminated: ['C', 'D'],
      pieces: { AB: { a1: 'R' }, BD: { a8: 'r' } },
    });
    apply(petrified, 'timeout A');
    expect(outcome(petrified)).toEqual({ over: true, winner: null, reason: 'timeout-material' });
    // under Scavenger B inherited C's seats (R9.4) and the rook on C's seat: B wins
    const inherited = build({
      players: 3,
      options: { scavenger: true },
      eliminated: ['C'],
      pieces: { AB: { a1: 'R' }, BC: { a8: 'r' } },
      extra: { AC: { seats: ['A', 'B'] }, BC: { seats: ['B', 'B'] } },
    });
    apply(inherited, 'timeout A');
    expect(outcome(inherited)).toEqual({ over: true, winner: 'B', reason: 'none' });
  });

  test('R11.2 R7.2 during placement the pieces still to be placed count as material', () => {
    const game = playAll(newGame(3), 'timeout C', 'timeout A');
    expect(game.status().result).toEqual({
      winner: 'B',
      drawReason: null,
      ranking: [['B'], ['A'], ['C']],
    });
  });

  test('R11.2 R6.3 the mated player times out during their final move: the turn passes', () => {
    const pos = mated();
    expect(pos.mode).toBe(MODE_FINAL);
    apply(pos, 'timeout A');
    expect(cause(pos, A)).toBe('timed-out');
    expect(turnOf(pos)).toBe('B');
    expect(pos.mode).toBe(MODE_NORMAL);
    expect(outcome(pos).over).toBe(false);
  });

  test('R11.2 R6.3 another player times out during a final move: the final move is still made', () => {
    const pos = mated(4);
    expect(pos.status[A]).toBe(MATED);
    expect(label(pos.mateBy[A])).toBe('B');
    apply(pos, 'timeout D');
    expect(pos.status[D]).toBe(ELIMINATED);
    expect(turnOf(pos)).toBe('A');
    expect(pos.mode).toBe(MODE_FINAL);
    apply(pos, 'AC:Ra7xa8');
    expect(turnOf(pos)).toBe('B');
    expect(pos.mode).toBe(MODE_CAPTURE);
  });

  test('R11.2 R6.3 the checkmater times out during the final move: the mated king is removed at once', () => {
    const pos = mated(4);
    apply(pos, 'timeout B');
    // No final move: A's king goes, credited to no one, and play goes on with the next player.
    expect(pos.status[A]).toBe(ELIMINATED);
    expect(cause(pos, A)).toBe('removed');
    expect(pos.eliminatedBy[A]).toBe(-1);
    expect(turnOf(pos)).toBe('C');
    expect(pos.mode).toBe(MODE_NORMAL);
  });

  test('R11.2 R7.1 a time-out leaving two players, one of them mated: the other wins at once', () => {
    const duringFinal = mated();
    apply(duringFinal, 'timeout C');
    expect(outcome(duringFinal)).toEqual({ over: true, winner: 'B', reason: 'none' });
    expect(cause(duringFinal, A)).toBe('checkmate');
    expect(label(duringFinal.eliminatedBy[A])).toBe('B');

    const checkmaterGone = mated();
    apply(checkmaterGone, 'timeout B');
    expect(outcome(checkmaterGone)).toEqual({ over: true, winner: 'C', reason: 'none' });

    const owing = captureOwed();
    apply(owing, 'timeout C');
    expect(outcome(owing)).toEqual({ over: true, winner: 'B', reason: 'none' });

    const owerGone = captureOwed();
    apply(owerGone, 'timeout B'); // B's own turn: B owed the capture
    expect(outcome(owerGone)).toEqual({ over: true, winner: 'C', reason: 'none' });
  });

  test('R11.2 R6.3 the mated player times out while the capture is owed: the checkmater moves normally', () => {
    const pos = captureOwed();
    expect(moves(pos)).toEqual(['AB:Ra1xe1']);
    apply(pos, 'timeout A');
    expect(cause(pos, A)).toBe('timed-out');
    expect(turnOf(pos)).toBe('B');
    expect(pos.mode).toBe(MODE_NORMAL);
    expect(moves(pos)).toContain('AB:Rb2-b3');
    expect(outcome(pos).over).toBe(false);
  });

  test('R11.2 R6.4 the timed-out player’s pieces petrify: a check by them is lifted', () => {
    // C checks A on AC with a rook; C times out while A is to move.
    const pos = build({ players: 4, pieces: { AC: { e5: 'r' } } });
    expect(moves(pos)).not.toContain('AB:Ke1-e2');
    apply(pos, 'timeout C');
    expect(turnOf(pos)).toBe('A');
    expect(moves(pos)).toContain('AB:Ke1-e2');
  });
});

describe('R11.2 R9.1 time-outs during a Hyperspace turn', () => {
  /** A Hyperspace game where A has made the first move of a turn that goes on. */
  const midTurn = () => {
    const created = Game.create({ ...setupOf(3, 'r11-hyper'), options: { hyperspace: true } });
    if (!created.ok) throw new Error(created.error.message);
    const placed = created.value.autoPlace('balanced', 'all');
    if (!placed.ok) throw new Error(placed.error.message);
    const game = playAll(placed.value, placed.value.legalActions()[0]);
    expect(game.status().turn).toBe('A');
    expect(game.position.dueBoards()).not.toBeNull();
    return game;
  };

  test('R11.2 R9.1 another player times out: the mover’s turn goes on with the boards still due', () => {
    const game = midTurn();
    const due = game.status().due;
    const after = playAll(game, 'timeout C');
    expect(after.status().turn).toBe('A');
    expect(after.status().due).toEqual(due);
    expect(after.legalActions()).toEqual(game.legalActions());
    expect(after.turnEndedBy(after.length)).toBeNull();
  });

  test('R11.2 R9.1 the mover times out in the middle of their turn: the turn passes', () => {
    const after = playAll(midTurn(), 'timeout A');
    expect(after.status().turn).toBe('B');
    expect(after.position.dueBoards()).toBeNull();
    expect(after.turnEndedBy(after.length)).toBe('A');
  });
});

/** A's and B's kings must flee (their boards collapsed), A first, then play resumes with D. */
const fleeing = () => {
  const pos = position({
    players: 4,
    options: { cowardly: true, collapse: true },
    turn: 'B',
    eliminated: ['C'],
    countdown: { C: 1 },
    boards: {
      AC: { pieces: field({ e1: 'K', a2: 'P', h7: 'p' }) },
      BC: { pieces: field({ e1: 'K', b2: 'P' }) },
      // D's rook keeps mating material on the board when two are left (R7.2).
      BD: { pieces: field({ a1: 'R', h8: 'r' }) },
      AD: { pieces: field({ e8: 'k' }) },
    },
  });
  apply(pos, 'BD:Ra1-a2');
  expect(turnOf(pos)).toBe('A');
  expect(pos.mode).toBe(MODE_FLIGHT);
  return pos;
};

describe('R11.2 R9.3 time-outs during a Cowardly flight', () => {
  test('R11.2 R9.3 the fleeing mover times out: the next king flees, then play resumes', () => {
    const pos = fleeing();
    apply(pos, 'timeout A');
    expect(cause(pos, A)).toBe('timed-out');
    expect(turnOf(pos)).toBe('B');
    expect(pos.mode).toBe(MODE_FLIGHT);
    apply(pos, 'AB:+Ke8');
    expect(turnOf(pos)).toBe('D');
    expect(pos.mode).toBe(MODE_NORMAL);
  });

  test('R11.2 R9.3 a king waiting to flee times out: the flight goes on, then play resumes', () => {
    const pos = fleeing();
    apply(pos, 'timeout B');
    expect(pos.fleeing[B]).toBe(0);
    expect(turnOf(pos)).toBe('A');
    expect(pos.mode).toBe(MODE_FLIGHT);
    apply(pos, 'AD:+Ke1');
    expect(turnOf(pos)).toBe('D');
    expect(pos.mode).toBe(MODE_NORMAL);
  });

  test('R11.2 R9.3 the last fleeing king times out: play resumes with whose turn it was', () => {
    const pos = fleeing();
    apply(pos, 'AD:+Ke1');
    expect(turnOf(pos)).toBe('B');
    apply(pos, 'timeout B');
    expect(turnOf(pos)).toBe('D');
    expect(pos.mode).toBe(MODE_NORMAL);
    expect(moves(pos).length).toBeGreaterThan(0);
  });
});

describe('R11.3 absent players: eliminated, or a bot takes the seat until they return', () => {
  test('R11.3 absent: eliminated as if resigned, reason "left"; no material exception', () => {
    const game = playAll(placedGame(3), 'absent B');
    expect(game.status().players[B].eliminationCause).toBe('left');
    expect(game.status().turn).toBe('A');
    const bare = build({ players: 3, eliminated: ['C'], pieces: { AB: { a1: 'R' } } });
    apply(bare, 'absent A');
    expect(outcome(bare)).toEqual({ over: true, winner: 'B', reason: 'none' });
  });

  test('R11.3 a bot takes a seat and its player returns on their turn: nothing moves', () => {
    const start = placedGame(3);
    const fen = fenOf(start.position);
    const taken = playAll(start, 'bot B 2');
    expect(fenOf(taken.position)).toBe(fen);
    expect(taken.position.historyLength).toBe(start.position.historyLength);
    expect(taken.status()).toEqual(start.status());
    expect(taken.seatChanges()).toEqual([null, { kind: 'bot', level: 2 }, null]);

    // Return only on B's turn.
    const early = taken.play('return B');
    expect(!early.ok && early.error.message).toMatch(/on their turn.*A's turn/);
    const atB = playAll(taken, taken.legalActions()[0]);
    expect(atB.status().turn).toBe('B');
    const back = playAll(atB, 'return B');
    expect(fenOf(back.position)).toBe(fenOf(atB.position));
    expect(back.seatChanges()).toEqual([null, { kind: 'human' }, null]);
    expect(back.status().turn).toBe('B');
  });

  test('R11.3 a final move, a forced capture and a flight choice are the returner’s turn too', () => {
    const gameAt = (pos: ReturnType<typeof build>) => {
      const made = Game.fromPosition(setupOf(pos.n), pos);
      if (!made.ok) throw new Error(made.error.message);
      return made.value;
    };
    // A's final move (R6.3)
    const final = playAll(gameAt(mated()), 'bot A 2');
    expect(final.position.mode).toBe(MODE_FINAL);
    const backForFinal = playAll(final, 'return A');
    expect(backForFinal.seatChanges()[A]).toEqual({ kind: 'human' });
    expect(backForFinal.position.mode).toBe(MODE_FINAL);
    expect(playAll(backForFinal, 'AC:Ra7xa8').status().turn).toBe('B');
    // B's forced capture (R6.3)
    const owed = playAll(gameAt(captureOwed()), 'bot B 1', 'return B');
    expect(owed.seatChanges()[B]).toEqual({ kind: 'human' });
    expect(owed.position.mode).toBe(MODE_CAPTURE);
    // A's flight choice (R9.3)
    const flight = playAll(gameAt(fleeing()), 'bot A 3');
    expect(flight.position.mode).toBe(MODE_FLIGHT);
    expect(flight.status().turn).toBe('A');
    const backForFlight = playAll(flight, 'return A');
    expect(backForFlight.seatChanges()[A]).toEqual({ kind: 'human' });
    expect(backForFlight.position.mode).toBe(MODE_FLIGHT);
    // another player cannot return in someone else's flight
    expect(playAll(gameAt(fleeing()), 'bot B 1').play('return B').ok).toBe(false);
  });

  test('R11.3 seatHoldersAt folds take-overs and returns over the seats the game began with', () => {
    let game = placedGame(3);
    const initial: SavedSeat[] = game.setup.players.map((_, i) =>
      i === game.players[C].setupIndex ? { kind: 'bot', level: 1 } : { kind: 'human' },
    );
    const step = (g: Game) => playAll(g, g.legalActions()[0]);
    const from = game.length;
    game = playAll(game, 'bot A 3');
    game = step(step(game));
    const k = game.length;
    game = step(game); // C's move, back to A
    game = playAll(game, 'return A');
    const seatOf = (g: Game, at: number, p: number) =>
      seatHoldersAt(g, at, initial)[g.players[p].setupIndex];
    expect(seatOf(game, from, A)).toEqual({ kind: 'human' });
    expect(seatOf(game, from + 1, A)).toEqual({ kind: 'bot', level: 3 });
    expect(seatOf(game, k, A)).toEqual({ kind: 'bot', level: 3 });
    expect(seatOf(game, game.length, A)).toEqual({ kind: 'human' });
    expect(seatOf(game, game.length, C)).toEqual({ kind: 'bot', level: 1 });
    expect(seatOf(game, game.length, B)).toEqual({ kind: 'human' });
    expect(() => seatHoldersAt(game, 0, initial.slice(1))).toThrow(/3 seats expected/);
  });
});

describe('R11.4 time-outs, take-overs and returns are actions of the record', () => {
  test('R11.4 R10.2 text forms round-trip through parseAction and makeAction', () => {
    const pos = placedGame(4).position;
    const cases: [string, number][] = [
      ['timeout B', encodeSeatAction(SEAT_TIMEOUT, B)],
      ['absent D', encodeSeatAction(SEAT_ABSENT, D)],
      ['bot C 2', encodeSeatAction(SEAT_BOT, C, 2)],
      ['return A', encodeSeatAction(SEAT_RETURN, A)],
    ];
    for (const [text, m] of cases) {
      const parsed = parseAction(pos, text);
      expect(parsed).toEqual({ ok: true, value: m });
      expect(makeAction(pos, m)).toBe(text);
      expect(isSeatAction(m)).toBe(true);
    }
    expect(isSeatAction(RESIGN)).toBe(false);
    expect(makeAction(pos, RESIGN)).toBe('resign');
    // Spacing is forgiven on reading; the record keeps the canonical form.
    const spaced = parseAction(pos, '  bot  C   2 ');
    expect(spaced.ok && makeAction(pos, spaced.value)).toBe('bot C 2');
  });

  test('R11.4 bad seat actions are refused with the reason, and nothing changes', () => {
    const game = placedGame(3);
    const refused = (g: Game, text: string) => {
      const r = g.play(text);
      return r.ok ? 'accepted' : `${r.error.code}: ${r.error.message}`;
    };
    expect(refused(game, 'timeout D')).toMatch(/^bad-action: .*no player D in a 3-player game/);
    expect(refused(game, 'timeout a')).toMatch(/^bad-action: .*no player a/);
    expect(refused(game, 'absent AB')).toMatch(/^bad-action: .*no player AB/);
    expect(refused(game, 'bot B 4')).toMatch(/^bad-action: .*level must be 1, 2 or 3/);
    expect(refused(game, 'bot B')).toMatch(/^bad-action: .*level must be 1, 2 or 3/);
    expect(refused(game, 'timeout B 2')).toMatch(/^bad-action: .*expected "timeout B"/);
    expect(refused(game, 'return A')).toMatch(/^illegal-action: .*no bot took A's seat/);
    const taken = playAll(game, 'bot A 1');
    expect(refused(taken, 'bot A 2')).toMatch(/^illegal-action: .*a bot already took A's seat/);
    const out = playAll(game, 'timeout B');
    for (const text of ['timeout B', 'absent B', 'bot B 1'])
      expect(refused(out, text)).toMatch(/^illegal-action: .*player B is out of the game/);
    const over = playAll(out, 'resign');
    expect(over.status().phase).toBe('over');
    expect(refused(over, 'timeout C')).toMatch(/^illegal-action: .*the game is over/);
    // The same checks for actions given as numbers.
    expect(refused(game, encodeSeatAction(SEAT_BOT, B, 0) as unknown as string)).toMatch(
      /level must be 1, 2 or 3/,
    );
    expect(game.length).toBe(placedGame(3).length);
  });

  test('R11.4 replaying a saved record reproduces the game, time-outs and take-overs included', () => {
    let game = placedGame(4, 'r11-replay');
    const step = (g: Game) => playAll(g, g.legalActions()[0]);
    game = step(step(game));
    game = playAll(game, 'bot C 2');
    game = step(step(step(game)));
    game = playAll(game, 'timeout D');
    game = step(step(game));
    while (game.status().turn !== 'C') game = step(game);
    game = playAll(game, 'return C', 'absent B');
    game = step(step(game));
    const seats: SavedSeat[] = game.setup.players.map(() => ({ kind: 'human' }));
    const text = JSON.stringify(saveGame(game, seats));
    const loaded = loadSavedGame(text);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const again = loaded.value.game;
    expect(again.actions).toEqual(game.actions);
    expect(again.status()).toEqual(game.status());
    expect(fenOf(again.position)).toBe(fenOf(game.position));
    expect(loaded.value.seats).toEqual(seats);
    expect(again.seatChanges()).toEqual(game.seatChanges());
    for (const p of [B, D])
      expect(again.status().players[p].eliminationCause).toBe(p === B ? 'left' : 'timed-out');
    // Each seat action is a group of its own in the move list, under the player it names.
    const groups = again.turnGroups().filter((g) => g.seatAction);
    expect(groups.map((g) => [g.player, g.actions.map((i) => again.actions[i])])).toEqual([
      ['C', ['bot C 2']],
      ['D', ['timeout D']],
      ['C', ['return C']],
      ['B', ['absent B']],
    ]);
    expect(again.seatActionOf(again.actions.indexOf('bot C 2') + 1)).toEqual({
      kind: 'bot',
      player: 'C',
      level: 2,
    });
  });

  test('R11.4 a save with a bad seat action names it', () => {
    const game = placedGame(3);
    const file = { ...saveGame(game), actions: [...game.actions, 'bot Q 2'] };
    const loaded = loadSavedGame(file);
    expect(!loaded.ok && loaded.error.message).toMatch(
      new RegExp(`action ${game.length + 1} \\(bot Q 2\\): .*no player Q`),
    );
  });
});
