/** RULES R4 (shifting dimension) and R5 (kings, castling). */
import { describe, expect, test } from 'vitest';
import {
  KING,
  checkedBoards,
  legalActionList,
  makeAction,
  makePosition,
  moveFrom,
  moveFromBoard,
  moveToBoard,
  parseAction,
  roleOf,
  squareName,
} from '../../src/core';
import { apply, at, build, local, moves, movesFrom, placedGame, shifting, turnOf } from './helpers';

const names = (pos: ReturnType<typeof build>, boards: number[]) =>
  boards.map((b) => pos.g.names[b]);

describe('R4 shifting dimension', () => {
  test('R4.1 a knight shifts to another board of its domain with an ordinary knight move', () => {
    const pos = build({ players: 3, pieces: { AB: { b1: 'N' } } });
    expect(shifting(movesFrom(pos, 'AB:Nb1'))).toEqual([
      'AB:Nb1-AC:a3',
      'AB:Nb1-AC:c3',
      'AB:Nb1-AC:d2',
    ]);
  });

  test('R4.1 the game lists a piece’s destinations on its board and on the boards it can shift to', () => {
    // a balanced placement with A's knight on g1 of AB, pawns on e2 and f2 of AC
    const game = placedGame(3, 'test-1');
    expect(game.actions).toContain('AB:+Ng1');
    expect(game.actions).toContain('AC:+e2');
    const pos = game.position;
    const ab = pos.g.names.indexOf('AB');
    const ac = pos.g.names.indexOf('AC');
    const g1 = 0x06;
    const list = game
      .destinations(ab, g1)
      .map((d) => `${pos.g.names[d.board]}:${squareName(d.square)}${d.shift ? ' shift' : ''}`)
      .sort();
    expect(list).toEqual(['AB:e2', 'AB:f3', 'AB:h3', 'AC:f3 shift', 'AC:h3 shift']);
    // the king is shown on the board it is picked on
    expect(game.destinations(ac, 0x04)).toEqual([]);
  });

  test('R4.1 a piece cannot change board without moving (t ≠ s)', () => {
    const pos = build({ players: 3, pieces: { AB: { b1: 'N', c1: 'B' } } });
    for (const text of ['AB:Nb1-AC:b1', 'AB:Bc1-AC:c1']) {
      const r = parseAction(pos, text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('illegal-action');
    }
  });

  test('R4.1 every kind of non-king piece may shift, in its own relative coordinates', () => {
    const pos = build({
      players: 3,
      turn: 'B',
      pieces: { AB: { c8: 'b', a8: 'r', d8: 'q', b8: 'n', h7: 'p' } },
    });
    // B is North on AB and South on BC: relative c1 on AB (absolute c8) is c1 on BC
    expect(movesFrom(pos, 'AB:Bc8-BC:')).toEqual([
      'AB:Bc8-BC:a3',
      'AB:Bc8-BC:b2',
      'AB:Bc8-BC:d2',
      'AB:Bc8-BC:e3',
      'AB:Bc8-BC:f4',
      'AB:Bc8-BC:g5',
      'AB:Bc8-BC:h6',
    ]);
    for (const piece of ['AB:Ra8-BC:', 'AB:Qd8-BC:', 'AB:Nb8-BC:', 'AB:h7-BC:'])
      expect(movesFrom(pos, piece).length, piece).toBeGreaterThan(0);
    expect(movesFrom(pos, 'AB:h7-BC:')).toEqual(['AB:h7-BC:h3', 'AB:h7-BC:h4']);
    expect(movesFrom(pos, 'AB:Ra8-BC:')).toEqual([
      'AB:Ra8-BC:a2',
      'AB:Ra8-BC:a3',
      'AB:Ra8-BC:a4',
      'AB:Ra8-BC:a5',
      'AB:Ra8-BC:a6',
      'AB:Ra8-BC:a7',
      'AB:Ra8-BC:a8',
      'AB:Ra8-BC:b1',
      'AB:Ra8-BC:c1',
      'AB:Ra8-BC:d1',
    ]);
    apply(pos, 'AB:Ra8-BC:a5');
    expect(at(pos, 'AB', 'a8')).toBe('');
    expect(at(pos, 'BC', 'a5')).toBe('R'); // B's piece in B's South seat on BC
  });

  test('R4.2 a shifting move never captures: the destination must be empty', () => {
    const pos = build({ players: 3, pieces: { AB: { b1: 'N' }, AC: { c3: 'p', d2: 'P' } } });
    expect(shifting(movesFrom(pos, 'AB:Nb1'))).toEqual(['AB:Nb1-AC:a3']);
    for (const text of ['AB:Nb1-AC:c3', 'AB:Nb1xAC:c3', 'AB:Nb1-AC:d2']) {
      const r = parseAction(pos, text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('illegal-action');
    }
    for (const text of shifting(moves(pos))) expect(text).not.toMatch(/x[A-H]{2}:/);
  });

  test('R4.3 split path: a rook shifts past a piece that blocks it on the target board', () => {
    const pos = build({ players: 3, pieces: { AB: { a1: 'R' }, AC: { a4: 'n' } } });
    expect(movesFrom(pos, 'AB:Ra1-AC:a')).toEqual([
      'AB:Ra1-AC:a2',
      'AB:Ra1-AC:a3',
      'AB:Ra1-AC:a5',
      'AB:Ra1-AC:a6',
      'AB:Ra1-AC:a7',
      'AB:Ra1-AC:a8',
    ]);
    apply(pos, 'AB:Ra1-AC:a7');
    expect(at(pos, 'AC', 'a7')).toBe('R');
    expect(at(pos, 'AC', 'a4')).toBe('n');
  });

  test('R4.3 split path: a rook shifts past a piece that blocks it on its own board', () => {
    const pos = build({ players: 3, pieces: { AB: { a1: 'R', a3: 'n' } } });
    expect(local(movesFrom(pos, 'AB:Ra1-a')).concat(local(movesFrom(pos, 'AB:Ra1xa')))).toEqual([
      'AB:Ra1-a2',
      'AB:Ra1xa3',
    ]);
    expect(movesFrom(pos, 'AB:Ra1-AC:a')).toEqual([
      'AB:Ra1-AC:a2',
      'AB:Ra1-AC:a3',
      'AB:Ra1-AC:a4',
      'AB:Ra1-AC:a5',
      'AB:Ra1-AC:a6',
      'AB:Ra1-AC:a7',
      'AB:Ra1-AC:a8',
    ]);
  });

  test('R4.3 split path: blocked before the split on the source and after it on the target', () => {
    // AB blocked on a3, AC on a5: a4 is reachable (split after a2), a6 and beyond are not
    const pos = build({ players: 3, pieces: { AB: { a1: 'R', a3: 'n' }, AC: { a5: 'n' } } });
    expect(movesFrom(pos, 'AB:Ra1-AC:a')).toEqual(['AB:Ra1-AC:a2', 'AB:Ra1-AC:a3', 'AB:Ra1-AC:a4']);
    // the same for a bishop on a diagonal
    const bishop = build({ players: 3, pieces: { AB: { c1: 'B', e3: 'n' }, AC: { f4: 'n' } } });
    expect(movesFrom(bishop, 'AB:Bc1-AC:')).toEqual([
      'AB:Bc1-AC:a3',
      'AB:Bc1-AC:b2',
      'AB:Bc1-AC:d2',
      'AB:Bc1-AC:e3',
    ]);
  });

  test('R4.3 a shift is one move whatever the split: (piece, P, s, Q, t) appears once', () => {
    const pos = build({ players: 3, pieces: { AB: { a1: 'R', d1: 'Q' } } });
    const texts = legalActionList(pos).map((m) => makeAction(pos, m));
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts.filter((t) => t === 'AB:Ra1-AC:a8')).toHaveLength(1);
    expect(texts.filter((t) => t === 'AB:Qd1-AC:h5')).toHaveLength(1);
  });

  test('R4.4 pawns shift only with a forward non-capturing move', () => {
    const pos = build({
      players: 3,
      pieces: { AB: { e4: 'P', d5: 'n' }, AC: { d5: 'n' } },
    });
    expect(movesFrom(pos, 'AB:e4')).toEqual(['AB:e4-AC:e5', 'AB:e4-e5', 'AB:e4xd5']);
    for (const text of ['AB:e4-AC:f5', 'AB:e4xAC:d5', 'AB:e4-AC:d5', 'AB:e4-AC:e6']) {
      const r = parseAction(pos, text);
      expect(r.ok, text).toBe(false);
    }
  });

  test('R4.4 a shifting double step needs the skipped square clear on either board', () => {
    const clearOnQ = build({ players: 3, pieces: { AB: { e2: 'P', e3: 'n' } } });
    expect(movesFrom(clearOnQ, 'AB:e2')).toEqual(['AB:e2-AC:e3', 'AB:e2-AC:e4']);
    const clearOnP = build({ players: 3, pieces: { AB: { e2: 'P' }, AC: { e3: 'n' } } });
    expect(movesFrom(clearOnP, 'AB:e2')).toEqual(['AB:e2-AC:e4', 'AB:e2-e3', 'AB:e2-e4']);
    const blocked = build({ players: 3, pieces: { AB: { e2: 'P', e3: 'n' }, AC: { e3: 'n' } } });
    expect(movesFrom(blocked, 'AB:e2')).toEqual([]);
    // only from relative rank 2
    const third = build({ players: 3, pieces: { AB: { e3: 'P' } } });
    expect(movesFrom(third, 'AB:e3')).toEqual(['AB:e3-AC:e4', 'AB:e3-e4']);
  });

  test('R4.4 a North pawn shifts forward in relative terms onto a board where it sits South', () => {
    const pos = build({ players: 3, turn: 'B', pieces: { AB: { e7: 'p' } } });
    expect(movesFrom(pos, 'AB:e7-BC:')).toEqual(['AB:e7-BC:e3', 'AB:e7-BC:e4']);
    apply(pos, 'AB:e7-BC:e4');
    expect(at(pos, 'BC', 'e4')).toBe('P');
  });

  test('R4.4 a shifting double step creates no en-passant right', () => {
    const pos = build({ players: 3, pieces: { AB: { e2: 'P' }, AC: { d4: 'p' } } });
    apply(pos, 'AB:e2-AC:e4', 'BC:Ke1-d1');
    expect(turnOf(pos)).toBe('C');
    expect(movesFrom(pos, 'AC:d4')).toEqual(['AC:d4-BC:d3', 'AC:d4-d3']);
    expect(parseAction(pos, 'AC:d4xe3').ok).toBe(false);
    // control: the same double step on the board itself does give the right
    const control = build({ players: 3, pieces: { AC: { e2: 'P', d4: 'p' } } });
    apply(control, 'AC:e2-e4', 'BC:Ke1-d1');
    expect(moves(control)).toContain('AC:d4xe3');
  });

  test('R4.4 promotion applies on arrival by a shift', () => {
    const pos = build({ players: 3, pieces: { AB: { d7: 'P' }, BC: { a7: 'P' } } });
    expect(movesFrom(pos, 'AB:d7-AC:')).toEqual([
      'AB:d7-AC:d8=B',
      'AB:d7-AC:d8=N',
      'AB:d7-AC:d8=Q',
      'AB:d7-AC:d8=R',
    ]);
    apply(pos, 'AB:d7-AC:d8=N');
    expect(at(pos, 'AB', 'd7')).toBe('');
    expect(at(pos, 'AC', 'd8')).toBe('N');
    // B's pawn on BC (South, relative a7) promotes on relative a8 of AB: absolute a1
    expect(movesFrom(pos, 'BC:a7-AB:')).toEqual([
      'BC:a7-AB:a1=B',
      'BC:a7-AB:a1=N',
      'BC:a7-AB:a1=Q',
      'BC:a7-AB:a1=R',
    ]);
    apply(pos, 'BC:a7-AB:a1=Q');
    expect(at(pos, 'AB', 'a1')).toBe('q');
    expect(at(pos, 'BC', 'a7')).toBe('');
  });

  test('R4.5 a rook that shifts has moved: it never castles', () => {
    const pos = build({
      players: 3,
      pieces: { AB: { a1: 'R', h5: 'R' } },
      extra: { AB: { castling: 'Q' } },
    });
    expect(moves(pos)).toContain('AB:O-O-O');
    // a rook arriving on a corner by a shift brings no castling right
    apply(pos, 'AB:Rh5-AC:h1', 'BC:Ke1-d1', 'AC:Ke8-d8');
    expect(at(pos, 'AC', 'h1')).toBe('R');
    expect(moves(pos)).not.toContain('AC:O-O');
    expect(moves(pos)).toContain('AB:O-O-O');
    // the corner rook shifts away and comes back: its right is gone
    apply(pos, 'AB:Ra1-AC:a3', 'BC:Kd1-e1', 'AC:Kd8-e8', 'AC:Ra3-AB:a1', 'BC:Ke1-d1', 'AC:Ke8-d8');
    expect(at(pos, 'AB', 'a1')).toBe('R');
    expect(moves(pos).filter((t) => t.includes('O-O'))).toEqual([]);
  });

  test('R4.6 a shift must not leave the king attacked: a pinned piece cannot shift away', () => {
    const pos = build({ players: 3, pieces: { AB: { e2: 'N', e5: 'r', c2: 'R' } } });
    expect(movesFrom(pos, 'AB:Ne2')).toEqual([]);
    // the same piece unpinned may shift
    const free = build({ players: 3, pieces: { AB: { e2: 'N', c2: 'R' } } });
    expect(shifting(movesFrom(free, 'AB:Ne2')).length).toBeGreaterThan(0);
  });

  test('R4.6 a check given on one board answered by a shift that blocks on another board', () => {
    const pos = build({
      players: 3,
      pieces: { AB: { c1: 'B', g1: 'N', a5: 'R' }, AC: { e5: 'r' } },
    });
    expect(names(pos, checkedBoards(pos, 0))).toEqual(['AC']);
    // no capture by a shift (AB:Ra5-AC:e5), no ordinary move on AB helps
    expect(moves(pos)).toEqual([
      'AB:Bc1-AC:e3',
      'AB:Ke1-d1',
      'AB:Ke1-d2',
      'AB:Ke1-f1',
      'AB:Ke1-f2',
      'AB:Ng1-AC:e2',
    ]);
    apply(pos, 'AB:Ng1-AC:e2');
    expect(at(pos, 'AC', 'e2')).toBe('N');
    expect(checkedBoards(pos, 0)).toEqual([]);
  });

  test('R4.6 a shift that blocks the check on its landing board is illegal if leaving opens a line onto the king', () => {
    // B's rook checks on AB; A's rook on AC e2 shields e1 from C's rook on e7
    const pinned = build({
      players: 3,
      pieces: { AB: { e7: 'r' }, AC: { e2: 'R', e7: 'r' } },
    });
    expect(names(pinned, checkedBoards(pinned, 0))).toEqual(['AB']);
    expect(shifting(movesFrom(pinned, 'AC:Re2'))).toEqual([]);
    // with no line behind it on AC the same shift blocks the check
    const free = build({ players: 3, pieces: { AB: { e7: 'r' }, AC: { e2: 'R' } } });
    expect(shifting(movesFrom(free, 'AC:Re2'))).toEqual([
      'AC:Re2-AB:e3',
      'AC:Re2-AB:e4',
      'AC:Re2-AB:e5',
      'AC:Re2-AB:e6',
    ]);
    apply(free, 'AC:Re2-AB:e4');
    expect(checkedBoards(free, 0)).toEqual([]);
  });
});

describe('R5 kings', () => {
  test('R5.1 a king move is refused because the destination is attacked on a different board', () => {
    const pos = build({ players: 3, pieces: { AC: { d5: 'r' } } });
    expect(movesFrom(pos, 'AB:K')).toEqual(['AB:Ke1-e2', 'AB:Ke1-f1', 'AB:Ke1-f2']);
    const r = parseAction(pos, 'AB:Ke1-d1');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('illegal-action');
  });

  test('R5.1 a king move is refused if a friendly piece holds the destination on any board', () => {
    const pos = build({ players: 3, pieces: { AC: { f2: 'N' } } });
    expect(movesFrom(pos, 'AB:K')).toEqual(['AB:Ke1-d1', 'AB:Ke1-d2', 'AB:Ke1-e2', 'AB:Ke1-f1']);
  });

  test('R5.1 the king moves on every board at once, and may be named on any of them', () => {
    const pos = build({ players: 3 });
    const viaAB = parseAction(pos, 'AB:Ke1-d2');
    const viaAC = parseAction(pos, 'AC:Ke1-d2');
    expect(viaAB.ok && viaAC.ok).toBe(true);
    if (viaAB.ok && viaAC.ok) expect(viaAC.value).toBe(viaAB.value);
    apply(pos, 'AC:Ke1-d2');
    expect(at(pos, 'AB', 'd2')).toBe('K');
    expect(at(pos, 'AC', 'd2')).toBe('K');
    expect(at(pos, 'AB', 'e1') + at(pos, 'AC', 'e1')).toBe('');
  });

  test('R5.2 one king move captures the enemy pieces on its destination on several boards', () => {
    const pos = build({ players: 3, halfmove: 10, pieces: { AB: { e2: 'n' }, AC: { e2: 'b' } } });
    expect(movesFrom(pos, 'AB:Ke1xe2')).toEqual(['AB:Ke1xe2']);
    apply(pos, 'AB:Ke1xe2');
    expect(at(pos, 'AB', 'e2')).toBe('K');
    expect(at(pos, 'AC', 'e2')).toBe('K');
    expect(makePosition(pos).halfmove).toBe(0);
    expect(makePosition(pos).boards.AB.pieces).toBe('4k3/8/8/8/8/8/4K3/8');
    expect(makePosition(pos).boards.AC.pieces).toBe('4k3/8/8/8/8/8/4K3/8');
  });

  test('R5.2 the capture is refused if the square is attacked on another board', () => {
    const pos = build({ players: 3, pieces: { AB: { e2: 'n' }, AC: { h2: 'r' } } });
    expect(movesFrom(pos, 'AB:K')).toEqual(['AB:Ke1-d1', 'AB:Ke1-f1']);
  });

  test('R5.3 a check on any board is a check: every move must answer it', () => {
    const pos = build({ players: 3, pieces: { AB: { b1: 'N', a2: 'P' }, AC: { e4: 'q' } } });
    expect(names(pos, checkedBoards(pos, 0))).toEqual(['AC']);
    expect(movesFrom(pos, 'AB:a2')).toEqual([]);
    // only the king's moves and the knight's shifts that block or none
    for (const t of moves(pos)) expect(t).toMatch(/^AB:K|^AB:Nb1-AC:/);
    expect(movesFrom(pos, 'AB:Nb1')).toEqual([]);
  });

  test('R5.3 no move may put the own king in check on another board (pins hold per board)', () => {
    const pos = build({ players: 3, pieces: { AC: { e2: 'R', e6: 'r' } } });
    expect(movesFrom(pos, 'AC:Re2')).toEqual(['AC:Re2-e3', 'AC:Re2-e4', 'AC:Re2-e5', 'AC:Re2xe6']);
  });

  test('R5.3 ordinary moves never capture a king', () => {
    // B's king stands attacked by A's rook (a position only set up by hand)
    const pos = build({ players: 3, pieces: { AB: { h8: 'R' } } });
    expect(local(movesFrom(pos, 'AB:Rh8-')).concat(local(movesFrom(pos, 'AB:Rh8x')))).toEqual([
      'AB:Rh8-f8',
      'AB:Rh8-g8',
      'AB:Rh8-h1',
      'AB:Rh8-h2',
      'AB:Rh8-h3',
      'AB:Rh8-h4',
      'AB:Rh8-h5',
      'AB:Rh8-h6',
      'AB:Rh8-h7',
    ]);
    expect(parseAction(pos, 'AB:Rh8xe8').ok).toBe(false);
  });

  test('R5.4 castling with the rook on one board: the king moves two squares on every board', () => {
    const pos = build({
      players: 3,
      pieces: { AC: { h1: 'R' } },
      extra: { AC: { castling: 'K' } },
    });
    expect(moves(pos).filter((t) => t.includes('O-O'))).toEqual(['AC:O-O']);
    apply(pos, 'AC:O-O');
    expect(at(pos, 'AB', 'g1')).toBe('K');
    expect(at(pos, 'AC', 'g1')).toBe('K');
    expect(at(pos, 'AC', 'f1')).toBe('R');
    expect(at(pos, 'AC', 'h1')).toBe('');
    expect(at(pos, 'AB', 'f1')).toBe('');
  });

  test.each([
    ['f1 attacked on the other board', { f5: 'r' }],
    ['g1 attacked on the other board', { g5: 'r' }],
    ['the king in check on the other board', { e5: 'r' }],
    ['f1 taken on the other board', { f1: 'N' }],
    ['g1 taken on the other board', { g1: 'n' }],
  ])('R5.4 castling is refused with %s', (_why, ab) => {
    const pos = build({
      players: 3,
      pieces: { AB: ab, AC: { h1: 'R' } },
      extra: { AC: { castling: 'K' } },
    });
    expect(moves(pos).filter((t) => t.includes('O-O'))).toEqual([]);
  });

  test('R5.4 squares the king does not cross may be attacked or taken on the other boards', () => {
    // h1 (the rook's corner) attacked on AB, b1 attacked and taken on AB
    const pos = build({
      players: 3,
      pieces: { AB: { h5: 'r', b5: 'r', b1: 'N' }, AC: { h1: 'R', a1: 'R' } },
      extra: { AC: { castling: 'KQ' } },
    });
    expect(moves(pos).filter((t) => t.includes('O-O'))).toEqual(['AC:O-O', 'AC:O-O-O']);
    apply(pos, 'AC:O-O-O');
    expect(at(pos, 'AB', 'c1')).toBe('K');
    expect(at(pos, 'AC', 'c1')).toBe('K');
    expect(at(pos, 'AC', 'd1')).toBe('R');
    expect(at(pos, 'AB', 'b1')).toBe('N');
  });

  test('R5.4 on the rook’s board the squares between king and rook must be empty', () => {
    const pos = build({
      players: 3,
      pieces: { AC: { a1: 'R', b1: 'N' } },
      extra: { AC: { castling: 'Q' } },
    });
    expect(moves(pos).filter((t) => t.includes('O-O'))).toEqual([]);
  });

  test('R5.4 rooks on several boards: the mover chooses which board’s rook castles', () => {
    const pos = build({
      players: 3,
      pieces: { AB: { h1: 'R' }, AC: { h1: 'R' } },
      extra: { AB: { castling: 'K' }, AC: { castling: 'K' } },
    });
    const castles = moves(pos).filter((t) => t.includes('O-O'));
    expect(castles).toEqual(['AB:O-O', 'AC:O-O']);
    const ab = parseAction(pos, 'AB:O-O');
    const ac = parseAction(pos, 'AC:O-O');
    expect(ab.ok && ac.ok && ab.value !== ac.value).toBe(true);
    apply(pos, 'AB:O-O');
    expect(at(pos, 'AB', 'f1')).toBe('R');
    expect(at(pos, 'AC', 'h1')).toBe('R');
    expect(at(pos, 'AC', 'f1')).toBe('');
    expect(at(pos, 'AC', 'g1')).toBe('K');
  });

  test('R5.4 a North king castles on its North board and moves on its South board too', () => {
    const pos = build({
      players: 3,
      turn: 'B',
      pieces: { AB: { h8: 'r' } },
      extra: { AB: { castling: 'k' } },
    });
    expect(moves(pos).filter((t) => t.includes('O-O'))).toEqual(['AB:O-O']);
    apply(pos, 'AB:O-O');
    expect(at(pos, 'AB', 'g8')).toBe('k');
    expect(at(pos, 'AB', 'f8')).toBe('r');
    expect(at(pos, 'BC', 'g1')).toBe('K');
  });

  test('R5.4 a king that has moved never castles', () => {
    const pos = build({
      players: 3,
      pieces: { AC: { h1: 'R' } },
      extra: { AC: { castling: 'K' } },
    });
    apply(pos, 'AB:Ke1-d1', 'BC:Ke1-d1', 'AC:Ke8-d8', 'AB:Kd1-e1', 'BC:Kd1-e1', 'AC:Kd8-e8');
    expect(moves(pos).filter((t) => t.includes('O-O'))).toEqual([]);
  });

  test('R5.5 the king never shifts', () => {
    const pos = build({ players: 4, pieces: { AB: { b1: 'N', a2: 'P' }, AC: { c1: 'B' } } });
    for (const m of legalActionList(pos)) {
      const b = moveFromBoard(m);
      if (roleOf(pos.pieceAt(b, moveFrom(m))) === KING) expect(moveToBoard(m)).toBe(b);
    }
    expect(shifting(movesFrom(pos, 'AB:K'))).toEqual([]);
    const r = parseAction(pos, 'AB:Ke1-AC:e2');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('illegal-action');
  });
});
