/** Explanations of check, refused king squares, pins, castling and recent actions (issue #11). */
import { describe, expect, test } from 'vitest';
import {
  BISHOP,
  KNIGHT,
  QUEEN,
  ROOK,
  castlingWhy,
  checks,
  makeAction,
  parseSquare,
  pins,
  refusedKingSquares,
  sinceLastTurn,
  squareAttacks,
  squareName,
  type Attack,
  type Position,
} from '../../src/core';
import { build, moves, placedGame, playAll } from './helpers';

const A = 0;
const spot = (pos: Position, b: number, sq: number) => `${pos.g.names[b]}:${squareName(sq)}`;
const attack = (pos: Position, a: Attack) => ({
  by: `${spot(pos, a.board, a.from)}>${squareName(a.to)}`,
  role: a.role,
  owner: a.owner,
  path: a.path.map(squareName),
});

describe('why check (R5.3 check across boards)', () => {
  test('R5.3 a queen on another board gives check along its path', () => {
    const pos = build({ players: 3, pieces: { AC: { e4: 'q' } } });
    expect(checks(pos, A).map((a) => attack(pos, a))).toEqual([
      { by: 'AC:e4>e1', role: QUEEN, owner: 2, path: ['e3', 'e2'] },
    ]);
    expect(checks(pos, 1)).toEqual([]);
  });

  test('R5.3 two checkers on two boards are both named; a knight has no path', () => {
    const pos = build({ players: 3, pieces: { AB: { d3: 'n' }, AC: { a5: 'b' } } });
    expect(checks(pos, A).map((a) => attack(pos, a))).toEqual([
      { by: 'AB:d3>e1', role: KNIGHT, owner: 1, path: [] },
      { by: 'AC:a5>e1', role: BISHOP, owner: 2, path: ['b4', 'c3', 'd2'] },
    ]);
  });

  test('R6.4 an eliminated player’s petrified pieces give no check', () => {
    const pos = build({ players: 3, eliminated: ['C'], pieces: { AC: { e4: 'q' } } });
    expect(checks(pos, A)).toEqual([]);
  });
});

describe('why not (R5.1 king domain, R5.2)', () => {
  test('R5.1 a square attacked on another board is refused, with the attacker and its board', () => {
    const pos = build({ players: 3, pieces: { AC: { d5: 'r' } } });
    const refused = refusedKingSquares(pos, A);
    expect(refused.map((r) => squareName(r.rel)).sort()).toEqual(['d1', 'd2']);
    const d1 = refused.find((r) => squareName(r.rel) === 'd1')!;
    expect(d1.spots.map((s) => spot(pos, s.board, s.square))).toEqual(['AB:d1', 'AC:d1']);
    expect(d1.attacks.map((a) => attack(pos, a))).toEqual([
      { by: 'AC:d5>d1', role: ROOK, owner: 2, path: ['d4', 'd3', 'd2'] },
    ]);
    expect(d1.blockers).toEqual([]);
  });

  test('R5.1 the king does not shield the square behind it from a slider', () => {
    const pos = build({ players: 3, pieces: { AB: { a1: 'r' } } });
    const f1 = refusedKingSquares(pos, A).find((r) => squareName(r.rel) === 'f1');
    expect(f1?.attacks.map((a) => attack(pos, a).by)).toEqual(['AB:a1>f1']);
  });

  test('R5.1 a friendly piece on the square on any board refuses it (a blocker, no attacker)', () => {
    const pos = build({ players: 3, pieces: { AC: { f2: 'N' } } });
    const refused = refusedKingSquares(pos, A);
    expect(refused.map((r) => squareName(r.rel))).toEqual(['f2']);
    expect(refused[0].blockers.map((s) => spot(pos, s.board, s.square))).toEqual(['AC:f2']);
  });

  test('R5.1 a North king’s squares are named per board (relative square mirrored, R1.6)', () => {
    // B sits North on AB and South on BC; a rook on BC's d5 takes d1 (relative) from B's king.
    const pos = build({ players: 3, turn: 'B', pieces: { BC: { d5: 'r' } } });
    const d1 = refusedKingSquares(pos, 1).find((r) => squareName(r.rel) === 'd1')!;
    expect(d1.spots.map((s) => spot(pos, s.board, s.square))).toEqual(['AB:d8', 'BC:d1']);
  });

  test('R5.1 R5.2 the refused squares are exactly the king steps the rules refuse', () => {
    const pos = build({
      players: 4,
      pieces: { AB: { e2: 'n', c3: 'p' }, AC: { h2: 'r' }, AD: { f2: 'N', a3: 'b' } },
    });
    const legal = moves(pos)
      .filter((t) => /^AB:Ke1[-x]/.test(t))
      .map((t) => t.slice(-2));
    const refused = refusedKingSquares(pos, A).map((r) => squareName(r.rel));
    const all = ['d1', 'f1', 'd2', 'e2', 'f2'];
    expect([...legal, ...refused].sort()).toEqual(all.sort());
    expect(legal.filter((s) => refused.includes(s))).toEqual([]);
  });
});

describe('pins (R5.3, R4.6)', () => {
  test('R5.3 a rook pinned on one board, with its pinner and the line to the king', () => {
    const pos = build({ players: 3, pieces: { AC: { e2: 'R', e6: 'r' } } });
    const list = pins(pos, A);
    expect(list.map((p) => [spot(pos, p.board, p.square), attack(pos, p.pinner)])).toEqual([
      ['AC:e2', { by: 'AC:e6>e1', role: ROOK, owner: 2, path: ['e5', 'e4', 'e3', 'e2'] }],
    ]);
  });

  test('R5.3 two own pieces on the line: no pin', () => {
    const pos = build({ players: 3, pieces: { AC: { e2: 'R', e3: 'N', e6: 'r' } } });
    expect(pins(pos, A)).toEqual([]);
  });
});

describe('why no castling (R5.4)', () => {
  const castlePos = (ab: Record<string, string>) =>
    build({
      players: 3,
      pieces: { AB: ab, AC: { h1: 'R' } },
      extra: { AC: { castling: 'K' } },
    });

  test('R5.4 legal: the rook’s board is given, no refusal', () => {
    const pos = castlePos({});
    const king = castlingWhy(pos, A).find((c) => c.side === 'king')!;
    expect(king.boards.map((b) => pos.g.names[b])).toEqual(['AC']);
    expect(king.refusals).toEqual([]);
    const queen = castlingWhy(pos, A).find((c) => c.side === 'queen')!;
    expect(queen.refusals).toEqual([{ reason: 'no-rook' }]);
  });

  test('R5.4 refused: a square the king crosses is attacked on the other board', () => {
    const pos = castlePos({ f5: 'r' });
    const king = castlingWhy(pos, A).find((c) => c.side === 'king')!;
    expect(king.boards).toEqual([]);
    expect(king.refusals.map((r) => [r.reason, spot(pos, r.spot!.board, r.spot!.square)])).toEqual([
      ['attacked', 'AB:f1'],
    ]);
    expect(king.refusals[0].attacks!.map((a) => attack(pos, a).by)).toEqual(['AB:f5>f1']);
  });

  test('R5.4 refused: in check; a crossed square taken on the other board', () => {
    expect(castlingWhy(castlePos({ e5: 'r' }), A)[0].refusals[0]).toEqual({ reason: 'in-check' });
    const pos = castlePos({ g1: 'n' });
    expect(castlingWhy(pos, A)[0].refusals.map((r) => r.reason)).toEqual(['occupied']);
  });

  test('R5.4 refused: a piece between king and rook on the rook’s board, each square named once', () => {
    const pos = build({
      players: 3,
      pieces: { AC: { a1: 'R', b1: 'N', c1: 'B' } },
      extra: { AC: { castling: 'Q' } },
    });
    const queen = castlingWhy(pos, A).find((c) => c.side === 'queen')!;
    expect(queen.refusals.map((r) => [r.reason, spot(pos, r.spot!.board, r.spot!.square)])).toEqual(
      [
        ['occupied', 'AC:c1'],
        ['blocked', 'AC:b1'],
      ],
    );
  });

  test('R5.4 refused: the king has moved', () => {
    const pos = build({ players: 3, kings: { A: 'e2' }, pieces: { AC: { h1: 'R' } } });
    expect(castlingWhy(pos, A)[0].refusals).toEqual([{ reason: 'king-moved' }]);
  });
});

describe('since your turn (R1.2 turn order)', () => {
  test('after a full round at 3 players the mover sees both opponents’ moves, oldest first', () => {
    let game = placedGame(3, 'explain');
    expect(game.position.turn).toBe(A);
    expect(sinceLastTurn(game)).toEqual([]);
    const texts: string[] = [];
    for (let i = 0; i < 4; i++) {
      const m = game.legalActions().find((a) => !makeAction(game.position, a).includes('K'))!;
      texts.push(makeAction(game.position, m));
      game = playAll(game, m);
    }
    // A, B, C, A have moved: B is to move and sees C's and A's last moves.
    const since = sinceLastTurn(game);
    expect(since.map((r) => [r.text, r.player, r.turnsAgo])).toEqual([
      [texts[2], 2, 1],
      [texts[3], 0, 0],
    ]);
    // Browsing back: after the first three moves A sees B's and C's.
    expect(sinceLastTurn(game, game.length - 1).map((r) => r.text)).toEqual(texts.slice(1, 3));
  });

  test('R4 a shifting move is marked as a shift, with its squares on both boards', () => {
    let game = placedGame(3, 'explain');
    const shift = game
      .legalActions()
      .find((a) => /^[A-H]{2}:[NBRQ]?[a-h]\d-[A-H]{2}:/.test(makeAction(game.position, a)))!;
    const text = makeAction(game.position, shift);
    game = playAll(game, shift);
    const [r] = sinceLastTurn(game);
    expect(r.text).toBe(text);
    expect(r.shift).toBe(true);
    const [, fromBoard, fromSq, toBoard, toSq] =
      /^([A-H]{2}):[NBRQ]?([a-h]\d)-([A-H]{2}):([a-h]\d)$/.exec(text)!;
    const names = game.position.g.names;
    expect(r.from).toEqual([{ board: names.indexOf(fromBoard), square: parseSquare(fromSq) }]);
    expect(r.to).toEqual([{ board: names.indexOf(toBoard), square: parseSquare(toSq) }]);
  });

  test('R5.1 a king move is shown on every board of the king', () => {
    let game = placedGame(3, 'explain');
    const isKing = (a: number) => /^[A-H]{2}:K/.test(makeAction(game.position, a));
    // Quiet moves until the king has a step (its pawns make room).
    for (let i = 0; i < 30 && !game.legalActions().some(isKing); i++)
      game = playAll(game, game.legalActions()[0]);
    game = playAll(game, game.legalActions().find(isKing)!);
    const r = sinceLastTurn(game).at(-1)!;
    expect(r.text).toMatch(/^[A-H]{2}:K/);
    expect(r.from).toHaveLength(2);
    expect(r.to).toHaveLength(2);
    expect(new Set(r.to.map((s) => s.board)).size).toBe(2);
    expect(r.shift).toBe(false);
  });
});

describe('what attacks a square (the long press, R5.3 king domain)', () => {
  const at = (pos: Position, name: string) => {
    const [board, square] = name.split(':');
    return squareAttacks(pos, pos.g.names.indexOf(board), parseSquare(square));
  };
  const spots = (pos: Position, name: string) =>
    at(pos, name).spots.map((s) => spot(pos, s.board, s.square));
  const by = (pos: Position, name: string) => at(pos, name).attacks.map((a) => attack(pos, a).by);

  test('R5.3 a king’s square is attacked from every board of its owner', () => {
    const pos = build({ players: 3, pieces: { AB: { d3: 'n' }, AC: { a5: 'b' } } });
    expect(spots(pos, 'AB:e1')).toEqual(['AB:e1', 'AC:e1']);
    expect(by(pos, 'AB:e1')).toEqual(['AB:d3>e1', 'AC:a5>e1']);
    // The same from the king's other board.
    expect(by(pos, 'AC:e1')).toEqual(['AB:d3>e1', 'AC:a5>e1']);
  });

  test('R5.3 another piece is attacked on its own board only, by its owner’s enemies', () => {
    const pos = build({
      players: 3,
      pieces: { AB: { e4: 'N', e7: 'r', c3: 'B' }, AC: { e5: 'r' } },
    });
    expect(spots(pos, 'AB:e4')).toEqual(['AB:e4']);
    expect(by(pos, 'AB:e4')).toEqual(['AB:e7>e4']);
  });

  test('an empty square lists the attackers of both seat holders of its board', () => {
    const pos = build({ players: 3, pieces: { AB: { d4: 'Q', d7: 'r' } } });
    expect(by(pos, 'AB:d5').sort()).toEqual(['AB:d4>d5', 'AB:d7>d5']);
    expect(by(pos, 'AB:a6')).toEqual([]);
  });

  test('R6.4 petrified pieces attack nothing', () => {
    const pos = build({ players: 3, eliminated: ['C'], pieces: { AC: { e4: 'q' } } });
    expect(by(pos, 'AB:e1')).toEqual([]);
    // Only A's king attacks AC e2: the petrified queen on e4 does not.
    expect(by(pos, 'AC:e2')).toEqual(['AC:e1>e2']);
  });
});
