/**
 * Bad input is answered with a typed error value naming what is wrong, never an exception
 * (FENs, positions, action texts and numbers, setups, saved games).
 */
import { describe, expect, test } from 'vitest';
import {
  DRAW,
  Game,
  PASS,
  RESIGN,
  loadGame,
  parseAction,
  parseFen,
  parsePosition,
  play,
  saveGame,
  type CoreError,
  type Result,
} from '../../src/core';
import { build, newGame, placedGame, playAll, setupOf, specJson } from './helpers';

/** The error of a result that must have failed (calling `run` must not throw). */
function errorOf<T>(run: () => Result<T>): CoreError {
  let r: Result<T>;
  expect(() => (r = run())).not.toThrow();
  expect(r!.ok).toBe(false);
  if (r!.ok) throw new Error('expected an error');
  return r!.error;
}

describe('malformed FENs give bad-fen naming the fault', () => {
  test.each([
    ['', /4 to 6 space-separated fields, got 1/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR', /fields, got 1/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra', /fields, got 7/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1', /8 ranks.*got 7/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1', /8 ranks.*got 9/],
    ['rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /unknown piece "X" on rank 7/],
    ['rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /"9" on rank 6/],
    ['rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /rank 7 has more than 8/],
    ['rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /rank 7 has 7 squares/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR1 w KQkq - 0 1', /rank 1 has 9 squares/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1', /White has no king/],
    ['rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1', /Black has no king/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK w kq - 0 1', /White has more than one king/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', /side to move.*"x"/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxk - 0 1', /castling field "KQxk"/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1', /en-passant square "e4".*rank 6/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1', /"e6" has no pawn/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1', /en-passant square "z9"/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1', /halfmove clock "x"/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1', /halfmove clock "-1"/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0', /fullmove number "0"/],
    ['P3k3/8/8/8/8/8/8/4K3 w - - 0 1', /pawn on a8/],
    ['4k3/8/8/8/8/8/8/p3K3 w - - 0 1', /pawn on a1/],
    ['4k3/8/8/8/8/8/8/4K2r b - - 0 1', /side not to move \(White\) is in check/],
  ])('parseFen(%j)', (fen, message) => {
    const error = errorOf(() => parseFen(fen));
    expect(error.code).toBe('bad-fen');
    expect(error.message).toMatch(message);
  });
});

describe('malformed positions give bad-position naming the field', () => {
  const base = specJson({ players: 3 });
  const ab = base.boards.AB;
  const cases: [string, unknown, RegExp][] = [
    ['not an object', 'position', /position: must be an object/],
    ['null', null, /position: must be an object/],
    ['no player count', { ...base, players: undefined }, /players: must be a whole number/],
    ['one player', { ...base, players: 1 }, /players/],
    ['nine players', { ...base, players: 9 }, /players/],
    ['2.5 players', { ...base, players: 2.5 }, /players/],
    ['unknown option', { ...base, options: { gravity: true } }, /options\.gravity/],
    ['option not a boolean', { ...base, options: { hyperspace: 'yes' } }, /options\.hyperspace/],
    ['boards missing', { ...base, boards: undefined }, /boards: must be an object/],
    [
      'no such board',
      { ...base, boards: { ...base.boards, AD: ab } },
      /boards\.AD: there is no such board/,
    ],
    ['pieces missing', { ...base, boards: { ...base.boards, AB: {} } }, /boards\.AB\.pieces/],
    ['board null', { ...base, boards: { ...base.boards, AB: null } }, /boards\.AB\.pieces/],
    [
      'bad piece field',
      { ...base, boards: { ...base.boards, AB: { pieces: '8/8/8' } } },
      /boards\.AB\.pieces: expected 8 ranks/,
    ],
    [
      'unknown piece',
      { ...base, boards: { ...base.boards, AB: { pieces: '4k3/8/8/8/8/8/8/4K2Z' } } },
      /boards\.AB\.pieces: unknown piece "Z"/,
    ],
    [
      'king missing on a given board',
      { ...base, boards: { ...base.boards, AB: { pieces: '4k3/8/8/8/8/8/8/8' } } },
      /boards\.AB: the king of A is missing/,
    ],
    [
      'two kings on a board',
      { ...base, boards: { ...base.boards, AB: { pieces: '4k3/8/8/8/8/8/8/3KK3' } } },
      /boards\.AB: player A has two kings/,
    ],
    [
      'king on another relative square',
      { ...base, boards: { ...base.boards, AB: { pieces: '4k3/8/8/8/8/8/8/3K4' } } },
      /the king of A must stand on the same relative square/,
    ],
    [
      'a player without a king',
      { players: 3, turn: 'A', boards: { AB: ab } },
      /boards: player C has no king/,
    ],
    [
      'eliminated player with a king',
      { ...base, eliminated: ['C'] },
      /player C is eliminated but has a king/,
    ],
    ['eliminated label', { ...base, eliminated: ['Z'] }, /eliminated: "Z" is not a player label/],
    ['mated label', { ...base, mated: { A: 'Q' } }, /mated\.A: "Q" is not a player label/],
    [
      'castling without rook',
      { ...base, boards: { ...base.boards, AB: { ...ab, castling: 'K' } } },
      /boards\.AB: castling "K" needs a rook on h1/,
    ],
    [
      'castling field',
      { ...base, boards: { ...base.boards, AB: { ...ab, castling: 'X' } } },
      /boards\.AB: castling "X"/,
    ],
    [
      'en passant rank',
      { ...base, boards: { ...base.boards, AB: { ...ab, ep: 'e4' } } },
      /boards\.AB: en-passant square "e4"/,
    ],
    [
      'en passant without pawn',
      { ...base, boards: { ...base.boards, AB: { ...ab, ep: 'e3' } } },
      /boards\.AB: en-passant square "e3" has no pawn/,
    ],
    [
      'seats label',
      { ...base, boards: { ...base.boards, AB: { ...ab, seats: ['A', 'Z'] } } },
      /boards\.AB\.seats/,
    ],
    [
      'unplaced piece',
      { ...base, phase: 'placement', unplaced: { A: 'Kx9' } },
      /unplaced\.A: "Kx9"/,
    ],
    ['unplaced label', { ...base, phase: 'placement', unplaced: { Z: 'a2' } }, /unplaced: "Z"/],
    ['moveOrder label', { ...base, moveOrder: ['A', 'X'] }, /moveOrder: "X"/],
    ['turn missing', { ...base, turn: undefined }, /turn: "undefined" is not a player label/],
    ['turn label', { ...base, turn: 'D' }, /turn: "D"/],
    [
      'turn of an eliminated player',
      specJson({ players: 3, eliminated: ['A'] }),
      /turn: player A is eliminated/,
    ],
    ['halfmove', { ...base, halfmove: -1 }, /halfmove/],
    ['halfmove not a number', { ...base, halfmove: '3' }, /halfmove/],
    ['fullmove', { ...base, fullmove: 0 }, /fullmove/],
  ];
  test.each(cases)('parsePosition: %s', (_name, json, message) => {
    const error = errorOf(() => parsePosition(json));
    expect(error.code).toBe('bad-position');
    expect(error.message).toMatch(message);
  });

  const typed: [string, unknown, RegExp][] = [
    ['eliminated not a list', { ...base, eliminated: 5 }, /eliminated/],
    ['moveOrder not a list', { ...base, moveOrder: 'AB' }, /moveOrder/],
    ['kingMoved not a list', { ...base, kingMoved: 'A' }, /kingMoved/],
    ['phase not placement or play', { ...base, phase: 'setup' }, /phase/],
    [
      'live not a boolean',
      { ...base, boards: { ...base.boards, AB: { ...ab, live: 'no' } } },
      /live/,
    ],
  ];
  test.each(typed)('parsePosition: wrongly typed field, %s', (_name, json, message) => {
    const error = errorOf(() => parsePosition(json));
    expect(error.code).toBe('bad-position');
    expect(error.message).toMatch(message);
  });
});

describe('malformed action texts give bad-action', () => {
  const pos = build({ players: 3, pieces: { AB: { e2: 'P', b1: 'N', e7: 'p' } } });
  test.each([
    '',
    'e2e4',
    'e2-e4',
    'AB e2-e4',
    'AB:e2-e9',
    'AB:i2-i4',
    'AB:Xe2-e4',
    'AB:e7-e8=K',
    'ab:e2-e4',
    'AB:e2',
    'AB:+Xb1',
    'AB:O-O-O-O',
    'AB:0-0',
    'passs',
    'Pass',
    'AB:Nb1-AC:',
    'AB:Nb1--c3',
  ])('parseAction(%j)', (text) => {
    const error = errorOf(() => parseAction(pos, text));
    expect(error.code).toBe('bad-action');
    expect(error.message).toContain(`"${text}"`);
  });

  test.each(['AD:e2-e4', 'AB:Nb1-AD:c3', 'AD:O-O', 'HA:e2-e4'])(
    'a board that does not exist in a 3-player game: %s',
    (text) => {
      const error = errorOf(() => parseAction(pos, text));
      expect(error.code).toBe('bad-action');
      expect(error.message).toMatch(/there is no board .. in a 3-player game/);
    },
  );

  test('a placement on a board that does not exist', () => {
    const error = errorOf(() => parseAction(newGame(3).position, 'AD:+Nb1'));
    expect(error.code).toBe('bad-action');
    expect(error.message).toMatch(/no board AD/);
  });
});

describe('illegal actions give illegal-action saying why', () => {
  const pos = build({ players: 3, pieces: { AB: { e2: 'P', b1: 'N', e7: 'p' } } });
  test.each([
    ['AB:e3-e4', /e3 on AB is empty/],
    ['AB:e7-e6', /the piece on e7 of AB is not the mover's/],
    ['AB:Ne2-e4', /the piece on e2 of AB is not N/],
    ['AB:Qe2-e4', /the piece on e2 of AB is not Q/],
    ['AB:Nb1-e4', /cannot make this move/],
    ['AB:e2-e5', /cannot make this move/],
    ['AB:e2-AC:e5', /cannot make this move/],
    ['AB:Ke1-e3', /cannot make this move/],
    ['AB:O-O', /castling king side with the rook of AB is not allowed/],
    ['AC:O-O-O', /castling queen side with the rook of AC is not allowed/],
    ['AB:+Nb1', /no unplaced piece/],
    ['pass', /has moves/],
  ])('%s', (text, message) => {
    const error = errorOf(() => parseAction(pos, text));
    expect(error.code).toBe('illegal-action');
    expect(error.message).toMatch(message);
  });

  test('moving while pieces are still being placed', () => {
    const error = errorOf(() => parseAction(newGame(3).position, 'AB:Ke1-e2'));
    expect(error.code).toBe('illegal-action');
    expect(error.message).toMatch(/still being placed/);
  });

  test('a draw cannot be agreed while placing', () => {
    const error = errorOf(() => newGame(3).play('draw'));
    expect(error.code).toBe('illegal-action');
    expect(error.message).toMatch(/only in play/);
  });

  test('nothing can be played once the game is over', () => {
    const over = playAll(placedGame(3), 'draw');
    for (const action of ['AB:e2-e4', 'resign', 'draw', 'pass', RESIGN]) {
      const error = errorOf(() => over.play(action));
      expect(error.code).toBe('illegal-action');
      expect(error.message, String(action)).toMatch(/game is over/);
    }
  });

  test('play() refuses an illegal action number and changes nothing', () => {
    const p = build({ players: 3, pieces: { AB: { e2: 'P' } } });
    const hash = [p.hashLo, p.hashHi];
    const error = errorOf(() => play(p, PASS));
    expect(error.code).toBe('illegal-action');
    expect([p.hashLo, p.hashHi]).toEqual(hash);
    expect(p.turn).toBe(0);
  });

  test.each([-1, 0x7fffffff, DRAW | 1, RESIGN | 0x4000, 123456789, 1.5, Number.NaN])(
    'a number that is no action (%d) is refused by the game',
    (m) => {
      const game = placedGame(3);
      const error = errorOf(() => game.play(m));
      expect(error.code).toBe('illegal-action');
    },
  );
});

describe('bad setups give bad-setup', () => {
  const good = setupOf(3);
  test.each([
    ['not an object', 5, /setup must be an object/],
    ['players not a list', { ...good, players: 'abc' }, /setup\.players must be a list/],
    ['one player', { ...good, players: good.players.slice(0, 1) }, /2–8 players, got 1/],
    ['nine players', { ...good, players: Array(9).fill(good.players[0]) }, /got 9/],
    [
      'a player that is null',
      { ...good, players: [null, ...good.players.slice(1)] },
      /players\[0\]\.name/,
    ],
    [
      'empty name',
      { ...good, players: [{ name: ' ', colour: '#000000' }, ...good.players.slice(1)] },
      /players\[0\]\.name/,
    ],
    [
      'long name',
      { ...good, players: [{ name: 'x'.repeat(41), colour: '#000000' }, ...good.players.slice(1)] },
      /players\[0\]\.name/,
    ],
    [
      'bad colour',
      { ...good, players: [good.players[0], { name: 'B', colour: 'red' }, good.players[2]] },
      /players\[1\]\.colour.*"red"/,
    ],
    ['seed not a text', { ...good, seed: 5 }, /setup\.seed/],
    [
      'unknown option',
      { ...good, options: { gravity: true } },
      /setup\.options\.gravity is not an option/,
    ],
    [
      'option not a boolean',
      { ...good, options: { hyperspace: 1 } },
      /setup\.options\.hyperspace must be true or false/,
    ],
  ])('Game.create: %s', (_name, setup, message) => {
    const error = errorOf(() => Game.create(setup as never));
    expect(error.code).toBe('bad-setup');
    expect(error.message).toMatch(message);
  });
});

describe('bad saved games give a typed error and never half-load', () => {
  let game = placedGame(3, 'save');
  for (let i = 0; i < 6; i++) game = playAll(game, game.legalActions()[0]);
  const save = saveGame(game);
  const text = JSON.stringify(save);

  test('the good save loads', () => {
    const r = loadGame(text);
    expect(r.ok).toBe(true);
  });

  test.each([
    ['not JSON', 'hello', 'bad-save', /not valid JSON/],
    ['truncated JSON', text.slice(0, Math.floor(text.length / 2)), 'bad-save', /not valid JSON/],
    ['empty text', '', 'bad-save', /not valid JSON/],
    ['a JSON text that is not an object', '"save"', 'bad-save', /must be a JSON object/],
    ['a list', [], 'bad-save', /must be a JSON object/],
    ['null', null, 'bad-save', /must be a JSON object/],
    ['undefined', undefined, 'bad-save', /must be a JSON object/],
    ['a number', 42, 'bad-save', /must be a JSON object/],
    [
      'wrong format',
      { ...save, format: 'pgn' },
      'bad-save',
      /"format" must be "n-dimensional-chess", got "pgn"/,
    ],
    ['no format', { ...save, format: undefined }, 'bad-save', /"format"/],
    ['wrong version', { ...save, version: 2 }, 'wrong-version', /version 2 is not supported/],
    ['version as text', { ...save, version: '1' }, 'wrong-version', /version "1"/],
    ['no version', { ...save, version: undefined }, 'wrong-version', /version/],
    [
      'bad setup',
      { ...save, setup: { ...save.setup, players: [{ name: 'x', colour: 'red' }] } },
      'bad-save',
      /setup/,
    ],
    ['no setup', { ...save, setup: undefined }, 'bad-save', /setup/],
    ['actions not a list', { ...save, actions: 'AB:+Qd1' }, 'bad-save', /"actions" must be a list/],
    [
      'an action not a text',
      { ...save, actions: [...save.actions.slice(0, 2), 7] },
      'bad-save',
      /action 3 must be a text, got 7/,
    ],
  ])('loadGame: %s', (_name, input, code, message) => {
    const error = errorOf(() => loadGame(input));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  test.each([0, 1, 20, 45, 48])(
    'loadGame: an illegal action inserted at index %i is named as action k+1',
    (k) => {
      const actions = [...save.actions];
      actions.splice(k, 0, 'AB:Ke1-e5');
      const error = errorOf(() => loadGame({ ...save, actions }));
      expect(error.code).toBe('bad-save');
      expect(error.message).toContain(`action ${k + 1} (AB:Ke1-e5)`);
    },
  );

  test.each([3, 46])('loadGame: a malformed action at index %i is named as action k+1', (k) => {
    const actions = [...save.actions];
    actions[k] = 'hello';
    const error = errorOf(() => loadGame(JSON.stringify({ ...save, actions })));
    expect(error.code).toBe('bad-save');
    expect(error.message).toContain(`action ${k + 1} (hello)`);
  });

  test('loadGame: an action replaced by another legal-looking one is refused where it breaks', () => {
    const actions = [...save.actions];
    actions[0] = actions[1]; // B's placement played on A's turn
    const error = errorOf(() => loadGame({ ...save, actions }));
    expect(error.code).toBe('bad-save');
    expect(error.message).toMatch(/^saved game: action 1 /);
  });
});
