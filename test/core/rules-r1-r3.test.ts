/** RULES R1 (players, turn order, boards), R2 (pieces and placement), R3 (moving on one board). */
import { describe, expect, test } from 'vitest';
import {
  Game,
  KING,
  LABELS,
  PAWN,
  STANDARD_FEN,
  boardIndex,
  geometry,
  makeFen,
  normalizeSetup,
  roleOf,
  turnOrder,
} from '../../src/core';
import {
  apply,
  at,
  build,
  local,
  moves,
  movesFrom,
  newGame,
  placedGame,
  playAll,
  setupOf,
  turnOf,
} from './helpers';

/** The non-king pieces of each player on each board of a game's position, by board name. */
function census(game: Game): Map<string, Map<string, { all: number; pawns: number }>> {
  const pos = game.position;
  const out = new Map<string, Map<string, { all: number; pawns: number }>>();
  for (let p = 0; p < pos.n; p++) {
    const boards = new Map<string, { all: number; pawns: number }>();
    for (const b of pos.domain[p]) boards.set(pos.g.names[b], { all: 0, pawns: 0 });
    out.set(LABELS[p], boards);
  }
  for (let b = 0; b < pos.nb; b++)
    for (let sq = 0; sq < 128; sq++) {
      const c = pos.squares[(b << 7) | sq];
      if (sq & 0x88 || !c || roleOf(c) === KING) continue;
      const count = out.get(LABELS[pos.ownerOf(b, c)])!.get(pos.g.names[b])!;
      count.all++;
      if (roleOf(c) === PAWN) count.pawns++;
    }
  return out;
}

describe('R1 players, turn order, dimensions', () => {
  test('R1.1 a game has 3 to 8 players; 2 players is standard chess on one board', () => {
    for (const n of [3, 4, 5, 6, 7, 8]) expect(Game.create(setupOf(n)).ok).toBe(true);
    for (const n of [0, 1, 9]) {
      const r = Game.create(setupOf(n));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('bad-setup');
    }
    const two = newGame(2);
    expect(two.position.nb).toBe(1);
    expect(two.status().phase).toBe('play');
    expect(makeFen(two.position)).toBe(STANDARD_FEN);
    expect(moves(two.position)).toHaveLength(20);
    expect(movesFrom(two.position, 'AB:Ng1')).toEqual(['AB:Ng1-f3', 'AB:Ng1-h3']);
  });

  test('R1.2 turn order is a permutation drawn from the seed, stable for the same seed', () => {
    for (const n of [3, 4, 5, 6, 7, 8]) {
      for (const seed of ['alpha', 'beta', 'gamma']) {
        const a = newGame(n, seed);
        const b = newGame(n, seed);
        const order = a.players.map((p) => p.setupIndex);
        expect([...order].sort((x, y) => x - y)).toEqual([...Array(n).keys()]);
        expect(b.players.map((p) => p.setupIndex)).toEqual(order);
        // labels follow the turn order
        expect(a.players.map((p) => p.label).join('')).toBe(LABELS.slice(0, n));
        a.players.forEach((p) => expect(p.name).toBe(`P${p.setupIndex + 1}`));
      }
    }
  });

  test('R1.2 the permutation is uniform over seeds (all 6 orders of 3 players, none favoured)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 1200; i++) {
      const setup = normalizeSetup(setupOf(3, `seed-${i}`));
      if (!setup.ok) throw new Error(setup.error.message);
      const key = turnOrder(setup.value).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['012', '021', '102', '120', '201', '210']);
    for (const c of counts.values()) expect(c).toBeGreaterThan(140);
  });

  test('R1.2 each player makes one turn per round, in label order', () => {
    const game = newGame(4);
    let g = game;
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      seen.push(g.status().turn!);
      g = playAll(g, g.legalActions()[0]);
    }
    expect(seen.join('')).toBe('ABCDABCDABCD');
  });

  test('R1.3 there are C(n,2) boards, named by the two labels, earlier first', () => {
    expect(geometry(3).names).toEqual(['AB', 'AC', 'BC']);
    expect(geometry(4).names).toEqual(['AB', 'AC', 'AD', 'BC', 'BD', 'CD']);
    const counts: Record<number, number> = { 3: 3, 4: 6, 5: 10, 6: 15, 7: 21, 8: 28 };
    for (let n = 3; n <= 8; n++) {
      const g = geometry(n);
      expect(g.boards).toBe(counts[n]);
      const expected: string[] = [];
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++) expected.push(LABELS[i] + LABELS[j]);
      expect([...g.names].sort()).toEqual(expected);
      expect(new Set(g.names).size).toBe(counts[n]);
      const game = newGame(n);
      expect(game.position.nb).toBe(counts[n]);
      // the board of X and Y is found by its name, and only with the earlier label first
      expect(boardIndex(g, 'AB')).toBe(g.names.indexOf('AB'));
      expect(boardIndex(g, 'BA')).toBe(-1);
      expect(boardIndex(g, LABELS[n - 1] + LABELS[n])).toBe(-1);
    }
  });

  test('R1.4 the earlier player sits South: home ranks 1-2 and pawns moving up; the later North', () => {
    let game = newGame(3);
    // A is South on AB and AC: a pawn's home is a2 there
    expect(movesFrom(game.position, 'AB:+a')).toEqual(['AB:+a2']);
    expect(movesFrom(game.position, 'AC:+a')).toEqual(['AC:+a2']);
    game = playAll(game, 'AB:+e2');
    // B is North on AB (home rank 7) and South on BC (home rank 2)
    expect(movesFrom(game.position, 'AB:+e')).toEqual(['AB:+e7']);
    expect(movesFrom(game.position, 'BC:+e')).toEqual(['BC:+e2']);
    game = playAll(game, 'AB:+e7');
    // C is North everywhere
    expect(movesFrom(game.position, 'AC:+e')).toEqual(['AC:+e7']);
    expect(movesFrom(game.position, 'BC:+e')).toEqual(['BC:+e7']);
    expect(at(game.position, 'AB', 'e2')).toBe('P');
    expect(at(game.position, 'AB', 'e7')).toBe('p');

    const pos = build({
      players: 3,
      turn: 'B',
      pieces: { AB: { c2: 'P', d7: 'p' }, BC: { d2: 'P', c7: 'p' } },
    });
    expect(movesFrom(pos, 'AB:d7-d')).toEqual(['AB:d7-d5', 'AB:d7-d6']);
    expect(movesFrom(pos, 'BC:d2-d')).toEqual(['BC:d2-d3', 'BC:d2-d4']);
  });

  test('R1.5 the domain is the live boards where the player has a seat: shifts go only there', () => {
    const pos = build({ players: 4, pieces: { AB: { b1: 'N' } } });
    const targets = new Set(
      movesFrom(pos, 'AB:Nb1-').map((t) => /-([A-H]{2}):/.exec(t)?.[1] ?? 'AB'),
    );
    expect([...targets].sort()).toEqual(['AB', 'AC', 'AD']);
    expect(pos.domain.map((d) => d.map((b) => pos.g.names[b]).join(' '))).toEqual([
      'AB AC AD',
      'AB BC BD',
      'AC BC CD',
      'AD BD CD',
    ]);
  });

  test('R1.5 a board that has left play is not in the domain', () => {
    const pos = build({
      players: 3,
      pieces: { AB: { b1: 'N' } },
      extra: { AC: { pieces: '8/8/8/8/8/8/8/8', live: false } },
    });
    expect(pos.domain[0].map((b) => pos.g.names[b])).toEqual(['AB']);
    expect(movesFrom(pos, 'AB:Nb1')).toEqual(['AB:Nb1-a3', 'AB:Nb1-c3', 'AB:Nb1-d2']);
  });

  test('R1.6 relative squares: North mirrors the rank, and moving between boards keeps them', () => {
    // kings start on relative e1: absolute e8 for North
    const game = newGame(3);
    const pos = game.position;
    expect(at(pos, 'AB', 'e1')).toBe('K');
    expect(at(pos, 'AB', 'e8')).toBe('k');
    expect(at(pos, 'BC', 'e1')).toBe('K');
    expect(at(pos, 'AC', 'e8')).toBe('k');
    expect(at(pos, 'BC', 'e8')).toBe('k');
    // B's knight on b8 of AB stands on relative b1; on BC (South) relative = absolute
    const shifts = build({ players: 3, turn: 'B', pieces: { AB: { b8: 'n' } } });
    expect(movesFrom(shifts, 'AB:Nb8-BC:')).toEqual([
      'AB:Nb8-BC:a3',
      'AB:Nb8-BC:c3',
      'AB:Nb8-BC:d2',
    ]);
    // C's knight on g8 of AC (relative g1) lands on relative e2, f3, h3 of BC: e7, f6, h6
    const c = build({ players: 3, turn: 'C', pieces: { AC: { g8: 'n' } } });
    expect(movesFrom(c, 'AC:Ng8-BC:')).toEqual(['AC:Ng8-BC:e7', 'AC:Ng8-BC:f6', 'AC:Ng8-BC:h6']);
  });
});

describe('R2 pieces and placement', () => {
  test('R2.1 each player has 15 pieces to place, each with its home relative square', () => {
    const game = newGame(3);
    const home = ['a2', 'b2', 'c2', 'd2', 'e2', 'f2', 'g2', 'h2'];
    const officers = ['Bc1', 'Bf1', 'Nb1', 'Ng1', 'Qd1', 'Ra1', 'Rh1'];
    const expected = ['AB', 'AC'].flatMap((b) =>
      [...home.map((s) => `+${s}`), ...officers.map((s) => `+${s}`)].map((s) => `${b}:${s}`),
    );
    expect(moves(game.position)).toEqual(expected.sort());
    const b = playAll(game, 'AB:+Qd1');
    const mirrored = ['AB', 'BC'].flatMap((name) => {
      const r = name === 'AB' ? (s: string) => s[0] + (9 - Number(s[1])) : (s: string) => s;
      return [
        ...home.map((s) => `${name}:+${r(s)}`),
        ...officers.map((s) => `${name}:+${s[0]}${r(s.slice(1))}`),
      ];
    });
    expect(moves(b.position)).toEqual(mirrored.sort());
  });

  test('R2.2 the king is one piece on every board of the domain, on the same relative square', () => {
    const pos = build({ players: 3, turn: 'B' });
    apply(pos, 'BC:Ke1-d2'); // B: South on BC, North on AB
    expect(at(pos, 'BC', 'd2')).toBe('K');
    expect(at(pos, 'AB', 'd7')).toBe('k');
    expect(at(pos, 'BC', 'e1')).toBe('');
    expect(at(pos, 'AB', 'e8')).toBe('');
    apply(pos, 'AC:Ke8-f7'); // C
    expect(at(pos, 'AC', 'f7')).toBe('k');
    expect(at(pos, 'BC', 'f7')).toBe('k');
    apply(pos, 'AB:Ke1-e2'); // A
    expect(at(pos, 'AB', 'e2')).toBe('K');
    expect(at(pos, 'AC', 'e2')).toBe('K');
    // the king never appears twice on a board
    for (let b = 0; b < pos.nb; b++) {
      let kings = 0;
      for (let sq = 0; sq < 128; sq++) if (roleOf(pos.pieceAt(b, sq)) === KING) kings++;
      expect(kings).toBe(2);
    }
  });

  test('R2.3 placement: 15 rounds in turn order, each piece appears on its home square', () => {
    let game = newGame(3, 'placement');
    const turns: string[] = [];
    for (let i = 0; i < 45; i++) {
      const status = game.status();
      expect(status.phase).toBe('placement');
      expect(status.kind).toBe('place');
      turns.push(status.turn!);
      const legal = game.legalActions();
      game = playAll(game, legal[(i * 7) % legal.length]);
    }
    expect(turns.join('')).toBe('ABC'.repeat(15));
    expect(game.status().phase).toBe('play');
    expect(game.actions).toHaveLength(45);
    for (const text of game.actions) expect(text).toMatch(/^[A-C]{2}:\+[NBRQ]?[a-h][1-8]$/);
    // every piece stands on its home square on some board of its owner
    const census = new Map<string, number>();
    const pos = game.position;
    for (let b = 0; b < pos.nb; b++)
      for (let sq = 0; sq < 128; sq++) {
        const c = pos.squares[(b << 7) | sq];
        if (sq & 0x88 || !c) continue;
        const owner = pos.ownerOf(b, c);
        const rel = c >> 3 ? sq ^ 0x70 : sq;
        const role = c & 7;
        const rank = rel >> 4;
        if (role === 1) expect(rank).toBe(1);
        else expect(rank).toBe(0);
        const key = `${LABELS[owner]}${' PNBRQK'[role]}`;
        census.set(key, (census.get(key) ?? 0) + 1);
      }
    for (const p of 'ABC') {
      expect(census.get(`${p}P`)).toBe(8);
      expect(census.get(`${p}N`)).toBe(2);
      expect(census.get(`${p}B`)).toBe(2);
      expect(census.get(`${p}R`)).toBe(2);
      expect(census.get(`${p}Q`)).toBe(1);
      expect(census.get(`${p}K`)).toBe(2); // one king, on both boards of the domain
    }
  });

  test('R2.3 R9.3 under Cowardly Kings placement takes 16 rounds: the king is placed too, once', () => {
    const created = Game.create({
      ...setupOf(4, 'cowardly-placement'),
      options: { cowardly: true },
    });
    if (!created.ok) throw new Error(created.error.message);
    let game = created.value;
    const turns: string[] = [];
    let kings = 0;
    while (game.status().phase === 'placement') {
      turns.push(game.status().turn!);
      const legal = game.legalActions();
      const action = legal[(turns.length * 5) % legal.length];
      if (/:\+K/.test(game.actionText(action))) kings++;
      game = playAll(game, action);
    }
    expect(turns.join('')).toBe('ABCD'.repeat(16));
    expect(kings).toBe(4);
    expect(game.position.kingBoards.map((boards) => boards.length)).toEqual([1, 1, 1, 1]);
  });

  test('R2.3 a placed piece cannot be placed again, and nothing moves while placing', () => {
    let game = newGame(3);
    game = playAll(game, 'AB:+Nb1', 'AB:+Nb8', 'AC:+Nb8');
    expect(at(game.position, 'AB', 'b1')).toBe('N');
    expect(at(game.position, 'AB', 'b8')).toBe('n');
    expect(at(game.position, 'AC', 'b8')).toBe('n');
    const again = game.play('AC:+Nb1');
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.code).toBe('illegal-action');
    const move = game.play('AB:Nb1-c3');
    expect(move.ok).toBe(false);
    if (!move.ok) {
      expect(move.error.code).toBe('illegal-action');
      expect(move.error.message).toMatch(/placed/);
    }
    expect(movesFrom(game.position, 'AB:+N')).toEqual(['AB:+Ng1']);
    expect(moves(game.position)).toHaveLength(28);
  });

  test('R2.3 placing a rook on its corner gives that board its castling right', () => {
    let game = newGame(3);
    game = playAll(game, 'AC:+Rh1');
    const pos = game.position;
    const ac = pos.g.names.indexOf('AC');
    expect(pos.castle[ac * 2]).toBe(2);
  });

  test.each([3, 4, 5, 6, 7, 8])(
    'R2.4 auto-place balanced (%i players) spreads pieces evenly, each board a playable mix',
    (n) => {
      const game = placedGame(n, `balanced-${n}`);
      expect(game.status().phase).toBe('play');
      expect(game.actions).toHaveLength(15 * n);
      for (const t of game.actions) expect(t).toMatch(/^[A-H]{2}:\+[NBRQ]?[a-h][1-8]$/);
      for (const [player, boards] of census(game)) {
        const counts = [...boards.values()].map((c) => c.all);
        expect(
          counts.reduce((a, b) => a + b),
          player,
        ).toBe(15);
        expect(Math.max(...counts) - Math.min(...counts), player).toBeLessThanOrEqual(1);
        for (const [name, c] of boards)
          expect(c.all - c.pawns, `${player} on ${name}`).toBeGreaterThan(0);
      }
      // the same game again: the same placement
      expect(placedGame(n, `balanced-${n}`).actions).toEqual(game.actions);
    },
  );

  test('R2.4 auto-place at random is seeded: the same seed places the same, another differs', () => {
    for (const n of [3, 5, 8]) {
      const a = placedGame(n, 'seed-1', 'random');
      const b = placedGame(n, 'seed-1', 'random');
      const c = placedGame(n, 'seed-2', 'random');
      expect(a.status().phase).toBe('play');
      expect(a.actions).toHaveLength(15 * n);
      expect(b.actions).toEqual(a.actions);
      expect(c.actions).not.toEqual(a.actions);
      for (const [, boards] of census(a))
        expect([...boards.values()].reduce((s, x) => s + x.all, 0)).toBe(15);
    }
  });

  test('R2.4 auto-placing for the current player only plays that player’s steps on their turns', () => {
    let game = newGame(3);
    const r = game.autoPlace('balanced', 'current');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    game = r.value;
    // A's first step is played at once; B is to place by hand
    expect(game.actions).toHaveLength(1);
    expect(game.status().turn).toBe('B');
    game = playAll(game, 'AB:+a7', 'AC:+a7');
    // A's next planned step was played as soon as A was to move again
    expect(game.actions).toHaveLength(4);
    expect(game.status().turn).toBe('B');
    const refused = placedGame(3).autoPlace('balanced', 'current');
    expect(refused.ok).toBe(false);
  });

  test('R2.5 play starts with player A’s first move after the last placement', () => {
    for (const n of [3, 4, 7]) {
      const game = placedGame(n);
      const status = game.status();
      expect(status.phase).toBe('play');
      expect(status.turn).toBe('A');
      expect(status.kind).toBe('move');
      expect(game.positionAt(15 * n - 1).turn).toBe(n - 1); // the last placement was the last player's
      expect(game.legalActions().length).toBeGreaterThan(0);
    }
  });
});

describe('R3 moving on one board', () => {
  test('R3.1 pieces move and capture as in chess; the enemy on a board holds its other seat', () => {
    const pos = build({
      players: 3,
      pieces: { AB: { a1: 'R', a5: 'n', c1: 'N' }, AC: { a4: 'n' } },
    });
    expect(local(movesFrom(pos, 'AB:Ra1'))).toEqual([
      'AB:Ra1-a2',
      'AB:Ra1-a3',
      'AB:Ra1-a4',
      'AB:Ra1-b1',
      'AB:Ra1xa5',
    ]);
    // C's knight on AC does not stop A's rook on AB
    apply(pos, 'AB:Ra1xa5');
    expect(at(pos, 'AB', 'a5')).toBe('R');
    expect(at(pos, 'AC', 'a4')).toBe('n');
  });

  test('R3.1 a piece on one board neither blocks nor attacks anything on another board', () => {
    // C's rook on h4 of AC does not stand in the way of A's rook on h1 of AB, nor attack it
    const pos = build({ players: 3, pieces: { AB: { h1: 'R' }, AC: { h4: 'r' } } });
    expect(local(movesFrom(pos, 'AB:Rh1'))).toEqual([
      'AB:Rh1-f1',
      'AB:Rh1-g1',
      'AB:Rh1-h2',
      'AB:Rh1-h3',
      'AB:Rh1-h4',
      'AB:Rh1-h5',
      'AB:Rh1-h6',
      'AB:Rh1-h7',
      'AB:Rh1-h8',
    ]);
    apply(pos, 'AB:Rh1-h4');
    expect(at(pos, 'AB', 'h4')).toBe('R');
    expect(at(pos, 'AC', 'h4')).toBe('r');
  });

  test('R3.2 pawns move towards relative rank 8, double-step from relative rank 2 only', () => {
    const pos = build({
      players: 3,
      pieces: { AB: { e2: 'P', d3: 'P', c7: 'p', b6: 'p' }, AC: { e7: 'p' } },
    });
    expect(movesFrom(pos, 'AB:e2-e')).toEqual(['AB:e2-e3', 'AB:e2-e4']);
    expect(movesFrom(pos, 'AB:d3-d')).toEqual(['AB:d3-d4']);
    apply(pos, 'AB:d3-d4');
    expect(movesFrom(pos, 'AB:c7-c')).toEqual(['AB:c7-c5', 'AB:c7-c6']);
    expect(movesFrom(pos, 'AB:b6-b')).toEqual(['AB:b6-b5']);
  });

  test('R3.2 promotion on relative rank 8 to a queen, rook, bishop or knight, for either seat', () => {
    const pos = build({
      players: 3,
      pieces: { AB: { a7: 'P' }, BC: { h7: 'P' }, AC: { c2: 'p' } },
    });
    expect(movesFrom(pos, 'AB:a7-a8')).toEqual([
      'AB:a7-a8=B',
      'AB:a7-a8=N',
      'AB:a7-a8=Q',
      'AB:a7-a8=R',
    ]);
    apply(pos, 'AB:a7-a8=N');
    expect(at(pos, 'AB', 'a8')).toBe('N');
    // B is South on BC: promotes on rank 8
    expect(movesFrom(pos, 'BC:h7-h8=')).toEqual([
      'BC:h7-h8=B',
      'BC:h7-h8=N',
      'BC:h7-h8=Q',
      'BC:h7-h8=R',
    ]);
    apply(pos, 'BC:h7-h8=N');
    expect(at(pos, 'BC', 'h8')).toBe('N');
    // C is North on AC and BC: promotes on rank 1
    expect(movesFrom(pos, 'AC:c2-c1')).toEqual([
      'AC:c2-c1=B',
      'AC:c2-c1=N',
      'AC:c2-c1=Q',
      'AC:c2-c1=R',
    ]);
    apply(pos, 'AC:c2-c1=Q');
    expect(at(pos, 'AC', 'c1')).toBe('q');
  });

  test('R3.3 en passant right after a double step on a board, used on the enemy’s next turn', () => {
    const pos = build({ players: 3, pieces: { AB: { e2: 'P', d4: 'p' }, BC: { h2: 'P' } } });
    apply(pos, 'AB:e2-e4');
    expect(moves(pos)).toContain('AB:d4xe3');
    apply(pos, 'AB:d4xe3');
    expect(at(pos, 'AB', 'e4')).toBe('');
    expect(at(pos, 'AB', 'e3')).toBe('p');
  });

  test('R3.3 the right lapses at the end of the enemy’s next turn', () => {
    const pos = build({ players: 3, pieces: { AB: { e2: 'P', d4: 'p' }, BC: { h2: 'P' } } });
    apply(pos, 'AB:e2-e4');
    apply(pos, 'BC:h2-h3'); // B does not take
    apply(pos, 'AC:Ke8-d8', 'AB:Ke1-d1');
    expect(turnOf(pos)).toBe('B');
    expect(moves(pos)).not.toContain('AB:d4xe3');
    expect(movesFrom(pos, 'AB:d4')).toEqual(['AB:d4-BC:d6', 'AB:d4-d3']);
  });

  test('R3.3 the right lasts until the enemy’s next turn even when another player moves between', () => {
    // C (North on BC) double-steps; A moves; then B, the enemy on BC, may take en passant
    const pos = build({ players: 3, turn: 'C', pieces: { BC: { e7: 'p', d5: 'P' } } });
    apply(pos, 'BC:e7-e5', 'AB:Ke1-d1');
    expect(turnOf(pos)).toBe('B');
    expect(movesFrom(pos, 'BC:d5')).toEqual(['BC:d5-AB:d3', 'BC:d5-d6', 'BC:d5xe6']);
    apply(pos, 'BC:d5xe6');
    expect(at(pos, 'BC', 'e5')).toBe('');
  });
});
