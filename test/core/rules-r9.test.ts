/**
 * RULES R9 (optional rules): Hyperspace (R9.1), Dimensional Collapse (R9.2), Cowardly Kings
 * (R9.3), Interdimensional Scavenger (R9.4), Shade Order (R9.5) and their combinations (R9.6),
 * with saved games and position JSON carrying the options. Scenario positions are built with
 * parsePosition; random playouts under every option are in rules-r9-playouts.test.ts.
 */
import { describe, expect, test } from 'vitest';
import {
  ACTIVE,
  ELIMINATED,
  Game,
  MATED,
  MODE_CAPTURE,
  MODE_FINAL,
  MODE_FLIGHT,
  MODE_NORMAL,
  MODE_PASS,
  checkedBoards,
  diffEvents,
  loadGame,
  makeAction,
  makePosition,
  parseAction,
  parsePosition,
  relativeLuminance,
  saveGame,
  turnOrder,
  normalizeSetup,
  wholeTurns,
  type BoardJson,
  type GameEvent,
  type Options,
  type PositionJson,
} from '../../src/core';
import {
  apply,
  at,
  build,
  field,
  label,
  moves,
  movesFrom,
  outcome,
  position,
  setupOf,
  shifting,
  turnOf,
  type PieceMap,
  type Position,
} from './helpers';

const A = 0;
const B = 1;
const D = 3;

/** The names of the boards in a Hyperspace turn's due mask (R9.1); null outside such a turn. */
function due(pos: Position): string[] | null {
  if (!pos.inHyperspaceTurn()) return null;
  return pos.g.names.filter((_, b) => pos.isHyperspaceDue(b));
}

/** Has the Hyperspace turn in progress made its first move? */
const started = (pos: Position): boolean => pos.dueBoards() !== null;

/**
 * A position with every piece given explicitly (kings too): for Cowardly Kings, whose king stands
 * on one board only. Boards left out are empty.
 */
function explicit(
  spec: Omit<PositionJson, 'boards' | 'turn'> & {
    turn?: string;
    pieces: Record<string, PieceMap>;
    extra?: Record<string, Partial<BoardJson>>;
  },
): Position {
  const { pieces, extra = {}, turn = 'A', ...rest } = spec;
  const boards: Record<string, BoardJson> = {};
  for (const name of new Set([...Object.keys(pieces), ...Object.keys(extra)]))
    boards[name] = { pieces: field(pieces[name] ?? {}), ...extra[name] };
  return position({ ...rest, turn, boards });
}

/** Play texts one by one and return the events of each (diffEvents of before and after). */
function eventsOf(pos: Position, ...texts: string[]): GameEvent[][] {
  return texts.map((text) => {
    const before = pos.clone();
    apply(pos, text);
    return diffEvents(before, pos);
  });
}

/** A new game with options; throws if the core refuses the setup. */
function optionGame(n: number, options: Partial<Options>, seed = 'r9'): Game {
  const r = Game.create({ ...setupOf(n, seed), options });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** A game with options after every player's pieces are auto-placed (R2.4). */
function placedOptionGame(n: number, options: Partial<Options>, seed = 'r9'): Game {
  const r = optionGame(n, options, seed).autoPlace('balanced', 'all');
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** Play actions on a game; throws at the first one refused. */
function playAll(game: Game, ...actions: (string | number)[]): Game {
  let g = game;
  for (const a of actions) {
    const r = g.play(a);
    if (!r.ok) throw new Error(`${String(a)}: ${r.error.code}: ${r.error.message}`);
    g = r.value;
  }
  return g;
}

/** makePosition → JSON text → parsePosition: the same position (hash, moves, JSON). */
function roundTrip(pos: Position): Position {
  const json = JSON.parse(JSON.stringify(makePosition(pos))) as PositionJson;
  const parsed = parsePosition(json);
  expect(parsed.ok, parsed.ok ? '' : parsed.error.message).toBe(true);
  if (!parsed.ok) throw new Error(parsed.error.message);
  expect([parsed.value.hashLo, parsed.value.hashHi]).toEqual([pos.hashLo, pos.hashHi]);
  expect(moves(parsed.value)).toEqual(moves(pos));
  expect(makePosition(parsed.value)).toEqual(makePosition(pos));
  return parsed.value;
}

const HYPER = { hyperspace: true };

describe('R9.1 Hyperspace', () => {
  test('R9.1 a king move is the whole turn', () => {
    const pos = build({ players: 3, options: HYPER, pieces: { AB: { a1: 'R' }, AC: { h1: 'R' } } });
    expect(due(pos)).toEqual(['AB', 'AC']);
    expect(moves(pos)).toContain('AB:Ke1-d1');
    apply(pos, 'AB:Ke1-d1');
    expect(turnOf(pos)).toBe('B');
    expect(at(pos, 'AB', 'a1')).toBe('R');
    expect(at(pos, 'AC', 'h1')).toBe('R');
    // B has no non-king piece: only the king can move, and that is B's whole turn
    expect(due(pos)).toEqual([]);
    apply(pos, 'BC:Ke1-d1');
    expect(turnOf(pos)).toBe('C');
  });

  test('R9.1 otherwise one move on each board that held a non-king piece at the start of the turn', () => {
    const pos = build({
      players: 4,
      options: HYPER,
      pieces: { AB: { a1: 'R' }, AD: { h1: 'R' } },
    });
    // AC holds no piece of A: it is not due
    expect(due(pos)).toEqual(['AB', 'AD']);
    apply(pos, 'AB:Ra1-a4');
    expect(turnOf(pos)).toBe('A');
    expect(due(pos)).toEqual(['AD']);
    // only moves from the boards still due, and no king move after the first move
    const list = moves(pos);
    expect(list.length).toBeGreaterThan(0);
    for (const t of list) expect(t).toMatch(/^AD:Rh1[-x]/);
    expect(parseAction(pos, 'AB:Ra4-a5').ok).toBe(false);
    expect(parseAction(pos, 'AB:Ke1-d1').ok).toBe(false);
    // the turn cannot be cut short while a due board has a legal move
    expect(parseAction(pos, 'pass').ok).toBe(false);
    apply(pos, 'AD:Rh1-h4');
    expect(turnOf(pos)).toBe('B');
    expect(due(pos)).toEqual([]);
    expect(started(pos)).toBe(false);
  });

  test('R9.1 the moves of a turn may be made in any order', () => {
    const spec = { players: 3, options: HYPER, pieces: { AB: { a1: 'R' }, AC: { h1: 'R' } } };
    const first = build(spec);
    apply(first, 'AB:Ra1-a4', 'AC:Rh1-h4');
    const second = build(spec);
    apply(second, 'AC:Rh1-h4', 'AB:Ra1-a4');
    expect(turnOf(first)).toBe('B');
    expect(turnOf(second)).toBe('B');
    expect([second.hashLo, second.hashHi]).toEqual([first.hashLo, first.hashHi]);
    // wholeTurns lists both orders, and a king move alone
    const pos = build({ players: 3, options: HYPER, pieces: { AB: { h2: 'P' }, AC: { a2: 'P' } } });
    const turns = wholeTurns(pos).map((turn) => {
      const copy = pos.clone();
      return turn.map((m) => {
        const text = makeAction(copy, m);
        apply(copy, text);
        return text;
      });
    });
    expect(turns).toContainEqual(['AB:h2-h3', 'AC:a2-a3']);
    expect(turns).toContainEqual(['AC:a2-a3', 'AB:h2-h3']);
    expect(turns).toContainEqual(['AB:Ke1-d1']);
    for (const turn of turns) {
      if (turn.some((t) => t.includes(':K'))) expect(turn).toHaveLength(1);
      else {
        expect(turn).toHaveLength(2);
        expect(new Set(turn.map((t) => t.slice(0, 2))).size).toBe(2);
      }
    }
  });

  test('R9.1 each move must be legal at the moment it is made', () => {
    // in check on AB at the start: the first move must answer it; then AC moves freely
    const checked = build({
      players: 3,
      options: HYPER,
      pieces: { AB: { a4: 'R', e5: 'r' }, AC: { g1: 'N' } },
    });
    expect(checkedBoards(checked, A)).toEqual([0]);
    expect(movesFrom(checked, 'AC:Ng1')).toEqual(['AC:Ng1-AB:e2']);
    apply(checked, 'AB:Ra4-e4');
    expect(movesFrom(checked, 'AC:Ng1')).toEqual([
      'AC:Ng1-AB:e2',
      'AC:Ng1-AB:f3',
      'AC:Ng1-AB:h3',
      'AC:Ng1-e2',
      'AC:Ng1-f3',
      'AC:Ng1-h3',
    ]);
    // the first move changes what the second may do: a shifted knight blocks the rook on AC
    const blocked = build({
      players: 3,
      options: HYPER,
      pieces: { AB: { b1: 'N' }, AC: { a3: 'R' } },
    });
    expect(moves(blocked)).toContain('AC:Ra3-h3');
    apply(blocked, 'AB:Nb1-AC:c3');
    expect(moves(blocked)).not.toContain('AC:Ra3-h3');
    expect(moves(blocked)).toContain('AC:Ra3-b3');
    expect(parseAction(blocked, 'AC:Ra3-h3').ok).toBe(false);
  });

  test('R9.1 a shifting move counts for the board it leaves', () => {
    const pos = build({
      players: 3,
      options: HYPER,
      pieces: { AB: { b1: 'N', h2: 'P' }, AC: { a3: 'R' } },
    });
    expect(due(pos)).toEqual(['AB', 'AC']);
    apply(pos, 'AB:Nb1-AC:c3');
    expect(due(pos)).toEqual(['AC']);
    expect(parseAction(pos, 'AB:h2-h3').ok).toBe(false);
    for (const t of moves(pos)) expect(t.startsWith('AC:')).toBe(true);
    // a shift onto a board that was not due does not make it due
    const lone = build({ players: 3, options: HYPER, pieces: { AB: { b1: 'N', a1: 'R' } } });
    expect(due(lone)).toEqual(['AB']);
    apply(lone, 'AB:Nb1-AC:c3');
    expect(turnOf(lone)).toBe('B');
    expect(at(lone, 'AB', 'a1')).toBe('R');
  });

  test('R9.1 the due boards are fixed at the start: a piece shifting onto a board still due may move again there', () => {
    const pos = build({
      players: 3,
      options: HYPER,
      pieces: { AB: { b1: 'N' }, AC: { a1: 'R' } },
    });
    expect(due(pos)).toEqual(['AB', 'AC']);
    apply(pos, 'AB:Nb1-AC:c3');
    expect(due(pos)).toEqual(['AC']);
    // AC is still due: the knight that arrived may make AC's move
    expect(moves(pos)).toContain('AC:Nc3-d5');
    apply(pos, 'AC:Nc3-d5');
    expect(turnOf(pos)).toBe('B');
    expect(at(pos, 'AC', 'd5')).toBe('N');
    expect(at(pos, 'AC', 'a1')).toBe('R');
  });

  test('R9.1 a due board on which no legal move remains is skipped', () => {
    // A's pawn on AC is blocked on AC and cannot shift (a3 taken on AB too): AC is due but
    // has no move, so the turn ends after the move on AB
    const pos = build({
      players: 3,
      options: HYPER,
      pieces: { AB: { h1: 'R', a3: 'n' }, AC: { a2: 'P', a3: 'p' } },
    });
    expect(due(pos)).toEqual(['AB', 'AC']);
    expect(movesFrom(pos, 'AC:')).toEqual([]);
    apply(pos, 'AB:Rh1-h4');
    // mate and stalemate are tested at the start of a turn only: no pass, the turn just ends
    expect(turnOf(pos)).toBe('B');
    expect(pos.status[A]).toBe(ACTIVE);
    expect(pos.mode).toBe(MODE_NORMAL);
    expect(moves(pos)).not.toContain('pass');
  });

  test('R9.1 the turn ends when no due board has a legal move left after a move', () => {
    // A's pawn on AC is blocked there and can only shift to AB a3 or a4; a rook moving to a3
    // of AB takes both away, so the turn ends with AC unmoved
    const spec = {
      players: 3,
      options: HYPER,
      pieces: { AB: { h3: 'R' }, AC: { a2: 'P', a3: 'p' } },
    };
    const pos = build(spec);
    expect(movesFrom(pos, 'AC:a2')).toEqual(['AC:a2-AB:a3', 'AC:a2-AB:a4']);
    apply(pos, 'AB:Rh3-a3');
    expect(turnOf(pos)).toBe('B');
    expect(at(pos, 'AC', 'a2')).toBe('P');
    // control: another rook move leaves the shift open, and the turn goes on
    const control = build(spec);
    apply(control, 'AB:Rh3-h4');
    expect(turnOf(control)).toBe('A');
    expect(due(control)).toEqual(['AC']);
    expect(moves(control)).toEqual(['AC:a2-AB:a3', 'AC:a2-AB:a4']);
  });

  test('R9.1 mate is tested at the start of the mated player’s turn only, after all the mover’s moves', () => {
    // A's first move checks B on AB (rook b7 covers rank 7): mate if the turn ended here
    const spec = {
      players: 3,
      options: HYPER,
      pieces: { AB: { a1: 'R', b7: 'R' }, AC: { a6: 'N', h2: 'P' } },
    };
    const mate = build(spec);
    apply(mate, 'AB:Ra1-a8');
    expect(turnOf(mate)).toBe('A');
    expect(mate.status[B]).toBe(ACTIVE);
    apply(mate, 'AC:h2-h3');
    expect(turnOf(mate)).toBe('B');
    expect(mate.status[B]).toBe(MATED);
    expect(mate.mode).toBe(MODE_FINAL);
    // the same first move, then a second one that blocks the check: no mate
    const spared = build(spec);
    apply(spared, 'AB:Ra1-a8');
    expect(checkedBoards(spared, B)).toEqual([0]);
    apply(spared, 'AC:Na6-AB:b8');
    expect(turnOf(spared)).toBe('B');
    expect(spared.status[B]).toBe(ACTIVE);
    expect(spared.mode).toBe(MODE_NORMAL);
  });

  test('R9.1 the game reports the due boards and groups a turn’s moves', () => {
    let game = placedOptionGame(3, HYPER);
    expect(game.status().due).toEqual(['AB', 'AC']);
    const start = game.length;
    const first = game.legalActions().find((m) => !makeAction(game.position, m).includes(':K'))!;
    const text = game.actionText(first);
    game = playAll(game, first);
    expect(game.status().due).toEqual(text.startsWith('AB') ? ['AC'] : ['AB']);
    expect(game.status().turn).toBe('A');
    game = playAll(game, game.legalActions()[0]);
    expect(game.status().turn).toBe('B');
    const groups = game.turnGroups();
    expect(groups[groups.length - 1]).toEqual({
      player: 'A',
      seatAction: false,
      actions: [start, start + 1],
    });
    // without Hyperspace there are no due boards
    expect(placedOptionGame(3, {}).status().due).toBeNull();
  });

  test('R9.1 R8.2 a Hyperspace turn counts once on the move clock', () => {
    const pos = build({
      players: 3,
      options: HYPER,
      halfmove: 148,
      pieces: { AB: { a1: 'R' }, AC: { h1: 'R' } },
    });
    apply(pos, 'AB:Ra1-a2', 'AC:Rh1-h2');
    expect(pos.scalars[1]).toBe(149);
    expect(outcome(pos).over).toBe(false);
    apply(pos, 'BC:Ke1-d1');
    expect(outcome(pos)).toEqual({ over: true, winner: null, reason: 'fifty-move' });
    // a pawn move in any of the turn's moves resets it
    const pawn = build({
      players: 3,
      options: HYPER,
      halfmove: 100,
      pieces: { AB: { a2: 'P' }, AC: { h1: 'R' } },
    });
    apply(pawn, 'AB:a2-a3', 'AC:Rh1-h2');
    expect(pawn.scalars[1]).toBe(0);
  });

  test('R9.1 R8.2 threefold repetition of the position between turns draws', () => {
    // A shuffles two rooks (two moves a turn), B and C their kings: every 8 actions the
    // position at the start of A's turn repeats; the third time is a draw
    const pos = build({ players: 3, options: HYPER, pieces: { AB: { a1: 'R' }, AC: { a1: 'R' } } });
    const cycle = [
      'AB:Ra1-a2',
      'AC:Ra1-a2',
      'BC:Ke1-d1',
      'AC:Ke8-d8',
      'AB:Ra2-a1',
      'AC:Ra2-a1',
      'BC:Kd1-e1',
      'AC:Kd8-e8',
    ];
    apply(pos, ...cycle, ...cycle.slice(0, 7));
    expect(outcome(pos).over).toBe(false);
    apply(pos, cycle[7]);
    expect(outcome(pos)).toEqual({ over: true, winner: null, reason: 'repetition' });
  });
});

const COLLAPSE = { collapse: true };

/** Non-king pieces on a board. */
function pieceCount(pos: Position, board: string): number {
  const b = pos.g.names.indexOf(board);
  let n = 0;
  for (let sq = 0; sq < 128; sq++) {
    const c = pos.squares[(b << 7) | sq];
    if (!(sq & 0x88) && c && (c & 7) !== 6) n++;
  }
  return n;
}

/** Every square of a board, empty or not (kings too). */
function occupied(pos: Position, board: string): number {
  const b = pos.g.names.indexOf(board);
  let n = 0;
  for (let sq = 0; sq < 128; sq++) if (!(sq & 0x88) && pos.squares[(b << 7) | sq]) n++;
  return n;
}

/** A quiet move of the player to move that touches none of the given boards. */
function quietAway(game: Game, boards: string[]): number {
  const m = game.legalActions().find((a) => {
    const t = game.actionText(a);
    return !t.includes('x') && !t.includes(':K') && !boards.some((b) => t.includes(`${b}:`));
  });
  if (m === undefined) throw new Error('no quiet move');
  return m;
}

describe('R9.2 Dimensional Collapse', () => {
  test('R9.2 an eliminated player’s boards get a countdown of 5, shown on every doomed board', () => {
    let game = placedOptionGame(4, COLLAPSE);
    game = playAll(game, 'resign');
    expect(game.eventsOf(game.length)).toEqual([
      { type: 'eliminated', player: 'A', by: null, cause: 'resigned' },
      { type: 'countdown', player: 'A', boards: ['AB', 'AC', 'AD'], turnsLeft: 5 },
    ]);
    expect(game.status().boards).toEqual([
      { name: 'AB', live: true, countdown: 5 },
      { name: 'AC', live: true, countdown: 5 },
      { name: 'AD', live: true, countdown: 5 },
      { name: 'BC', live: true, countdown: null },
      { name: 'BD', live: true, countdown: null },
      { name: 'CD', live: true, countdown: null },
    ]);
    // without the option nothing is doomed
    const plain = playAll(placedOptionGame(4, {}), 'resign');
    expect(plain.status().boards.every((b) => b.countdown === null && b.live)).toBe(true);
    expect(plain.eventsOf(plain.length)).toEqual([
      { type: 'eliminated', player: 'A', by: null, cause: 'resigned' },
    ]);
  });

  test('R9.2 the countdown drops by one each time the eliminated player’s slot comes round', () => {
    const doomed = ['AB', 'AC', 'AD'];
    let game = playAll(placedOptionGame(4, COLLAPSE), 'resign');
    const seen: number[] = [];
    for (let round = 1; round <= 4; round++) {
      for (const who of ['B', 'C', 'D']) {
        expect(game.status().turn).toBe(who);
        game = playAll(game, quietAway(game, doomed));
        const countdowns = game.eventsOf(game.length).filter((e) => e.type === 'countdown');
        if (who !== 'D') expect(countdowns).toEqual([]);
        else seen.push(...countdowns.map((e) => (e.type === 'countdown' ? e.turnsLeft : -1)));
      }
      expect(game.status().boards[0].countdown).toBe(5 - round);
      expect(game.position.countdown[A]).toBe(5 - round);
    }
    expect(seen).toEqual([4, 3, 2, 1]);
  });

  test('R9.2 at zero, before the next player moves, the boards leave play with every piece on them, kings excepted', () => {
    const doomed = ['AB', 'AC', 'AD'];
    let game = playAll(placedOptionGame(4, COLLAPSE), 'resign');
    for (let i = 0; i < 14; i++) game = playAll(game, quietAway(game, doomed));
    expect(game.status().turn).toBe('D');
    expect(game.position.countdown[A]).toBe(1);
    const lost = doomed.reduce((n, b) => n + pieceCount(game.position, b), 0);
    expect(lost).toBeGreaterThan(0);
    game = playAll(game, quietAway(game, doomed));
    expect(game.eventsOf(game.length)).toContainEqual({
      type: 'collapse',
      boards: doomed,
      piecesLost: lost,
    });
    const status = game.status();
    expect(status.turn).toBe('B');
    for (const b of status.boards)
      expect(b).toEqual({ name: b.name, live: !doomed.includes(b.name), countdown: null });
    const pos = game.position;
    for (const b of doomed) expect(occupied(pos, b), b).toBe(0);
    // B, C and D keep their kings on their other boards and stay in the game
    expect(status.players.map((p) => p.state)).toEqual([
      'eliminated',
      'active',
      'active',
      'active',
    ]);
    expect(pos.kingBoards[B].map((b) => pos.g.names[b])).toEqual(['BC', 'BD']);
    expect(pos.domain[B].map((b) => pos.g.names[b])).toEqual(['BC', 'BD']);
    // nothing moves on or onto a board out of play
    for (const m of game.legalActions()) expect(game.actionText(m)).not.toMatch(/A[BCD]:/);
  });

  test('R9.2 a collapse set up in position JSON: the king simply stops being on the board', () => {
    const pos = build({
      players: 4,
      options: COLLAPSE,
      turn: 'D',
      eliminated: ['A'],
      countdown: { A: 1 },
      pieces: {
        AB: { a2: 'P', b1: 'N', h7: 'p', g8: 'n' },
        AC: { d1: 'Q', d8: 'q' },
        AD: { c1: 'B' },
        BD: { a1: 'R' },
      },
    });
    const [events] = eventsOf(pos, 'CD:Ke8-d8');
    expect(events).toEqual([{ type: 'collapse', boards: ['AB', 'AC', 'AD'], piecesLost: 7 }]);
    expect(turnOf(pos)).toBe('B');
    expect(pos.countdown[A]).toBe(0);
    for (const b of ['AB', 'AC', 'AD']) expect(occupied(pos, b), b).toBe(0);
    // B's king went on standing on BC and BD, on the same relative square
    expect(at(pos, 'BC', 'e1')).toBe('K');
    expect(at(pos, 'BD', 'e1')).toBe('K');
    expect(at(pos, 'AB', 'e8')).toBe('');
    expect(movesFrom(pos, 'BD:Ra1').every((t) => !t.includes('AB:'))).toBe(true);
    expect(movesFrom(pos, 'BD:Ra1')).toContain('BD:Ra1-BC:a4');
    // the collapsed position round-trips through JSON (boards out of play, countdown 0)
    const json = makePosition(pos);
    expect(json.countdown).toEqual({ A: 0 });
    expect(json.boards.AB).toEqual({ pieces: '8/8/8/8/8/8/8/8', live: false });
    roundTrip(pos);
  });

  test('R9.2 an elimination by the forced capture starts the countdown too', () => {
    const pos = build({
      players: 3,
      options: COLLAPSE,
      pieces: { AB: { a1: 'r', b2: 'r', g2: 'P' }, AC: { a7: 'R', a8: 'r', b6: 'n' } },
    });
    expect(pos.status[A]).toBe(MATED);
    const [, capture] = eventsOf(pos, 'AC:Ra7xa8', 'AB:Ra1xe1');
    expect(capture).toContainEqual({ type: 'eliminated', player: 'A', by: 'B', cause: 'captured' });
    expect(capture).toContainEqual({
      type: 'countdown',
      player: 'A',
      boards: ['AB', 'AC'],
      turnsLeft: 5,
    });
    expect(pos.countdown[A]).toBe(5);
    expect(makePosition(pos).countdown).toEqual({ A: 5 });
    roundTrip(pos);
  });

  test('R9.2 when the eliminated player’s slot comes round right after the elimination, the count shows 4 at once', () => {
    // A is mated by C on AC (C moves just before A): C's capture ends its turn, A's slot is next
    const pos = build({
      players: 3,
      options: COLLAPSE,
      pieces: { AC: { a1: 'r', b2: 'r', g2: 'P' }, AB: { b8: 'n' } },
    });
    expect(pos.status[A]).toBe(MATED);
    expect(label(pos.mateBy[A])).toBe('C');
    const [, , capture] = eventsOf(pos, 'AC:g2-g3', 'AB:Nb8-c6', 'AC:Ra1xe1');
    expect(capture).toContainEqual({ type: 'eliminated', player: 'A', by: 'C', cause: 'captured' });
    const shown = capture.map((e) => (e.type === 'countdown' ? e.turnsLeft : null));
    expect(shown.filter((n) => n !== null)).toEqual([4]);
    expect(pos.countdown[A]).toBe(4);
    expect(turnOf(pos)).toBe('B');
    roundTrip(pos);
  });

  test('R9.2 a board of two eliminated players shows the nearer countdown and goes with it', () => {
    let game = placedOptionGame(5, COLLAPSE);
    game = playAll(game, 'resign'); // A: 5
    for (let i = 0; i < 4; i++) game = playAll(game, quietAway(game, ['AB', 'AC', 'AD', 'AE']));
    expect(game.position.countdown[A]).toBe(4);
    game = playAll(game, 'resign'); // B: 5
    const byName = Object.fromEntries(game.status().boards.map((b) => [b.name, b.countdown]));
    expect(byName).toEqual({
      AB: 4,
      AC: 4,
      AD: 4,
      AE: 4,
      BC: 5,
      BD: 5,
      BE: 5,
      CD: null,
      CE: null,
      DE: null,
    });
    const doomed = ['AB', 'AC', 'AD', 'AE', 'BC', 'BD', 'BE'];
    for (let i = 0; i < 12; i++) game = playAll(game, quietAway(game, doomed));
    // A's slot came round four more times: A's boards, AB among them, are gone; B's count on
    expect(game.position.countdown[A]).toBe(0);
    expect(game.position.countdown[B]).toBe(1);
    const live = game
      .status()
      .boards.filter((b) => b.live)
      .map((b) => `${b.name}:${b.countdown}`);
    expect(live).toEqual(['BC:1', 'BD:1', 'BE:1', 'CD:null', 'CE:null', 'DE:null']);
  });

  test('R9.2 with two players left the eliminated player’s boards still collapse', () => {
    const pos = build({
      players: 3,
      options: COLLAPSE,
      turn: 'B',
      eliminated: ['C'],
      countdown: { C: 1 },
      pieces: { AB: { a1: 'R' }, AC: { h1: 'R' }, BC: { b1: 'N' } },
    });
    apply(pos, 'AB:Ke8-d8');
    expect(turnOf(pos)).toBe('A');
    expect(Array.from(pos.live)).toEqual([1, 0, 0]);
    expect(moves(pos).every((t) => t.startsWith('AB:'))).toBe(true);
    expect(outcome(pos).over).toBe(false);
  });

  test('R9.2 position JSON carries the countdown', () => {
    const pos = build({
      players: 4,
      options: COLLAPSE,
      turn: 'B',
      eliminated: ['A', 'C'],
      countdown: { A: 3, C: 5 },
      pieces: { AB: { a2: 'P' } },
    });
    expect(makePosition(pos).countdown).toEqual({ A: 3, C: 5 });
    const copy = roundTrip(pos);
    expect(Array.from(copy.countdown)).toEqual([3, -1, 5, -1]);
    // the countdown is part of the position: a different count is a different position
    const other = build({
      players: 4,
      options: COLLAPSE,
      turn: 'B',
      eliminated: ['A', 'C'],
      countdown: { A: 2, C: 5 },
      pieces: { AB: { a2: 'P' } },
    });
    expect([other.hashLo, other.hashHi]).not.toEqual([pos.hashLo, pos.hashHi]);
  });
});

const COWARDLY = { cowardly: true };

/** The boards on which player p's king stands. */
const kingOn = (pos: Position, p: number): string[] => pos.kingBoards[p].map((b) => pos.g.names[b]);

/**
 * A is mated on AB by B's rooks (a1 along rank 1, b2 along rank 2); A's Cowardly king cannot
 * shift to AC, where A's own pieces stand on every square next to relative e1 (the knights
 * cannot block rank 1 of AB by a shift).
 */
const COWARD_MATE: Record<string, PieceMap> = {
  AB: { e1: 'K', a1: 'r', b2: 'r', e8: 'k' },
  AC: { d1: 'N', f1: 'N', d2: 'P', e2: 'P', f2: 'P', e8: 'k' },
};

describe('R9.3 Cowardly Kings', () => {
  test('R9.3 the king is placed like any other piece, on one board of the domain', () => {
    let game = optionGame(3, COWARDLY);
    const pos = game.position;
    expect(game.status().phase).toBe('placement');
    for (const b of ['AB', 'AC', 'BC']) {
      expect(at(pos, b, 'e1'), b).toBe('');
      expect(at(pos, b, 'e8'), b).toBe('');
    }
    const list = moves(pos);
    expect(list).toHaveLength(32);
    expect(list).toContain('AB:+Ke1');
    expect(list).toContain('AC:+Ke1');
    game = playAll(game, 'AC:+Ke1');
    expect(at(game.position, 'AC', 'e1')).toBe('K');
    expect(at(game.position, 'AB', 'e1')).toBe('');
    expect(kingOn(game.position, A)).toEqual(['AC']);
    // B sits North on AB and South on BC: the king's home is relative e1 on either
    expect(moves(game.position)).toContain('AB:+Ke8');
    expect(moves(game.position)).toContain('BC:+Ke1');
    // the unplaced king is part of the position JSON
    expect(makePosition(game.position).unplaced?.B).toContain('Ke1');
    roundTrip(game.position);
    // placing everything takes 16 rounds; then every king stands on exactly one board
    const placed = game.autoPlace('balanced', 'all');
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect(placed.value.length).toBe(48);
    expect(placed.value.status().phase).toBe('play');
    for (let p = 0; p < 3; p++) expect(kingOn(placed.value.position, p)).toHaveLength(1);
    expect(kingOn(placed.value.position, A)).toEqual(['AC']);
  });

  test('R9.3 the king moves like a king on its board and may shift one step to another board', () => {
    const pos = explicit({
      players: 3,
      options: COWARDLY,
      pieces: {
        AB: { e1: 'K', d2: 'n', e8: 'k' },
        AC: { d1: 'n', d2: 'P', f8: 'r', e8: 'k' },
      },
    });
    // f1 of AB is attacked by the knight; on AC, d1 is taken by an enemy (a shift never
    // captures), d2 by A's own pawn, f1 and f2 are attacked; e1 would not be a move at all
    expect(movesFrom(pos, 'AB:K')).toEqual([
      'AB:Ke1-AC:e2',
      'AB:Ke1-d1',
      'AB:Ke1-e2',
      'AB:Ke1-f2',
      'AB:Ke1xd2',
    ]);
    for (const t of ['AB:Ke1-AC:e1', 'AB:Ke1xAC:d1', 'AB:Ke1-AC:f1'])
      expect(parseAction(pos, t).ok, t).toBe(false);
    apply(pos, 'AB:Ke1-AC:e2');
    expect(at(pos, 'AB', 'e1')).toBe('');
    expect(at(pos, 'AC', 'e2')).toBe('K');
    expect(kingOn(pos, A)).toEqual(['AC']);
    // B, North on AB, shifts to BC where it sits South: relative squares are kept
    expect(shifting(movesFrom(pos, 'AB:K'))).toEqual([
      'AB:Ke8-BC:d1',
      'AB:Ke8-BC:d2',
      'AB:Ke8-BC:e2',
      'AB:Ke8-BC:f1',
      'AB:Ke8-BC:f2',
    ]);
    apply(pos, 'AB:Ke8-BC:d2');
    expect(at(pos, 'BC', 'd2')).toBe('K');
    expect(kingOn(pos, B)).toEqual(['BC']);
    expect(pos.kingRel[B]).toBe(0x13);
  });

  test('R9.3 the king castles on its own board only', () => {
    const pos = explicit({
      players: 3,
      options: COWARDLY,
      pieces: {
        AB: { e1: 'K', a1: 'R', h1: 'R', e8: 'k' },
        // on AC: rooks in their corners, a bishop on f1 and g1 attacked — none of it counts
        AC: { a1: 'R', h1: 'R', f1: 'B', g8: 'r', e8: 'k' },
      },
      extra: { AB: { castling: 'KQ' }, AC: { castling: 'KQ' } },
    });
    expect(moves(pos).filter((t) => t.includes('O-O'))).toEqual(['AB:O-O', 'AB:O-O-O']);
    apply(pos, 'AB:O-O');
    expect(at(pos, 'AB', 'g1')).toBe('K');
    expect(at(pos, 'AB', 'f1')).toBe('R');
    expect(at(pos, 'AC', 'h1')).toBe('R');
    expect(at(pos, 'AC', 'g1')).toBe('');
  });

  test('R5.4 R9.3 a flight is a king move: the king loses its castling right when the flight begins', () => {
    const pos = explicit({
      players: 3,
      options: COWARDLY,
      pieces: {
        AB: { e1: 'K', a1: 'r', b2: 'r', e8: 'k' },
        AC: { d1: 'N', f1: 'N', d2: 'P', e2: 'P', f2: 'P', h1: 'R', e8: 'k' },
      },
      extra: { AC: { castling: 'K' } },
      kingMoved: ['B', 'C'],
    });
    expect(pos.mode).toBe(MODE_FINAL);
    expect(makePosition(pos).boards.AC.castling).toBe('K');
    apply(pos, 'AC:Nf1-g3', 'AB:Ra1xe1'); // the final move clears f1; B takes the king
    expect(pos.mode).toBe(MODE_FLIGHT);
    const json = makePosition(pos);
    expect(json.boards.AC.castling).toBeUndefined();
    expect(json.kingMoved).toContain('A');
    roundTrip(pos);
    apply(pos, 'AC:+Ke1', 'AC:Ke8-d8');
    // back on relative e1 beside an unmoved rook with f1 and g1 free, but the king has moved
    expect(turnOf(pos)).toBe('A');
    expect(at(pos, 'AC', 'h1')).toBe('R');
    expect(moves(pos).filter((t) => t.includes('O-O'))).toEqual([]);
  });

  test('R9.3 check counts on the king’s board only', () => {
    const quiet = explicit({
      players: 3,
      options: COWARDLY,
      pieces: {
        AB: { e1: 'K', e8: 'k' },
        // C's rook bears on relative e1 of AC, where A's king is not: no check, no pin
        AC: { e5: 'r', e3: 'B', c3: 'N', e8: 'k' },
      },
    });
    expect(checkedBoards(quiet, A)).toEqual([]);
    expect(movesFrom(quiet, 'AC:Be3')).toContain('AC:Be3-d4');
    expect(movesFrom(quiet, 'AC:Nc3')).toContain('AC:Nc3-b5');
    // a rook on AB does check: only answers on AB (blocks may shift in from AC)
    const checked = explicit({
      players: 3,
      options: COWARDLY,
      pieces: {
        AB: { e1: 'K', e5: 'r', e8: 'k' },
        AC: { e5: 'r', e3: 'B', c3: 'N', e8: 'k' },
      },
    });
    expect(checkedBoards(checked, A)).toEqual([0]);
    expect(movesFrom(checked, 'AC:Nc3')).toEqual(['AC:Nc3-AB:e2', 'AC:Nc3-AB:e4']);
    expect(movesFrom(checked, 'AC:Be3')).toEqual([]);
  });

  test('R9.3 at the forced capture the king flees to the same relative square of another board', () => {
    const pos = explicit({ players: 3, options: COWARDLY, pieces: COWARD_MATE });
    expect(pos.status[A]).toBe(MATED);
    expect(label(pos.mateBy[A])).toBe('B');
    expect(pos.mode).toBe(MODE_FINAL);
    apply(pos, 'AC:Nd1-c3'); // final move
    expect(pos.mode).toBe(MODE_CAPTURE);
    expect(moves(pos)).toEqual(['AB:Ra1xe1']);
    const [capture] = eventsOf(pos, 'AB:Ra1xe1');
    expect(capture).toContainEqual({ type: 'flee', player: 'A', from: 'AB' });
    expect(capture.filter((e) => e.type === 'eliminated')).toEqual([]);
    // A chooses where the king goes: the flight turn
    expect(turnOf(pos)).toBe('A');
    expect(pos.mode).toBe(MODE_FLIGHT);
    expect(moves(pos)).toEqual(['AC:+Ke1']);
    expect(at(pos, 'AB', 'e1')).toBe('r');
    const [fled] = eventsOf(pos, 'AC:+Ke1');
    expect(fled).toContainEqual({ type: 'fled', player: 'A', board: 'AC', square: 'e1' });
    // A stays in the game; play resumes with the player after the checkmater
    expect(pos.status[A]).toBe(ACTIVE);
    expect(pos.mateBy[A]).toBe(-1);
    expect(kingOn(pos, A)).toEqual(['AC']);
    expect(at(pos, 'AC', 'e1')).toBe('K');
    expect(turnOf(pos)).toBe('C');
    expect(pos.mode).toBe(MODE_NORMAL);
    apply(pos, 'AC:Ke8-d8');
    expect(turnOf(pos)).toBe('A');
    expect(moves(pos).length).toBeGreaterThan(0);
  });

  test('R6.3 R9.3 the checkmater times out before the capture: the Cowardly king is removed, credited to no one (no flight)', () => {
    const pos = explicit({
      players: 4,
      options: COWARDLY,
      // D's king on AD e8; C's rook on CD keeps mating material when two are left (R7.2)
      pieces: { ...COWARD_MATE, AD: COWARD_MATE.AC, CD: { a1: 'R' } },
    });
    expect(pos.status[A]).toBe(MATED);
    apply(pos, 'AC:Nd1-c3'); // the final move; B owes the capture
    expect(pos.mode).toBe(MODE_CAPTURE);
    const [out] = eventsOf(pos, 'timeout B');
    expect(out).toContainEqual({ type: 'eliminated', player: 'A', by: null, cause: 'removed' });
    expect(out.filter((e) => e.type === 'flee')).toEqual([]);
    expect([pos.status[A], pos.status[B]]).toEqual([ELIMINATED, ELIMINATED]);
    expect(turnOf(pos)).toBe('C');
    expect(pos.mode).toBe(MODE_NORMAL);
    roundTrip(pos);
  });

  test('R9.3 a mated king removed for want of a capture (R6.3) flees too; the checkmater then moves', () => {
    // A's final move blocks B's rook with the bishop: B cannot take the king any more
    const pos = explicit({
      players: 3,
      options: COWARDLY,
      mated: { A: 'B' },
      pieces: {
        AB: { e1: 'K', a1: 'r', e8: 'k' },
        AC: { d2: 'B', h2: 'P', e8: 'k' },
      },
    });
    expect(pos.mode).toBe(MODE_FINAL);
    const [events] = eventsOf(pos, 'AC:Bd2-AB:c1');
    expect(events).toContainEqual({ type: 'flee', player: 'A', from: 'AB' });
    expect(pos.status[A]).toBe(MATED);
    expect(turnOf(pos)).toBe('A');
    expect(pos.mode).toBe(MODE_FLIGHT);
    expect(moves(pos)).toEqual(['AC:+Ke1']);
    apply(pos, 'AC:+Ke1');
    expect(pos.status[A]).toBe(ACTIVE);
    expect(turnOf(pos)).toBe('B');
    expect(pos.mode).toBe(MODE_NORMAL);
    expect(moves(pos)).toContain('AB:Ra1xc1');
  });

  /** Four players; A mated by B, B to take A's king on e1 of AB with the rook on e5. */
  const fleeFrom = (pieces: Record<string, PieceMap>, eliminated: string[] = []) =>
    explicit({
      players: 4,
      options: COWARDLY,
      turn: 'B',
      mated: { A: 'B' },
      eliminated,
      pieces: {
        ...pieces,
        AB: { e1: 'K', e5: 'r', e8: 'k', ...pieces.AB },
        BC: { e8: 'k', ...pieces.BC },
        CD: eliminated.includes('D') ? (pieces.CD ?? {}) : { e8: 'k', ...pieces.CD },
      },
    });

  test('R9.3 a friendly piece on the flight square is removed; a board with an enemy piece there cannot be chosen', () => {
    const pos = fleeFrom({ AC: { e1: 'N', h2: 'P' }, AD: { e1: 'n' } });
    expect(pos.mode).toBe(MODE_CAPTURE);
    apply(pos, 'AB:Re5xe1');
    expect(turnOf(pos)).toBe('A');
    expect(moves(pos)).toEqual(['AC:+Ke1']);
    expect(parseAction(pos, 'AD:+Ke1').ok).toBe(false);
    apply(pos, 'AC:+Ke1');
    expect(at(pos, 'AC', 'e1')).toBe('K');
    expect(pieceCount(pos, 'AC')).toBe(1); // the knight is gone, the pawn stays
    expect(at(pos, 'AD', 'e1')).toBe('n');
    expect(turnOf(pos)).toBe('C');
  });

  test('R9.3 a board where a petrified piece stands on the flight square cannot be chosen', () => {
    // D is out: its knight on AD e1 is petrified (R6.4)
    const pos = fleeFrom({ AC: { h2: 'P' }, AD: { e1: 'n' } }, ['D']);
    apply(pos, 'AB:Re5xe1');
    expect(pos.mode).toBe(MODE_FLIGHT);
    expect(moves(pos)).toEqual(['AC:+Ke1']);
    expect(parseAction(pos, 'AD:+Ke1').ok).toBe(false);
    // with the petrified knight elsewhere on AD, AD may be chosen
    const open = fleeFrom({ AC: { h2: 'P' }, AD: { a8: 'n' } }, ['D']);
    apply(open, 'AB:Re5xe1');
    expect(moves(open)).toEqual(['AC:+Ke1', 'AD:+Ke1']);
  });

  test('R9.3 the flight keeps the relative square: a king taken on d2 flees to d2 elsewhere', () => {
    const pos = explicit({
      players: 4,
      options: COWARDLY,
      turn: 'B',
      mated: { A: 'B' },
      pieces: {
        AB: { d2: 'K', d5: 'r', e8: 'k' },
        BC: { e8: 'k' },
        CD: { e8: 'k' },
      },
    });
    apply(pos, 'AB:Rd5xd2');
    expect(moves(pos)).toEqual(['AC:+Kd2', 'AD:+Kd2']);
  });

  test('R9.3 if every other board is blocked, the king replaces a friendly piece anywhere in the domain', () => {
    // C's knight on e1 of AC, a petrified piece of D on e1 of AD
    const pos = fleeFrom({ AB: { a2: 'P' }, AC: { e1: 'n', h2: 'P' }, AD: { e1: 'n', b1: 'N' } }, [
      'D',
    ]);
    apply(pos, 'AB:Re5xe1');
    expect(pos.mode).toBe(MODE_FLIGHT);
    expect(moves(pos)).toEqual(['AB:+Ka2', 'AC:+Kh2', 'AD:+Kb1']);
    apply(pos, 'AD:+Kb1');
    expect(at(pos, 'AD', 'b1')).toBe('K');
    expect(pos.kingRel[A]).toBe(0x01);
    expect(kingOn(pos, A)).toEqual(['AD']);
    expect(pos.status[A]).toBe(ACTIVE);
    expect(at(pos, 'AB', 'a2')).toBe('P');
    expect(turnOf(pos)).toBe('C');
  });

  test('R9.3 with no friendly piece left the king is captured and the player eliminated', () => {
    const pos = fleeFrom({ AC: { e1: 'n' }, AD: { e1: 'n' } }, ['D']);
    const [events] = eventsOf(pos, 'AB:Re5xe1');
    expect(events).toContainEqual({ type: 'eliminated', player: 'A', by: 'B', cause: 'no-flight' });
    expect(events.filter((e) => e.type === 'fled')).toEqual([]);
    expect(pos.status[A]).toBe(ELIMINATED);
    expect(label(pos.eliminatedBy[A])).toBe('B');
    expect(turnOf(pos)).toBe('C');
    expect(pos.mode).toBe(MODE_NORMAL);
  });

  test('R9.3 with no other board in the domain the king is captured (domain of one board set up by hand)', () => {
    const pos = explicit({
      players: 3,
      options: COWARDLY,
      turn: 'B',
      mated: { A: 'B' },
      pieces: { AB: { e1: 'K', e5: 'r', e8: 'k', a2: 'P' }, BC: { e8: 'k' } },
      extra: { AC: { live: false } },
    });
    expect(pos.domain[A]).toEqual([0]);
    apply(pos, 'AB:Re5xe1');
    expect(pos.status[A]).toBe(ELIMINATED);
    expect(label(pos.eliminatedBy[A])).toBe('B');
    expect(turnOf(pos)).toBe('C');
  });

  test('R9.3 R9.2 a king whose board collapses flees; several kings flee in turn order, then play resumes', () => {
    const pos = explicit({
      players: 4,
      options: { cowardly: true, collapse: true },
      turn: 'B',
      eliminated: ['C'],
      countdown: { C: 1 },
      pieces: {
        AC: { e1: 'K', a2: 'P', h7: 'p' },
        BC: { e1: 'K', b2: 'P' },
        BD: { a1: 'R' },
        AD: { e8: 'k' },
      },
    });
    const [events] = eventsOf(pos, 'BD:Ra1-a2');
    expect(events).toContainEqual({ type: 'flee', player: 'A', from: 'AC' });
    expect(events).toContainEqual({ type: 'flee', player: 'B', from: 'BC' });
    expect(events).toContainEqual({ type: 'collapse', boards: ['AC', 'BC', 'CD'], piecesLost: 3 });
    expect(turnOf(pos)).toBe('A');
    expect(pos.mode).toBe(MODE_FLIGHT);
    expect(moves(pos)).toEqual(['AB:+Ke1', 'AD:+Ke1']);
    apply(pos, 'AD:+Ke1');
    // B flees next; North on AB, relative e1 is e8 there
    expect(turnOf(pos)).toBe('B');
    expect(pos.mode).toBe(MODE_FLIGHT);
    expect(moves(pos)).toEqual(['AB:+Ke8', 'BD:+Ke1']);
    apply(pos, 'AB:+Ke8');
    expect(at(pos, 'AB', 'e8')).toBe('k');
    expect(turnOf(pos)).toBe('D');
    expect(pos.mode).toBe(MODE_NORMAL);
    expect([pos.status[A], pos.status[B], pos.status[D]]).toEqual([ACTIVE, ACTIVE, ACTIVE]);
  });

  test('R9.3 R9.2 R2.3 a king whose board collapses during placement flees, then placement goes on', () => {
    const ALL_PIECES = 'a2 b2 c2 d2 e2 f2 g2 h2 Nb1 Ng1 Bc1 Bf1 Ra1 Rh1 Qd1';
    const pos = explicit({
      players: 3,
      options: { cowardly: true, collapse: true },
      phase: 'placement',
      turn: 'B',
      eliminated: ['C'],
      countdown: { C: 1 },
      unplaced: { A: ALL_PIECES, B: ALL_PIECES },
      pieces: { AC: { e1: 'K' }, AB: { e8: 'k' } },
    });
    apply(pos, 'AB:+Nb8'); // C's slot comes round: AC and BC collapse under A's king
    expect(turnOf(pos)).toBe('A');
    expect(pos.mode).toBe(MODE_FLIGHT);
    expect(moves(pos)).toEqual(['AB:+Ke1']);
    roundTrip(pos);
    apply(pos, 'AB:+Ke1');
    expect(pos.mode).toBe(MODE_NORMAL);
    expect(turnOf(pos)).toBe('A');
    expect(moves(pos)).toContain('AB:+Rh1');
    // the king has moved (R5.4): a rook placed now brings no castling right
    apply(pos, 'AB:+Rh1');
    expect(at(pos, 'AB', 'h1')).toBe('R');
    expect(makePosition(pos).boards.AB.castling).toBe(undefined);
    roundTrip(pos);
  });

  test('R9.3 R9.2 a king whose board collapses with no square to flee to leaves the game', () => {
    const spec = (ab: PieceMap) =>
      explicit({
        players: 3,
        options: { cowardly: true, collapse: true },
        turn: 'B',
        eliminated: ['C'],
        countdown: { C: 1 },
        pieces: { AC: { e1: 'K', a2: 'P' }, AB: { e1: 'n', e8: 'k', h8: 'r', ...ab } },
      });
    const lost = spec({});
    const [events] = eventsOf(lost, 'AB:Ke8-d8');
    expect(events).toContainEqual({
      type: 'eliminated',
      player: 'A',
      by: null,
      cause: 'no-flight',
    });
    expect(outcome(lost)).toEqual({ over: true, winner: 'B', reason: 'none' });
    // with a friendly piece left on AB, the king replaces it
    const saved = spec({ g1: 'N' });
    apply(saved, 'AB:Ke8-d8');
    expect(saved.mode).toBe(MODE_FLIGHT);
    expect(moves(saved)).toEqual(['AB:+Kg1']);
    apply(saved, 'AB:+Kg1');
    expect(turnOf(saved)).toBe('A');
    expect(outcome(saved).over).toBe(false);
  });

  test('R9.3 with two players left R7 applies unchanged: checkmate wins at once, no flight', () => {
    const pos = explicit({
      players: 3,
      options: COWARDLY,
      eliminated: ['C'],
      pieces: { AB: COWARD_MATE.AB, AC: { ...COWARD_MATE.AC, e8: '' } },
    });
    expect(outcome(pos)).toEqual({ over: true, winner: 'B', reason: 'none' });
    expect(pos.mode).not.toBe(MODE_FLIGHT);
    expect(pos.status[A]).toBe(ELIMINATED);
    // a two-player game is standard chess, kings on e1 and e8 from the start
    const two = optionGame(2, COWARDLY);
    expect(two.status().phase).toBe('play');
    expect(two.legalActions()).toHaveLength(20);
    expect(at(two.position, 'AB', 'e1')).toBe('K');
  });
});

const SCAVENGER = { scavenger: true };

/**
 * B mates A on AB with Rh4-h1 (the rook on b2 covers rank 2); C moves, and A is found mated
 * at the start of A's turn. A owns a pawn on g2 of AB, a rook on a7 and a pawn on c2 of AC;
 * B has a bishop and a pawn on AB and a knight on BC.
 */
function scavengerMate(options: Partial<Options> = SCAVENGER): Position {
  return build({
    players: 3,
    turn: 'B',
    options,
    pieces: {
      AB: { b2: 'r', h4: 'r', g2: 'P', h7: 'p', f3: 'b' },
      AC: { a7: 'R', c2: 'P', a8: 'r' },
      BC: { b1: 'N' },
    },
  });
}

/** Seat holders of each board, by label: { AB: ['A', 'B'], … }. */
const seats = (pos: Position): Record<string, string[]> =>
  Object.fromEntries(
    pos.g.names.map((name, b) => [
      name,
      [label(pos.seatOwner[b * 2]), label(pos.seatOwner[b * 2 + 1])],
    ]),
  );

describe('R9.4 Interdimensional Scavenger', () => {
  test('R9.4 a mated player has no final move and no capture step: king gone, seats to the checkmater at once', () => {
    const pos = scavengerMate();
    apply(pos, 'AB:Rh4-h1');
    expect(pos.status[A]).toBe(ACTIVE);
    const [events] = eventsOf(pos, 'AC:Ke8-d8');
    expect(events).toEqual([
      { type: 'eliminated', player: 'A', by: 'B', cause: 'checkmate' },
      { type: 'inherit', player: 'B', from: 'A', boards: ['AB', 'AC'] },
    ]);
    expect(pos.status[A]).toBe(ELIMINATED);
    expect(label(pos.eliminatedBy[A])).toBe('B');
    // no final move by A, no forced capture: B simply moves on
    expect(turnOf(pos)).toBe('B');
    expect(pos.mode).toBe(MODE_NORMAL);
    expect(at(pos, 'AB', 'e1')).toBe('');
    expect(at(pos, 'AC', 'e1')).toBe('');
    expect(seats(pos)).toEqual({ AB: ['B', 'B'], AC: ['B', 'C'], BC: ['B', 'C'] });
    // A's pieces are B's now: not petrified, and not B's to take
    const list = moves(pos);
    for (const t of ['AC:Ra7xa8', 'AC:c2-c3', 'AC:c2-c4', 'AB:g2-g3', 'AB:g2-g4'])
      expect(list, t).toContain(t);
    expect(list).not.toContain('AB:Bf3xg2');
    expect(list).not.toContain('AB:Rb2xg2');
    // the seats are part of the position JSON
    expect(makePosition(pos).boards.AB.seats).toEqual(['B', 'B']);
    expect(makePosition(pos).boards.AC.seats).toEqual(['B', 'C']);
    roundTrip(pos);
  });

  test('R9.4 inherited pieces keep their seat’s orientation', () => {
    const pos = scavengerMate();
    apply(pos, 'AB:Rh4-h1', 'AC:Ke8-d8');
    // on AB B holds both seats: A's old pawn still moves up the board, B's own pawn down
    expect(movesFrom(pos, 'AB:g2-AB')).toEqual([]);
    expect(
      movesFrom(pos, 'AB:g2').filter((t) => !t.includes('-AC:') && !t.includes('-BC:')),
    ).toEqual(['AB:g2-g3', 'AB:g2-g4']);
    expect(
      movesFrom(pos, 'AB:h7').filter((t) => !t.includes('-AC:') && !t.includes('-BC:')),
    ).toEqual(['AB:h7-h5', 'AB:h7-h6']);
    apply(pos, 'AB:g2-g4');
    expect(at(pos, 'AB', 'g4')).toBe('P');
  });

  test('R9.4 the checkmater’s king does not spread to inherited boards', () => {
    const pos = scavengerMate();
    apply(pos, 'AB:Rh4-h1', 'AC:Ke8-f8');
    expect(kingOn(pos, B)).toEqual(['AB', 'BC']);
    for (const sq of ['e1', 'e8']) expect(at(pos, 'AC', sq)).not.toBe('K');
    // C's rook bears on AC's e-file freely: B has no king there to be checked
    apply(pos, 'AB:Rh1-h2', 'AC:Ra8-e8');
    expect(checkedBoards(pos, B)).toEqual([]);
  });

  test('R9.4 the checkmater’s pieces may shift onto inherited boards, into their own seat where they hold both', () => {
    const pos = scavengerMate();
    apply(pos, 'AB:Rh4-h1', 'AC:Ke8-d8');
    // onto AC B holds A's South seat; onto AB B holds both and lands in its own North seat
    expect(shifting(movesFrom(pos, 'BC:Nb1'))).toEqual([
      'BC:Nb1-AB:a6',
      'BC:Nb1-AB:c6',
      'BC:Nb1-AB:d7',
      'BC:Nb1-AC:a3',
      'BC:Nb1-AC:c3',
      'BC:Nb1-AC:d2',
    ]);
    expect(parseAction(pos, 'BC:Nb1-AB:c3').ok).toBe(false);
    const copy = pos.clone();
    const rook = pos.clone();
    const pawn = pos.clone();
    apply(pos, 'BC:Nb1-AB:c6');
    expect(at(pos, 'AB', 'c6')).toBe('n');
    apply(copy, 'BC:Nb1-AC:c3');
    expect(at(copy, 'AC', 'c3')).toBe('N');
    // inherited South pieces of AC shifting to AB land in B's North seat too
    expect(movesFrom(rook, 'AC:Ra7-AB:')).toContain('AC:Ra7-AB:a1'); // relative a8
    apply(rook, 'AC:Ra7-AB:a1');
    expect(at(rook, 'AB', 'a1')).toBe('r');
    expect(movesFrom(pawn, 'AC:c2-AB:')).toEqual(['AC:c2-AB:c5', 'AC:c2-AB:c6']);
    apply(pawn, 'AC:c2-AB:c6');
    expect(at(pawn, 'AB', 'c6')).toBe('p');
  });

  test('R9.4 R6.2 the seats pass to the checkmater: the attacker who moved most recently', () => {
    const spec = {
      players: 3,
      options: SCAVENGER,
      pieces: { AB: { a1: 'r', b2: 'r', h2: 'P' }, AC: { e5: 'r' } },
    };
    const byC = build({ ...spec, moveOrder: ['A', 'B', 'C'] });
    expect(byC.status[A]).toBe(ELIMINATED);
    expect(label(byC.eliminatedBy[A])).toBe('C');
    expect(seats(byC)).toEqual({ AB: ['C', 'B'], AC: ['C', 'C'], BC: ['B', 'C'] });
    const byB = build({ ...spec, moveOrder: ['A', 'C', 'B'] });
    expect(label(byB.eliminatedBy[A])).toBe('B');
    expect(seats(byB)).toEqual({ AB: ['B', 'B'], AC: ['B', 'C'], BC: ['B', 'C'] });
  });

  test('R9.4 only with three or more players left: with two, checkmate wins (R7.1)', () => {
    const pos = build({
      players: 3,
      options: SCAVENGER,
      eliminated: ['C'],
      pieces: { AB: { a1: 'R', b7: 'R' } },
    });
    apply(pos, 'AB:Ra1-a8');
    expect(outcome(pos)).toEqual({ over: true, winner: 'A', reason: 'none' });
    expect(seats(pos).AB).toEqual(['A', 'B']);
  });

  test('R9.4 a stalemated player is not mated: they pass and keep their seats', () => {
    const locked: PieceMap = {
      a1: 'K',
      b1: 'B',
      a2: 'P',
      c2: 'P',
      a3: 'p',
      c3: 'p',
      a6: 'P',
      c6: 'P',
      a7: 'p',
      c7: 'p',
      a8: 'k',
      b8: 'b',
    };
    const pos = build({
      players: 3,
      options: SCAVENGER,
      kings: { A: 'a1', B: 'a1', C: 'a1' },
      pieces: { AB: locked, AC: locked, BC: { ...locked, h1: 'N' } },
    });
    expect(pos.mode).toBe(MODE_PASS);
    expect(moves(pos)).toEqual(['pass']);
    apply(pos, 'pass');
    expect(pos.status[A]).toBe(ACTIVE);
    expect(seats(pos).AB).toEqual(['A', 'B']);
  });
});

describe('R9.5 Shade Order', () => {
  const WHITE = '#ffffff';
  const YELLOW = '#ffff00';
  const GREEN = '#00ff00';
  const RED = '#ff0000';
  const BLUE = '#0000ff';
  const BLACK = '#000000';
  const GREY = '#808080';

  const setup = (colours: string[], seed: string, shade = true) => ({
    players: colours.map((colour, i) => ({ name: `P${i + 1}`, colour })),
    seed,
    options: { shade },
  });

  test('R9.5 relative luminance is the WCAG 2 formula on the sRGB value', () => {
    expect(relativeLuminance(WHITE)).toBeCloseTo(1, 12);
    expect(relativeLuminance(BLACK)).toBe(0);
    expect(relativeLuminance(RED)).toBeCloseTo(0.2126, 12);
    expect(relativeLuminance(GREEN)).toBeCloseTo(0.7152, 12);
    expect(relativeLuminance(BLUE)).toBeCloseTo(0.0722, 12);
    expect(relativeLuminance(YELLOW)).toBeCloseTo(0.9278, 12);
    // the power curve above 0.03928, linear below it
    expect(relativeLuminance(GREY)).toBeCloseTo(((128 / 255 + 0.055) / 1.055) ** 2.4, 12);
    expect(relativeLuminance('#0a0a0a')).toBeCloseTo(10 / 255 / 12.92, 12);
    expect(relativeLuminance('#0b0b0b')).toBeCloseTo(((11 / 255 + 0.055) / 1.055) ** 2.4, 12);
  });

  test('R9.5 the lightest army moves first and the darkest last, whatever the seed', () => {
    const entered = [RED, BLACK, WHITE, BLUE, GREEN, YELLOW];
    const plain = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const r = Game.create(setup(entered, `shade-${i}`));
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.value.players.map((p) => p.colour)).toEqual([
        WHITE,
        YELLOW,
        GREEN,
        RED,
        BLUE,
        BLACK,
      ]);
      expect(r.value.players.map((p) => p.label)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
      expect(r.value.players[0].name).toBe('P3');
      const off = Game.create(setup(entered, `shade-${i}`, false));
      if (off.ok) plain.add(off.value.players.map((p) => p.colour).join());
    }
    // without the option the order is the seeded draw, which varies
    expect(plain.size).toBeGreaterThan(1);
  });

  test('R9.5 equal luminance is broken by the seeded random draw', () => {
    const colours = [GREY, WHITE, GREY, BLACK];
    const tieOrders = new Set<string>();
    for (let i = 0; i < 16; i++) {
      const seed = `tie-${i}`;
      const order = (shade: boolean) => {
        const norm = normalizeSetup(setup(colours, seed, shade));
        if (!norm.ok) throw new Error(norm.error.message);
        return turnOrder(norm.value);
      };
      const shaded = order(true);
      expect(shaded[0]).toBe(1);
      expect(shaded[3]).toBe(3);
      // the two greys keep the order of the draw without Shade Order
      const drawn = order(false).filter((i) => i === 0 || i === 2);
      expect(shaded.slice(1, 3)).toEqual(drawn);
      expect(order(true)).toEqual(shaded);
      tieOrders.add(shaded.join());
    }
    expect(tieOrders.size).toBe(2);
  });

  test('R9.5 a saved game keeps the Shade Order', () => {
    const r = Game.create(setup([BLACK, RED, WHITE], 'saved'));
    if (!r.ok) throw new Error(r.error.message);
    const game = playAll(r.value, 'AB:+Nb1', 'AB:+Nb8');
    const loaded = loadGame(JSON.stringify(saveGame(game)));
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.value.players).toEqual(game.players);
    expect(loaded.value.players.map((p) => p.colour)).toEqual([WHITE, RED, BLACK]);
    expect(loaded.value.actions).toEqual(game.actions);
  });
});

describe('R9.6 combinations', () => {
  test('R9.6 Scavenger + Collapse: inherited boards do not collapse, boards still seated by the eliminated do', () => {
    // D resigned earlier (countdown 2). C moves; A is then found mated by B: B inherits AB, AC
    // and A's seat on AD, which D still holds the other seat of
    const pos = build({
      players: 4,
      options: { scavenger: true, collapse: true },
      turn: 'C',
      eliminated: ['D'],
      countdown: { D: 2 },
      pieces: {
        AB: { a1: 'r', b2: 'r' },
        AD: { h2: 'P', a7: 'p' },
        BC: { a2: 'P', h7: 'p' },
      },
    });
    const [scavenge] = eventsOf(pos, 'BC:h7-h6');
    expect(scavenge).toContainEqual({
      type: 'eliminated',
      player: 'A',
      by: 'B',
      cause: 'checkmate',
    });
    expect(scavenge).toContainEqual({
      type: 'inherit',
      player: 'B',
      from: 'A',
      boards: ['AB', 'AC', 'AD'],
    });
    expect(scavenge).toContainEqual({
      type: 'countdown',
      player: 'D',
      boards: ['AD', 'BD', 'CD'],
      turnsLeft: 1,
    });
    // A is doomed too, but holds no seat any more: nothing of A's counts down
    expect(scavenge.filter((e) => e.type === 'countdown' && e.player === 'A')).toEqual([]);
    expect(pos.countdown[A]).toBe(5);
    expect(seats(pos)).toMatchObject({ AB: ['B', 'B'], AC: ['B', 'C'], AD: ['B', 'D'] });
    expect(turnOf(pos)).toBe('B');
    // one round later D's count runs out: AD goes with BD and CD; AB and AC stay
    const [, collapse] = eventsOf(pos, 'BC:a2-a3', 'BC:h6-h5');
    expect(collapse).toContainEqual({
      type: 'collapse',
      boards: ['AD', 'BD', 'CD'],
      piecesLost: 2,
    });
    expect(pos.g.names.filter((_, b) => pos.live[b])).toEqual(['AB', 'AC', 'BC']);
    // A's count runs out four rounds later: nothing happens
    expect(pos.countdown[A]).toBe(4);
    const quiet = [
      'BC:a3-a4',
      'BC:h5-h4',
      'AB:Rb2-b3',
      'BC:Ke8-d8',
      'AB:Rb3-b4',
      'BC:Kd8-e8',
      'AB:Rb4-b5',
      'BC:Ke8-f8',
    ];
    const events = quiet.flatMap((t) => eventsOf(pos, t).flat());
    expect(pos.countdown[A]).toBe(0);
    expect(events.filter((e) => e.type === 'collapse')).toEqual([]);
    expect(pos.g.names.filter((_, b) => pos.live[b])).toEqual(['AB', 'AC', 'BC']);
    expect(outcome(pos).over).toBe(false);
    roundTrip(pos);
  });

  test('R9.6 Scavenger + Cowardly Kings: Scavenger decides a mate, the king does not flee', () => {
    const pos = explicit({
      players: 3,
      options: { scavenger: true, cowardly: true },
      turn: 'C',
      pieces: COWARD_MATE,
    });
    const [events] = eventsOf(pos, 'AC:Ke8-d8');
    expect(events).toEqual([
      { type: 'eliminated', player: 'A', by: 'B', cause: 'checkmate' },
      { type: 'inherit', player: 'B', from: 'A', boards: ['AB', 'AC'] },
    ]);
    expect(pos.status[A]).toBe(ELIMINATED);
    expect(pos.fleeing[A]).toBe(0);
    expect(pos.mode).toBe(MODE_NORMAL);
    expect(turnOf(pos)).toBe('B');
    expect(at(pos, 'AB', 'e1')).toBe('');
    expect(movesFrom(pos, 'AC:Nd1')).toContain('AC:Nd1-c3');
  });

  test('R9.6 Hyperspace: the final move is a whole turn, and so is the forced capture', () => {
    const pos = build({
      players: 3,
      options: HYPER,
      pieces: {
        AB: { a1: 'r', b2: 'r', g2: 'P' },
        AC: { a7: 'R', a8: 'r', b6: 'n' },
        BC: { b1: 'N' },
      },
    });
    expect(pos.status[A]).toBe(MATED);
    expect(pos.mode).toBe(MODE_FINAL);
    expect(due(pos)).toBeNull();
    expect(wholeTurns(pos).every((turn) => turn.length === 1)).toBe(true);
    apply(pos, 'AC:Ra7xa8');
    expect(turnOf(pos)).toBe('B');
    expect(pos.mode).toBe(MODE_CAPTURE);
    expect(due(pos)).toBeNull();
    expect(moves(pos)).toEqual(['AB:Ra1xe1']);
    expect(wholeTurns(pos)).toHaveLength(1);
    apply(pos, 'AB:Ra1xe1');
    expect(pos.status[A]).toBe(ELIMINATED);
    expect(turnOf(pos)).toBe('C');
    // and the next turn is an ordinary Hyperspace turn again
    expect(due(pos)).toEqual(['AC']);
  });

  test('R9.6 Cowardly Kings + Hyperspace: a king move, on its board or shifting, is the whole turn', () => {
    const spec = {
      players: 3,
      options: { cowardly: true, hyperspace: true },
      pieces: {
        AB: { e1: 'K', a1: 'R', e8: 'k' },
        AC: { b1: 'N', e8: 'k' },
      },
    };
    for (const king of ['AB:Ke1-d1', 'AB:Ke1-AC:d2']) {
      const pos = explicit(spec);
      expect(due(pos)).toEqual(['AB', 'AC']);
      apply(pos, king);
      expect(turnOf(pos), king).toBe('B');
    }
    // after a first move of another piece, the king may not move this turn
    const pos = explicit(spec);
    apply(pos, 'AC:Nb1-c3');
    expect(turnOf(pos)).toBe('A');
    expect(movesFrom(pos, 'AB:K')).toEqual([]);
    for (const t of moves(pos)) expect(t).toMatch(/^AB:Ra1/);
    // a flight is no part of a Hyperspace turn: the player resumed gets a whole turn
    const flight = explicit({
      players: 3,
      options: { cowardly: true, hyperspace: true },
      pieces: { ...COWARD_MATE, AC: { ...COWARD_MATE.AC, h7: 'p' }, BC: { a7: 'p' } },
    });
    apply(flight, 'AC:Nd1-c3');
    expect(due(flight)).toBeNull();
    apply(flight, 'AB:Ra1xe1');
    expect(flight.mode).toBe(MODE_FLIGHT);
    expect(due(flight)).toBeNull();
    apply(flight, 'AC:+Ke1');
    expect(turnOf(flight)).toBe('C');
    expect(due(flight)).toEqual(['AC', 'BC']);
    // a board holding only the king is not due
    const lone = explicit({
      ...spec,
      pieces: { AB: { e1: 'K', e8: 'k' }, AC: { b1: 'N', e8: 'k' } },
    });
    expect(due(lone)).toEqual(['AC']);
  });

  test('R9.6 Hyperspace + Scavenger: inherited boards are due boards', () => {
    const pos = scavengerMate({ scavenger: true, hyperspace: true });
    apply(pos, 'AB:Rh4-h1', 'BC:Nb1-c3', 'AC:Ke8-f8');
    expect(turnOf(pos)).toBe('B');
    expect(seats(pos).AC).toEqual(['B', 'C']);
    expect(due(pos)).toEqual(['AB', 'AC', 'BC']);
  });
});

describe('R9 options in records: saved games and position JSON', () => {
  const ALL: Options = {
    hyperspace: true,
    collapse: true,
    cowardly: true,
    scavenger: true,
    shade: true,
    quiet: true,
  };

  test('R9 R10.1 a saved game keeps its options and replays identically', () => {
    let game = placedOptionGame(4, ALL, 'saved');
    for (let i = 0; i < 40 && game.status().phase === 'play'; i++)
      game = playAll(game, game.legalActions()[(i * 7) % game.legalActions().length]);
    const save = saveGame(game);
    expect(save.setup.options).toEqual(ALL);
    const loaded = loadGame(JSON.stringify(save));
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.value.options).toEqual(ALL);
    expect(loaded.value.actions).toEqual(game.actions);
    expect([loaded.value.position.hashLo, loaded.value.position.hashHi]).toEqual([
      game.position.hashLo,
      game.position.hashHi,
    ]);
    expect(loaded.value.status()).toEqual(game.status());
    expect(loaded.value.turnGroups()).toEqual(game.turnGroups());
  });

  test('R9 R10.1 the options decide whether a saved game replays', () => {
    // a Hyperspace turn's second move is illegal without Hyperspace
    let hyper = placedOptionGame(3, HYPER, 'strip');
    const first = hyper.legalActions().find((m) => !hyper.actionText(m).includes(':K'))!;
    hyper = playAll(hyper, first);
    hyper = playAll(hyper, hyper.legalActions()[0]);
    expect(hyper.turnGroups().at(-1)?.actions).toHaveLength(2);
    const save = saveGame(hyper);
    const stripped = loadGame({ ...save, setup: { ...save.setup, options: {} } });
    expect(stripped.ok).toBe(false);
    if (!stripped.ok) expect(stripped.error.message).toMatch(/action 47/);
    // a Cowardly king's placement is no action without Cowardly Kings
    const cowardly = playAll(optionGame(3, COWARDLY, 'strip'), 'AB:+Ke1');
    const save2 = saveGame(cowardly);
    const stripped2 = loadGame({ ...save2, setup: { ...save2.setup, options: {} } });
    expect(stripped2.ok).toBe(false);
    if (!stripped2.ok) expect(stripped2.error.message).toMatch(/action 1 \(AB:\+Ke1\)/);
  });

  test('R9 position JSON carries the options', () => {
    const pos = build({ players: 3, options: { hyperspace: true, collapse: true }, pieces: {} });
    expect(makePosition(pos).options).toEqual({ hyperspace: true, collapse: true });
    const copy = roundTrip(pos);
    expect(copy.options).toEqual({ ...pos.options });
    const plain = build({ players: 3, pieces: {} });
    expect(makePosition(plain).options).toBeUndefined();
    // the options change the position's legal moves, so they are part of its identity
    expect(due(copy)).toEqual([]);
    expect(due(plain)).toBeNull();
  });

  test('R9.3 a Cowardly position round-trips through JSON, the king on one board', () => {
    const pos = explicit({ players: 3, options: COWARDLY, pieces: COWARD_MATE });
    const json = makePosition(pos);
    expect(json.boards.AB.pieces).toBe('4k3/8/8/8/8/8/1r6/r3K3');
    expect(json.boards.AC.pieces).toBe('4k3/8/8/8/8/8/3PPP2/3N1N2');
    expect(json.mated).toEqual({ A: 'B' });
    roundTrip(pos);
  });

  test('R9.1 a position in the middle of a Hyperspace turn round-trips through JSON', () => {
    const pos = build({ players: 3, options: HYPER, pieces: { AB: { a1: 'R' }, AC: { h1: 'R' } } });
    apply(pos, 'AB:Ra1-a4');
    expect(due(pos)).toEqual(['AC']);
    const copy = roundTrip(pos);
    expect(due(copy)).toEqual(['AC']);
  });

  test('R9.3 a position awaiting a king’s flight round-trips through JSON', () => {
    const pos = explicit({ players: 3, options: COWARDLY, pieces: COWARD_MATE });
    apply(pos, 'AC:Nd1-c3', 'AB:Ra1xe1');
    expect(pos.mode).toBe(MODE_FLIGHT);
    const copy = roundTrip(pos);
    expect(copy.mode).toBe(MODE_FLIGHT);
    expect(moves(copy)).toEqual(['AC:+Ke1']);
  });
});
