/**
 * RULES R6 (check, mate, stalemate, elimination with three or more players), R7 (two players
 * left) and R8 (game end with three or more players).
 */
import { describe, expect, test } from 'vitest';
import {
  ACTIVE,
  ELIMINATED,
  ELIMINATION_CAUSES,
  Game,
  MATED,
  MODE_CAPTURE,
  MODE_FINAL,
  MODE_NORMAL,
  MODE_PASS,
  checkedBoards,
  parseAction,
  parsePosition,
} from '../../src/core';
import {
  apply,
  at,
  build,
  label,
  moves,
  movesFrom,
  newGame,
  outcome,
  placedGame,
  playAll,
  playout,
  setupOf,
  shifting,
  specJson,
  turnOf,
  type PieceMap,
} from './helpers';

const A = 0;
const B = 1;
const C = 2;

/**
 * A is checkmated on AB by B's rooks (a1 checks along rank 1, b2 covers rank 2). A's rook on
 * a7 of AC cannot help (it may not capture by a shift, and no line reaches b1–d1 of AB).
 */
const MATE_AB: PieceMap = { a1: 'r', b2: 'r', g2: 'P' };
const MATE_AC: PieceMap = { a7: 'R', a8: 'r', b6: 'n' };

/**
 * A position where every player is stalemated: on each board both seats' kings stand on
 * relative a1 behind a bishop and locked pawns; b2 is attacked by the enemy's locked pawns,
 * and no piece can move or shift (every square it could reach is taken on every board).
 */
const LOCKED: PieceMap = {
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
const CORNERS = { A: 'a1', B: 'a1', C: 'a1' };

/** Players of a game still in play, by label. */
const standing = (game: Game) =>
  game
    .status()
    .players.filter((p) => p.state !== 'eliminated')
    .map((p) => p.label);

describe('R6 check, checkmate, stalemate, elimination', () => {
  test('R6.1 checkmate is decided at the start of the mated player’s turn', () => {
    // B mates A with Rh3-h1; C moves in between, and only then is A found mated
    const pos = build({
      players: 3,
      turn: 'B',
      pieces: { AB: { b2: 'r', h3: 'r' }, BC: { h2: 'P' } },
    });
    apply(pos, 'AB:Rh3-h1');
    expect(turnOf(pos)).toBe('C');
    expect(pos.status[A]).toBe(ACTIVE);
    apply(pos, 'AC:Ke8-d8');
    expect(turnOf(pos)).toBe('A');
    expect(pos.status[A]).toBe(MATED);
    expect(pos.mode).toBe(MODE_FINAL);
    expect(label(pos.mateBy[A])).toBe('B');
  });

  test('R6.1 stalemate (no legal move, not in check) with three players: the only action is a pass', () => {
    const pos = build({
      players: 3,
      kings: CORNERS,
      pieces: { AB: LOCKED, AC: LOCKED, BC: { ...LOCKED, h1: 'N' } },
    });
    expect(checkedBoards(pos, A)).toEqual([]);
    expect(pos.mode).toBe(MODE_PASS);
    expect(moves(pos)).toEqual(['pass']);
    const move = parseAction(pos, 'AB:Bb1-c2');
    expect(move.ok).toBe(false);
  });

  test('R6.2 the checkmater is the attacker who moved most recently (two attackers)', () => {
    const spec = {
      players: 3,
      pieces: { AB: { a1: 'r', b2: 'r', h2: 'P' }, AC: { e5: 'r' } },
    };
    const byC = build({ ...spec, moveOrder: ['A', 'B', 'C'] });
    expect(byC.status[A]).toBe(MATED);
    expect(label(byC.mateBy[A])).toBe('C');
    const byB = build({ ...spec, moveOrder: ['A', 'C', 'B'] });
    expect(byB.status[A]).toBe(MATED);
    expect(label(byB.mateBy[A])).toBe('B');
  });

  test('R6.2 in play, the later mover of two attackers is credited', () => {
    // B gives check on AB, then C gives check on AC: C moved last, C is the checkmater
    const pos = build({
      players: 3,
      turn: 'B',
      pieces: { AB: { b2: 'r', h3: 'r' }, AC: { a6: 'r' } },
    });
    apply(pos, 'AB:Rh3-h1', 'AC:Ra6-a1');
    expect(pos.status[A]).toBe(MATED);
    expect(label(pos.mateBy[A])).toBe('C');
  });

  test('R6.3 the checkmated player makes a final move ignoring their own king’s safety', () => {
    const pos = build({ players: 3, pieces: { AB: MATE_AB, AC: MATE_AC } });
    expect(pos.status[A]).toBe(MATED);
    expect(label(pos.mateBy[A])).toBe('B');
    expect(pos.mode).toBe(MODE_FINAL);
    const list = moves(pos);
    // king moves onto attacked squares, and the pieces' ordinary moves and shifts
    for (const t of ['AB:Ke1-d1', 'AB:Ke1-d2', 'AB:Ke1-e2', 'AB:Ke1-f1', 'AB:Ke1-f2'])
      expect(list).toContain(t);
    for (const t of ['AC:Ra7xa8', 'AC:Ra7-h7', 'AB:g2-g4', 'AB:g2-AC:g3', 'AC:Ra7-AB:a5'])
      expect(list).toContain(t);
    expect(list).not.toContain('pass');
  });

  test('R6.3 R6.4 final move, then the checkmater’s forced capture and elimination', () => {
    const pos = build({
      players: 3,
      pieces: { AB: MATE_AB, AC: MATE_AC, BC: { c7: 'n', b1: 'N' } },
    });
    apply(pos, 'AC:Ra7xa8'); // A's final move takes C's rook
    expect(turnOf(pos)).toBe('B');
    expect(pos.mode).toBe(MODE_CAPTURE);
    // the checkmater's only legal moves are captures of the mated king
    expect(moves(pos)).toEqual(['AB:Ra1xe1']);
    expect(parseAction(pos, 'AB:Rb2-b3').ok).toBe(false);
    apply(pos, 'AB:Ra1xe1');
    expect(pos.status[A]).toBe(ELIMINATED);
    expect(label(pos.eliminatedBy[A])).toBe('B');
    // the king leaves every board; the other pieces stay, petrified
    expect(at(pos, 'AB', 'e1')).toBe('r');
    expect(at(pos, 'AC', 'e1')).toBe('');
    expect(at(pos, 'AB', 'g2')).toBe('P');
    expect(at(pos, 'AC', 'a8')).toBe('R');
    expect(turnOf(pos)).toBe('C');
    expect(pos.mode).toBe(MODE_NORMAL);
  });

  test('R6.4 petrified pieces give no check, attack nothing, block, and can be taken by anyone', () => {
    const pos = build({
      players: 3,
      pieces: { AB: MATE_AB, AC: MATE_AC, BC: { c7: 'n', b1: 'N' } },
    });
    apply(pos, 'AC:Ra7xa8', 'AB:Ra1xe1');
    // C: the petrified rook on a8 of AC stands on C's king's rank: no check, no attack
    expect(checkedBoards(pos, C)).toEqual([]);
    expect(movesFrom(pos, 'AC:K')).toEqual([
      'AC:Ke8-d7',
      'AC:Ke8-d8',
      'AC:Ke8-e7',
      'AC:Ke8-f7',
      'AC:Ke8-f8',
    ]);
    // it can be taken; a shift cannot land on it
    expect(moves(pos)).toContain('AC:Nb6xa8');
    expect(shifting(movesFrom(pos, 'BC:Nc7'))).toEqual([
      'BC:Nc7-AC:a6',
      'BC:Nc7-AC:b5',
      'BC:Nc7-AC:d5',
      'BC:Nc7-AC:e6',
    ]);
    apply(pos, 'AC:Nb6xa8');
    expect(at(pos, 'AC', 'a8')).toBe('n');
    // B: the petrified pawn on g2 of AB blocks the rook and can be taken
    expect(movesFrom(pos, 'AB:Rb2-h2')).toEqual([]);
    expect(moves(pos)).toContain('AB:Rb2xg2');
    // A's boards stay in play: B may still shift onto AB
    expect(shifting(movesFrom(pos, 'BC:Nb1'))).toEqual([
      'BC:Nb1-AB:a6',
      'BC:Nb1-AB:c6',
      'BC:Nb1-AB:d7',
    ]);
  });

  test('R6.4 a king move captures petrified pieces like any other', () => {
    const pos = build({
      players: 4,
      turn: 'B',
      eliminated: ['A'],
      pieces: { AB: { e7: 'N', d7: 'P' } },
    });
    expect(checkedBoards(pos, B)).toEqual([]);
    expect(movesFrom(pos, 'AB:K').filter((t) => t.includes('x'))).toEqual([
      'AB:Ke8xd7',
      'AB:Ke8xe7',
    ]);
    apply(pos, 'AB:Ke8xe7');
    expect(at(pos, 'AB', 'e7')).toBe('k');
    expect(at(pos, 'BC', 'e2')).toBe('K');
  });

  test('R6.3 with two attackers, only the checkmater captures; the other player moves normally', () => {
    const pos = build({
      players: 3,
      moveOrder: ['A', 'B', 'C'],
      pieces: { AB: { a1: 'r', b2: 'r', h2: 'P' }, AC: { e5: 'r' } },
    });
    expect(label(pos.mateBy[A])).toBe('C');
    apply(pos, 'AB:h2-h3'); // final move
    expect(turnOf(pos)).toBe('B');
    expect(pos.mode).toBe(MODE_NORMAL);
    expect(moves(pos)).not.toContain('AB:Ra1xe1');
    expect(moves(pos)).toContain('AB:Rb2-b3');
    apply(pos, 'AB:Rb2-b3');
    expect(turnOf(pos)).toBe('C');
    expect(pos.mode).toBe(MODE_CAPTURE);
    expect(moves(pos)).toEqual(['AC:Re5xe1']);
    apply(pos, 'AC:Re5xe1');
    expect(pos.status[A]).toBe(ELIMINATED);
    expect(label(pos.eliminatedBy[A])).toBe('C');
    expect(at(pos, 'AB', 'e1')).toBe('');
    // the eliminated player's slot is skipped (R6.7): B moves next, A's pawn stays petrified
    expect(turnOf(pos)).toBe('B');
    expect(moves(pos)).not.toContain('AB:h3-h4');
  });

  test('R6.3 the checkmater of two attackers (moved last) captures on its board', () => {
    const pos = build({
      players: 3,
      moveOrder: ['A', 'C', 'B'],
      pieces: { AB: { a1: 'r', b2: 'r', h2: 'P' }, AC: { e5: 'r' } },
    });
    apply(pos, 'AB:h2-h3');
    expect(moves(pos)).toEqual(['AB:Ra1xe1']);
    apply(pos, 'AB:Ra1xe1');
    expect(label(pos.eliminatedBy[A])).toBe('B');
    expect(at(pos, 'AC', 'e1')).toBe('');
    expect(at(pos, 'AC', 'e5')).toBe('r');
  });

  test('R6.3 the mated king is removed, credited to the checkmater, when no capture exists', () => {
    // A's bishop on d2 of AC is pinned by C's bishop, so it may not block on AB: mate by B
    const pos = build({
      players: 3,
      pieces: { AB: { a1: 'r', b2: 'r' }, AC: { d2: 'B', a5: 'b' } },
    });
    expect(pos.status[A]).toBe(MATED);
    expect(label(pos.mateBy[A])).toBe('B');
    // the final move ignores the pin: the bishop blocks B's rook on AB
    expect(moves(pos)).toContain('AC:Bd2-AB:c1');
    apply(pos, 'AC:Bd2-AB:c1');
    // B cannot take the king any more: it is removed at the start of B's turn
    expect(turnOf(pos)).toBe('B');
    expect(pos.status[A]).toBe(ELIMINATED);
    expect(label(pos.eliminatedBy[A])).toBe('B');
    expect(at(pos, 'AB', 'e1')).toBe('');
    expect(at(pos, 'AC', 'e1')).toBe('');
    // B then moves normally
    expect(pos.mode).toBe(MODE_NORMAL);
    expect(moves(pos)).toContain('AB:Ra1xc1');
    expect(moves(pos)).toContain('AB:Rb2-b7');
  });

  /** Four players: A mated by B on AB, A's final move pending (B owes the capture after it). */
  const matedOfFour = () =>
    build({ players: 4, pieces: { AB: MATE_AB, AC: MATE_AC, BC: { c7: 'n', b1: 'N' } } });

  /** A's king is gone, removed for no one, and the turn is C's, an ordinary one. */
  const removedForNoOne = (pos: ReturnType<typeof build>) => {
    expect(pos.status[A]).toBe(ELIMINATED);
    expect(pos.eliminatedBy[A]).toBe(-1);
    expect(ELIMINATION_CAUSES[pos.eliminationCause[A]]).toBe('removed');
    expect(at(pos, 'AB', 'e1')).toBe('');
    expect(at(pos, 'AC', 'e1')).toBe('');
    expect(at(pos, 'AB', 'g2')).toBe('P'); // the other pieces petrify (R6.4)
    expect(turnOf(pos)).toBe('C');
    expect(pos.mode).toBe(MODE_NORMAL);
    expect(outcome(pos).over).toBe(false);
  };

  test('R6.3 the checkmater times out before the capture: the mated king is removed at once, credited to no one', () => {
    const pos = matedOfFour();
    expect(pos.mode).toBe(MODE_FINAL);
    apply(pos, 'timeout B'); // during A's final move: A's turn ends with B's
    expect(ELIMINATION_CAUSES[pos.eliminationCause[B]]).toBe('timed-out');
    removedForNoOne(pos);
  });

  test('R6.3 the checkmater resigns instead of taking the king: the mated king is removed at once', () => {
    const pos = matedOfFour();
    apply(pos, 'AC:Ra7xa8');
    expect(turnOf(pos)).toBe('B');
    expect(pos.mode).toBe(MODE_CAPTURE);
    apply(pos, 'resign');
    removedForNoOne(pos);
  });

  test('R6.3 the checkmater is taken out as absent after the final move: the mated king is removed at once', () => {
    const start = Game.fromPosition(setupOf(4), matedOfFour());
    if (!start.ok) throw new Error(start.error.message);
    const game = playAll(start.value, 'AC:Ra7xa8', 'absent B');
    removedForNoOne(game.position);
    expect(game.eventsOf(2)).toContainEqual({
      type: 'eliminated',
      player: 'A',
      by: null,
      cause: 'removed',
    });
  });

  test('R6.3 the checkmater’s own king is captured before its turn: the king it mated is removed at once', () => {
    // C mated A; C was mated by B and made its final move. B takes C's king before C's turn.
    const pos = build({
      players: 4,
      mated: { A: 'C', C: 'B' },
      pieces: { AB: { h2: 'P' }, BC: { e5: 'R' } },
    });
    expect(pos.mode).toBe(MODE_FINAL);
    apply(pos, 'AB:h2-h3'); // A's final move
    expect(turnOf(pos)).toBe('B');
    expect(moves(pos)).toEqual(['BC:Re5xe8']);
    apply(pos, 'BC:Re5xe8');
    expect(pos.status[C]).toBe(ELIMINATED);
    expect(label(pos.eliminatedBy[C])).toBe('B');
    expect(pos.status[A]).toBe(ELIMINATED);
    expect(pos.eliminatedBy[A]).toBe(-1);
    expect(ELIMINATION_CAUSES[pos.eliminationCause[A]]).toBe('removed');
    expect(turnOf(pos)).toBe('D');
  });

  test('R6.3 a mated player whose checkmater is already out cannot be set up', () => {
    const r = parsePosition(
      specJson({ players: 4, eliminated: ['B'], mated: { A: 'B' }, pieces: { AB: MATE_AB } }),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/mated\.A.*B is out of the game.*R6\.3/);
  });

  test('R6.3 R5.4 the final move may castle through attacked squares and out of check', () => {
    const pos = build({
      players: 3,
      pieces: { AB: { ...MATE_AB, h1: 'R', h3: 'n' }, AC: MATE_AC },
      extra: { AB: { castling: 'K' } },
    });
    expect(pos.status[A]).toBe(MATED);
    expect(pos.mode).toBe(MODE_FINAL);
    // the king is in check, and B's knight attacks g1 and f2 of AB
    expect(moves(pos)).toContain('AB:O-O');
    apply(pos, 'AB:O-O');
    expect(at(pos, 'AB', 'g1')).toBe('K');
    expect(at(pos, 'AB', 'f1')).toBe('R');
    expect(at(pos, 'AC', 'g1')).toBe('K');
    expect(pos.mode).toBe(MODE_CAPTURE);
    expect(moves(pos)).toEqual(['AB:Nh3xg1']);
  });

  test('R6.3 the final move never lands the king on its own piece', () => {
    const pos = build({ players: 3, pieces: { AB: MATE_AB, AC: { ...MATE_AC, f2: 'P' } } });
    expect(pos.mode).toBe(MODE_FINAL);
    expect(moves(pos)).toContain('AB:Ke1-f1');
    expect(moves(pos)).not.toContain('AB:Ke1-f2'); // A's pawn stands on f2 of AC
  });

  test('R6.5 a stalemated player passes and stays in the game', () => {
    const pos = build({
      players: 3,
      kings: CORNERS,
      pieces: { AB: LOCKED, AC: LOCKED, BC: { ...LOCKED, h1: 'N' } },
    });
    apply(pos, 'pass');
    expect(pos.status[A]).toBe(ACTIVE);
    expect(turnOf(pos)).toBe('B');
    expect(moves(pos)).toEqual(['BC:Nh1-AB:f7', 'BC:Nh1-AB:g6', 'BC:Nh1-f2', 'BC:Nh1-g3']);
    apply(pos, 'BC:Nh1-g3', 'pass', 'pass', 'BC:Ng3-f5', 'pass', 'pass');
    expect(outcome(pos).over).toBe(false);
    expect(pos.status.every((s) => s === ACTIVE)).toBe(true);
  });

  test('R6.5 if every remaining player passes in one round, the game is drawn', () => {
    const pos = build({
      players: 3,
      kings: CORNERS,
      pieces: { AB: LOCKED, AC: LOCKED, BC: LOCKED },
    });
    expect(moves(pos)).toEqual(['pass']);
    apply(pos, 'pass', 'pass');
    expect(outcome(pos).over).toBe(false);
    expect(moves(pos)).toEqual(['pass']);
    apply(pos, 'pass');
    expect(outcome(pos)).toEqual({ over: true, winner: null, reason: 'all-passed' });
  });

  test('R6.6 a player may resign on their turn: eliminated with no checkmater, pieces petrified', () => {
    let game = placedGame(3, 'resign');
    const before = game.position;
    const ab = before.g.names.indexOf('AB');
    const pieces = (pos: typeof before, b: number) =>
      Array.from({ length: 128 }, (_, sq) => pos.squares[(b << 7) | sq]).filter(
        (c) => c && (c & 7) !== 6 && pos.ownerOf(b, c) === A,
      ).length;
    const count = pieces(before, ab);
    game = playAll(game, 'resign');
    const status = game.status();
    expect(status.players[A].state).toBe('eliminated');
    expect(status.players[A].eliminatedBy).toBeNull();
    expect(status.turn).toBe('B');
    expect(at(game.position, 'AB', 'e1')).toBe('');
    expect(at(game.position, 'AC', 'e1')).toBe('');
    expect(pieces(game.position, ab)).toBe(count);
    expect(checkedBoards(game.position, B)).toEqual([]);
    expect(game.actions[game.actions.length - 1]).toBe('resign');
  });

  test('R6.7 a player eliminated by a forced capture is skipped at once', () => {
    // C mates A; C's turn comes just before A's slot: after the capture, B is to move
    const pos = build({
      players: 3,
      moveOrder: ['A', 'B', 'C'],
      pieces: { AB: { a1: 'r', b2: 'r', h2: 'P' }, AC: { e5: 'r', h6: 'R' } },
    });
    expect(label(pos.mateBy[A])).toBe('C');
    apply(pos, 'AB:h2-h3', 'AB:Rb2-b3', 'AC:Re5xe1');
    expect(pos.status[A]).toBe(ELIMINATED);
    expect(turnOf(pos)).toBe('B');
    expect(pos.status[pos.turn]).not.toBe(ELIMINATED);
    // petrified pieces never move (R6.4)
    for (const t of moves(pos)) expect(t).not.toMatch(/^AB:h3|^AC:Rh6/);
  });

  test.each([3, 4, 5, 6, 7, 8])(
    'R6.3 R6.7 random %i-player playouts: final moves, forced captures, no eliminated mover',
    (n) => {
      const games = playout(n);
      const last = games[games.length - 1];
      for (let k = 15 * n; k <= last.length; k++) {
        const game = last.truncate(k);
        const status = game.status();
        if (status.phase !== 'play') continue;
        const where = `action ${game.length} (${status.kind})`;
        const mover = status.players.find((p) => p.label === status.turn)!;
        expect(mover.state, where).not.toBe('eliminated');
        const prey = status.players.filter((p) => p.state === 'mated' && p.matedBy === status.turn);
        if (status.kind === 'final-move') expect(mover.state, where).toBe('mated');
        if (status.kind === 'forced-capture') {
          expect(prey.length, where).toBeGreaterThan(0);
          // every legal action takes the mated king, which leaves the game
          for (const m of game.legalActions()) {
            const next = game.play(m);
            expect(next.ok, where).toBe(true);
            if (!next.ok) continue;
            for (const p of prey)
              expect(next.value.status().players.find((q) => q.label === p.label)!.state).toBe(
                'eliminated',
              );
          }
        } else expect(prey, where).toEqual([]);
      }
    },
  );

  test('R6.7 eliminated players are skipped in the turn order', () => {
    let game = placedGame(4, 'skip');
    game = playAll(game, game.legalActions()[0], 'resign'); // A moves, B resigns
    const turns: string[] = [];
    for (let i = 0; i < 6; i++) {
      turns.push(game.status().turn!);
      game = playAll(game, game.legalActions()[0]);
    }
    expect(turns.join('')).toBe('CDACDA');
  });
});

describe('R7 two players left', () => {
  test('R7.1 with two players left, checkmate wins at once (no final move, no capture step)', () => {
    const pos = build({
      players: 3,
      eliminated: ['C'],
      pieces: { AB: { a1: 'R', b7: 'R' } },
    });
    apply(pos, 'AB:Ra1-a8');
    expect(outcome(pos)).toEqual({ over: true, winner: 'A', reason: 'none' });
    expect(pos.status[B]).toBe(ELIMINATED);
    expect(label(pos.eliminatedBy[B])).toBe('A');
    expect(moves(pos)).toEqual([]);
  });

  test('R7.1 two-player standard chess: fool’s mate ends the game', () => {
    const game = playAll(newGame(2), 'AB:f2-f3', 'AB:e7-e5', 'AB:g2-g4', 'AB:Qd8-h4');
    const status = game.status();
    expect(status.phase).toBe('over');
    const black = game.players[1];
    expect(status.result?.winner).toBe(black.label);
    expect(status.result?.ranking).toEqual([['B'], ['A']]);
  });

  test('R7.1 with two players left, stalemate is a draw', () => {
    const pos = build({
      players: 3,
      eliminated: ['C'],
      kings: { B: 'a1' },
      pieces: { AB: { c5: 'Q' } },
    });
    apply(pos, 'AB:Qc5-b6');
    expect(outcome(pos)).toEqual({ over: true, winner: null, reason: 'stalemate' });
  });

  test('R7.2 threefold repetition of the whole position draws automatically', () => {
    let game = newGame(2);
    const shuffle = ['AB:Ng1-f3', 'AB:Ng8-f6', 'AB:Nf3-g1', 'AB:Nf6-g8'];
    game = playAll(game, ...shuffle, ...shuffle.slice(0, 3));
    expect(game.status().phase).toBe('play');
    game = playAll(game, shuffle[3]);
    expect(game.status().phase).toBe('over');
    expect(game.status().result?.drawReason).toBe('repetition');
    expect(game.status().result?.winner).toBeNull();
  });

  test('R7.2 the 50-move rule: 100 turns without capture or pawn move with two players', () => {
    for (const spec of [{ players: 2 }, { players: 3, eliminated: ['C'] }]) {
      const quiet = build({ ...spec, halfmove: 98, pieces: { AB: { a1: 'R' } } });
      apply(quiet, 'AB:Ra1-a2');
      expect(outcome(quiet).over).toBe(false);
      apply(quiet, 'AB:Ke8-d8');
      expect(outcome(quiet)).toEqual({ over: true, winner: null, reason: 'fifty-move' });
    }
    // a pawn move resets the count
    const pawn = build({ players: 2, halfmove: 99, pieces: { AB: { a2: 'P' } } });
    apply(pawn, 'AB:a2-a3');
    expect(outcome(pawn).over).toBe(false);
  });

  test.each([
    ['king and knight against king and bishop', { b1: 'N', c8: 'b' }, 'AB:Ke1-d1', true],
    ['king and bishop against king and bishop', { c1: 'B', f8: 'b' }, 'AB:Ke1-d1', true],
    ['king and bishop against king', { c1: 'B' }, 'AB:Ke1-d1', true],
    ['king and knight after taking the last pawn', { b1: 'N', c3: 'p' }, 'AB:Nb1xc3', true],
    ['two knights against king', { b1: 'N', g1: 'N' }, 'AB:Ke1-d1', false],
    ['a pawn', { a2: 'P' }, 'AB:Ke1-d1', false],
    ['a rook', { h8: 'r' }, 'AB:Ke1-d1', false],
    ['a queen', { d8: 'q' }, 'AB:Ke1-f1', false],
  ])('R7.2 insufficient material, %s: drawn %s', (_name, pieces, move, drawn) => {
    const pos = build({ players: 2, pieces: { AB: pieces } });
    expect(outcome(pos).over).toBe(false);
    apply(pos, move);
    expect(outcome(pos)).toEqual(
      drawn
        ? { over: true, winner: null, reason: 'material' }
        : { over: false, winner: null, reason: 'none' },
    );
  });

  test('R7.2 insufficient material counts the pieces on all boards together', () => {
    const one = build({ players: 3, eliminated: ['C'], pieces: { AB: { b1: 'N' } } });
    apply(one, 'AB:Ke1-d1');
    expect(outcome(one)).toEqual({ over: true, winner: null, reason: 'material' });
    const two = build({
      players: 3,
      eliminated: ['C'],
      pieces: { AB: { b1: 'N' }, AC: { c1: 'B' } },
    });
    apply(two, 'AB:Ke1-d1');
    expect(outcome(two).over).toBe(false);
    const pawnElsewhere = build({
      players: 3,
      eliminated: ['C'],
      pieces: { AB: { b1: 'N' }, BC: { a2: 'P' } },
    });
    apply(pawnElsewhere, 'AB:Ke1-d1');
    expect(outcome(pawnElsewhere).over).toBe(false);
  });

  test('R7.2 petrified pieces are nobody’s material', () => {
    const pos = build({
      players: 3,
      eliminated: ['C'],
      pieces: { AB: { b1: 'N' }, AC: { d8: 'q', a7: 'p' } },
    });
    apply(pos, 'AB:Ke1-d1');
    expect(outcome(pos)).toEqual({ over: true, winner: null, reason: 'material' });
  });
});

describe('R8 game end with three or more players', () => {
  test('R8.1 the last player left wins; players are ranked by elimination order', () => {
    let game = placedGame(4, 'ranking');
    game = playAll(game, game.legalActions()[0], 'resign'); // B out first
    game = playAll(game, game.legalActions()[0], 'resign'); // C moves, D out second
    expect(game.status().phase).toBe('play');
    expect(standing(game)).toEqual(['A', 'C']);
    game = playAll(game, 'resign'); // A out third
    const status = game.status();
    expect(status.phase).toBe('over');
    expect(status.turn).toBeNull();
    expect(status.result).toEqual({
      winner: 'C',
      drawReason: null,
      ranking: [['C'], ['A'], ['D'], ['B']],
    });
  });

  test('R8.1 a checkmate elimination counts in the ranking like a resignation', () => {
    const pos = build({ players: 3, pieces: { AB: MATE_AB, AC: MATE_AC } });
    apply(pos, 'AC:Ra7xa8', 'AB:Ra1xe1');
    expect(
      Array.from(pos.eliminationOrder)
        .filter((p) => p >= 0)
        .map(label),
    ).toEqual(['A']);
    apply(pos, 'resign'); // C resigns: B wins
    expect(outcome(pos)).toEqual({ over: true, winner: 'B', reason: 'none' });
    expect(
      Array.from(pos.eliminationOrder)
        .filter((p) => p >= 0)
        .map(label),
    ).toEqual(['A', 'C']);
  });

  test('R8.2 threefold repetition with three players draws among all remaining players', () => {
    const pos = build({ players: 3 });
    const round = ['AB:Ke1-d1', 'BC:Ke1-d1', 'AC:Ke8-d8', 'AB:Kd1-e1', 'BC:Kd1-e1', 'AC:Kd8-e8'];
    apply(pos, ...round, ...round.slice(0, 5));
    expect(outcome(pos).over).toBe(false);
    apply(pos, round[5]);
    expect(outcome(pos)).toEqual({ over: true, winner: null, reason: 'repetition' });
  });

  test.each([
    [3, 148, false],
    [3, 149, true],
    [3, 99, false],
    [4, 198, false],
    [4, 199, true],
  ])('R8.2 %i players, %i quiet turns, then one more: drawn %s (50 × k)', (n, halfmove, drawn) => {
    const pos = build({ players: n, halfmove, pieces: { AB: { a1: 'R' } } });
    apply(pos, 'AB:Ra1-a2');
    expect(outcome(pos).over).toBe(drawn);
    if (drawn) expect(outcome(pos).reason).toBe('fifty-move');
  });

  test('R8.2 the 50 × k count uses the players left: 3 of 4 left draw after 150 turns', () => {
    const pos = build({
      players: 4,
      eliminated: ['D'],
      halfmove: 149,
      pieces: { AB: { a1: 'R' } },
    });
    apply(pos, 'AB:Ra1-a2');
    expect(outcome(pos)).toEqual({ over: true, winner: null, reason: 'fifty-move' });
  });

  test('R8.2 a resignation counts as a turn and lowers k at once: 4 players, 149 quiet turns, a resignation draws', () => {
    const pos = build({ players: 4, halfmove: 149, pieces: { AB: { a1: 'R' } } });
    apply(pos, 'resign'); // turn 150, checked with k = 3 players left
    expect(outcome(pos)).toEqual({ over: true, winner: null, reason: 'fifty-move' });
    // one quiet turn fewer: the count stands at 149 of 150, play goes on
    const before = build({ players: 4, halfmove: 148, pieces: { AB: { a1: 'R' } } });
    apply(before, 'resign');
    expect(outcome(before).over).toBe(false);
    expect(turnOf(before)).toBe('B');
  });

  test('R8.2 a capture resets the count', () => {
    const pos = build({ players: 3, halfmove: 149, pieces: { AB: { a1: 'R', a5: 'n' } } });
    apply(pos, 'AB:Ra1xa5');
    expect(outcome(pos).over).toBe(false);
  });

  test('R8.2 a draw by agreement ends the game among all remaining players', () => {
    let game = placedGame(3, 'agree');
    game = playAll(game, 'resign', 'draw'); // A resigns; B and C agree a draw
    const status = game.status();
    expect(status.phase).toBe('over');
    expect(status.result).toEqual({
      winner: null,
      drawReason: 'agreement',
      ranking: [['B', 'C'], ['A']],
    });
  });
});
