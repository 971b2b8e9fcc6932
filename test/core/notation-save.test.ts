/**
 * RULES R10 (records): action texts (R10.2), saved games (R10.1), and round-trip properties
 * over seeded random playouts for 3–8 players: text → action, save → load, position JSON.
 */
import { describe, expect, test } from 'vitest';
import {
  Game,
  SAVE_FORMAT,
  SAVE_VERSION,
  legalActionList,
  loadGame,
  makeAction,
  makePosition,
  parseAction,
  parsePosition,
  saveGame,
  type Position,
  createRng,
} from '../../src/core';
import { apply, build, moves, newGame, placedGame, playAll, playout, setupOf } from './helpers';

const hashOf = (pos: Position) => [pos.hashLo, pos.hashHi];

/**
 * Every legal action's text parses back to that action (R10.2); texts are all distinct. The
 * texts that do not are collected and asserted at once: an expect() per action was a large part
 * of the playouts' time.
 */
function checkTexts(pos: Position, where: string): void {
  const legal = legalActionList(pos);
  const texts = legal.map((m) => makeAction(pos, m));
  expect(new Set(texts).size, `${where}: texts are distinct`).toBe(texts.length);
  const wrong = texts.filter((text, i) => {
    const r = parseAction(pos, text);
    return !r.ok || r.value !== legal[i];
  });
  expect(wrong, `${where}: texts that do not parse back to their action`).toEqual([]);
}

/** save → load gives the same game (R10.1). */
function checkSave(game: Game, where: string): void {
  const loaded = loadGame(JSON.stringify(saveGame(game)));
  expect(loaded.ok, where).toBe(true);
  if (!loaded.ok) return;
  expect(loaded.value.actions, where).toEqual(game.actions);
  expect(hashOf(loaded.value.position), where).toEqual(hashOf(game.position));
  expect(loaded.value.status(), where).toEqual(game.status());
}

/** makePosition → JSON text → parsePosition describes the same position. */
function checkJson(pos: Position, where: string): void {
  if (pos.phase === 2) return; // a finished game has no JSON form to resume from
  const json = JSON.parse(JSON.stringify(makePosition(pos)));
  const parsed = parsePosition(json);
  expect(parsed.ok, `${where}: ${parsed.ok ? '' : parsed.error.message}`).toBe(true);
  if (!parsed.ok) return;
  expect(hashOf(parsed.value), where).toEqual(hashOf(pos));
  expect(moves(parsed.value), where).toEqual(moves(pos));
  expect(makePosition(parsed.value), where).toEqual(makePosition(pos));
}

describe('R10.2 action texts', () => {
  test('R10.2 every move names its board, a shift both boards', () => {
    const pos = build({ players: 4, pieces: { AB: { b1: 'N', e2: 'P' }, AD: { a1: 'R' } } });
    for (const t of moves(pos))
      expect(t).toMatch(
        /^(A[BCD]):([NBRQK]?)[a-h][1-8][-x]([A-H]{2}:)?[a-h][1-8](=[NBRQ])?$|^A[BCD]:O-O(-O)?$/,
      );
    expect(moves(pos)).toContain('AB:Nb1-AD:c3');
    expect(moves(pos)).toContain('AD:Ra1-AC:a8');
  });

  test('R10.2 texts of every kind parse back to the same action', () => {
    // placement
    checkTexts(newGame(3).position, 'placement');
    // shifts, promotions, castling, captures, king moves
    const pos = build({
      players: 3,
      pieces: { AB: { h1: 'R', a7: 'P', b8: 'n', d2: 'P' }, AC: { c3: 'p', d4: 'p' } },
      extra: { AB: { castling: 'K' } },
    });
    checkTexts(pos, 'play');
    // en passant
    apply(pos, 'AB:d2-d4');
    checkTexts(pos, 'en passant');
    // North king, named on either board
    checkTexts(build({ players: 3, turn: 'B' }), 'B to move');
  });

  test('R10.2 a king capture on another board is written as a capture', () => {
    const pos = build({ players: 3, pieces: { AC: { d2: 'n' } } });
    expect(moves(pos)).toContain('AB:Ke1xd2');
    expect(moves(pos)).toContain('AB:Ke1-e2');
  });

  test('R10.2 check and mate marks are accepted', () => {
    const pos = build({ players: 3, pieces: { AB: { a1: 'R' } } });
    const plain = parseAction(pos, 'AB:Ra1-a8');
    const check = parseAction(pos, 'AB:Ra1-a8+');
    expect(plain.ok && check.ok && plain.value === check.value).toBe(true);
  });

  test('R10.2 unambiguous: a move text is never read as a placement', () => {
    // the e-pawn's placement is piece 4 onto e2; "AB:Ke1-e2" must not be taken for it
    const game = newGame(3);
    for (const text of ['AB:Ke1-e2', 'AB:a1-a2', 'AC:Nb1-b2']) {
      const r = parseAction(game.position, text);
      expect(r.ok, text).toBe(false);
    }
    expect(game.play('AB:Ke1-e2').ok).toBe(false);
  });

  test('R10.2 unambiguous: a move text naming the wrong piece is refused', () => {
    const pos = build({ players: 3, pieces: { AB: { e2: 'P', b1: 'N' } } });
    for (const text of ['AB:Ne2-e4', 'AB:Qe2-e3', 'AB:Bb1-c3', 'AB:b1-c3', 'AB:e1-e2', 'AB:Qe1-e2'])
      expect(parseAction(pos, text).ok, text).toBe(false);
  });
});

describe('R10.1 position JSON', () => {
  test('R10.1 the JSON of a position whose king has moved (castling lost) reads back', () => {
    const pos = build({
      players: 3,
      pieces: { AC: { h1: 'R' } },
      extra: { AC: { castling: 'K' } },
    });
    checkJson(pos, 'before the king moves');
    apply(pos, 'AB:Ke1-d1', 'BC:Ke1-d1', 'AC:Ke8-d8');
    expect(makePosition(pos).kingMoved).toContain('A');
    expect(makePosition(pos).boards.AC.castling).toBeUndefined();
    checkJson(pos, 'after the king moved');
    apply(pos, 'AB:Kd1-e1', 'BC:Kd1-e1', 'AC:Kd8-e8');
    checkJson(pos, 'after the king came back');
  });

  test('R10.1 the JSON of a position with an eliminated player’s rook on its corner reads back', () => {
    const pos = build({
      players: 3,
      turn: 'C',
      pieces: { BC: { h8: 'r', a2: 'P' } },
      extra: { BC: { castling: 'k' } },
    });
    apply(pos, 'resign');
    expect(pos.status[2]).toBe(2);
    checkJson(pos, 'after C resigned');
  });
});

describe('R10.1 saved games', () => {
  test('R10.1 a saved game is its setup and its list of actions', () => {
    let game = placedGame(4, 'record');
    for (let i = 0; i < 8; i++) game = playAll(game, game.legalActions()[0]);
    const save = saveGame(game);
    expect(save.format).toBe(SAVE_FORMAT);
    expect(save.version).toBe(SAVE_VERSION);
    expect(save.setup.seed).toBe('record');
    expect(save.setup.players).toEqual(setupOf(4).players);
    expect(save.actions).toEqual(game.actions);
    expect(save.actions).toHaveLength(60 + 8);
    checkSave(game, 'saved');
  });

  test('R10.1 the same setup and actions replay to the same positions', () => {
    let game = placedGame(5, 'replay', 'random');
    const rng = createRng('replay');
    for (let i = 0; i < 40; i++) {
      const legal = game.legalActions();
      game = playAll(game, legal[Math.floor(rng() * legal.length)]);
    }
    let again = Game.create(setupOf(5, 'replay'));
    if (!again.ok) throw new Error(again.error.message);
    let replay = again.value;
    game.actions.forEach((text, i) => {
      replay = playAll(replay, text);
      expect(hashOf(replay.position), `after action ${i + 1}`).toEqual(
        hashOf(game.positionAt(i + 1)),
      );
    });
    // a different seed gives a different game from the same first actions
    again = Game.create(setupOf(5, 'other seed'));
    expect(again.ok && again.value.players.map((p) => p.setupIndex)).not.toEqual(
      game.players.map((p) => p.setupIndex),
    );
  });

  test('R10.1 resignations, passes and agreed draws are part of the record', () => {
    let game = placedGame(3, 'events');
    game = playAll(game, 'resign');
    game = playAll(game, game.legalActions()[0]);
    game = playAll(game, game.legalActions()[0]);
    game = playAll(game, 'draw');
    expect(game.status().phase).toBe('over');
    checkSave(game, 'with resign and draw');
    expect(saveGame(game).actions.slice(-4)[0]).toBe('resign');
    expect(loadGame(saveGame(game)).ok).toBe(true);
    expect(saveGame(game).actions.slice(-1)[0]).toBe('draw');
  });
});

const where = (g: Game) => `${g.players.length} players, action ${g.length} (${g.status().kind})`;

describe('round-trip properties over random playouts', () => {
  test.each([3, 4, 5, 6, 7, 8])(
    'R10.2 %i players: every legal action’s text parses back to it',
    (n) => {
      const games = playout(n);
      expect(games.some((g) => g.status().kind === 'place')).toBe(true);
      expect(games.filter((g) => g.status().kind === 'move').length).toBeGreaterThan(5);
      for (const g of games) checkTexts(g.position, where(g));
    },
  );

  test.each([3, 4, 5, 6, 7, 8])(
    'R10.1 %i players: save → load gives the same position and status',
    (n) => {
      const games = playout(n);
      games
        .filter((_, i) => i % 3 === 0 || i === games.length - 1)
        .forEach((g) => checkSave(g, where(g)));
    },
  );

  test.each([3, 4, 5, 6, 7, 8])(
    'R10.1 %i players: makePosition → parsePosition gives the same hash',
    (n) => {
      for (const g of playout(n)) checkJson(g.position, where(g));
    },
  );

  test('R10.1 playouts reach final moves and forced captures, whose positions round-trip too', () => {
    const kinds = new Set(
      [3, 4, 5, 6, 7, 8].flatMap((n) => playout(n).map((g) => g.status().kind)),
    );
    expect(kinds).toContain('final-move');
    expect(kinds).toContain('forced-capture');
  });
});
