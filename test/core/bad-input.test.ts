/**
 * Bad input is answered with a typed error value naming what is wrong, never an exception
 * (FENs, positions, action texts and numbers, setups, saved games).
 */
import { describe, expect, test } from 'vitest';
import {
  DRAW,
  Game,
  InvariantError,
  PASS,
  QUOTE_LIMIT,
  RESIGN,
  SAVE_VERSION,
  createRng,
  loadGame,
  loadSavedGame,
  makePosition,
  parseAction,
  parseFen,
  parsePosition,
  play,
  quote,
  quoteText,
  saveGame,
  type BoardJson,
  type CoreError,
  type Result,
  type SavedSeat,
} from '../../src/core';
import { build, newGame, placedGame, playAll, setupOf, specJson, type Spec } from './helpers';

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
    [
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2147483648 1',
      /halfmove clock "2147483648"/,
    ],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1000001', /fullmove number "1000001"/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1e3 1', /halfmove clock "1e3"/],
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
    [
      'halfmove past the 32-bit counter',
      { ...base, halfmove: 3e9 },
      /halfmove: must be .* to 1000000/,
    ],
    ['fullmove past the limit', { ...base, fullmove: 2 ** 31 }, /fullmove: must be .* to 1000000/],
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
    'constructor',
    'toString',
    '__proto__',
    'hasOwnProperty',
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
    ['wrong version', { ...save, version: 3 }, 'wrong-version', /version 3 is not supported/],
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

describe('saved games record who sits at each seat (R10.1), version 2', () => {
  let game = placedGame(3, 'seats');
  for (let i = 0; i < 4; i++) game = playAll(game, game.legalActions()[0]);
  const seats: SavedSeat[] = [
    { kind: 'human' },
    { kind: 'bot', level: 2 },
    { kind: 'bot', level: 3 },
  ];

  test('the seats survive saving and loading, with the game', () => {
    const save = saveGame(game, seats);
    expect(save.version).toBe(SAVE_VERSION);
    expect(SAVE_VERSION).toBe(2);
    const loaded = loadSavedGame(JSON.stringify(save));
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.seats).toEqual(seats);
    expect(loaded.value.version).toBe(2);
    expect(loaded.value.game.actions).toEqual(game.actions);
  });

  test('a version 1 file (no seats) still loads, its seats reported as absent', () => {
    const v1 = { ...saveGame(game, seats), version: 1 };
    delete v1.seats;
    const loaded = loadSavedGame(v1);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.seats).toBeNull();
    expect(loaded.value.version).toBe(1);
    expect(loaded.value.game.actions).toEqual(game.actions);
  });

  test('a version 1 file with a seats field ignores it (version 1 has none)', () => {
    const loaded = loadSavedGame({ ...saveGame(game, seats), version: 1 });
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.seats).toBeNull();
  });

  test('saving without seats records none; loadGame gives the game alone', () => {
    const save = saveGame(game);
    expect('seats' in save).toBe(false);
    const loaded = loadSavedGame(save);
    expect(loaded.ok && loaded.value.seats).toBeNull();
    const plain = loadGame(save);
    expect(plain.ok && plain.value.actions).toEqual(game.actions);
  });

  test.each<[string, unknown, RegExp]>([
    ['seats not a list', { kind: 'human' }, /"seats" must list 3 seats/],
    ['too few seats', [{ kind: 'human' }], /"seats" must list 3 seats/],
    ['an unknown kind', [{ kind: 'human' }, { kind: 'ghost' }, { kind: 'human' }], /seats\[1\]/],
    [
      'a bot of level 4',
      [{ kind: 'human' }, { kind: 'bot', level: 4 }, { kind: 'human' }],
      /seats\[1\]/,
    ],
    ['a bot without level', [{ kind: 'bot' }, { kind: 'human' }, { kind: 'human' }], /seats\[0\]/],
    ['a seat that is null', [{ kind: 'human' }, { kind: 'human' }, null], /seats\[2\]/],
  ])('loadGame refuses bad seats: %s', (_name, bad, message) => {
    const error = errorOf(() => loadSavedGame({ ...saveGame(game, seats), seats: bad }));
    expect(error.code).toBe('bad-save');
    expect(error.message).toMatch(message);
  });

  test('saveGame refuses seats that do not match the players (a programmer error)', () => {
    expect(() => saveGame(game, seats.slice(1))).toThrow(InvariantError);
  });
});

/** An object whose own toString throws, as in the probes of issue #12. */
const hostile = () => ({
  toString() {
    throw new TypeError('toString called');
  },
});
/** A list nested `depth` deep: [[[…]]]. */
function nested(depth: number): unknown {
  let v: unknown = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe('parsePosition never throws: every bad input is a bad-position error', () => {
  const base = specJson({ players: 3 });
  const ab = base.boards.AB;
  const fields = [
    'turn',
    'eliminated',
    'mated',
    'kingMoved',
    'moveOrder',
    'due',
    'countdown',
    'unplaced',
    'fleeing',
    'resume',
    'phase',
    'players',
    'options',
    'boards',
    'halfmove',
  ];
  const values: [string, () => unknown][] = [
    ['an object with its own toString', hostile],
    ['a list holding such an object', () => [hostile()]],
    ['10 000-deep nesting', () => nested(10_000)],
    ['an object by label with such values', () => ({ A: hostile(), B: nested(10_000) })],
  ];
  const options = { hyperspace: true, cowardly: true };
  test.each(fields.flatMap((f) => values.map(([what, make]) => [f, what, make] as const)))(
    '%s as %s',
    (name, _what, make) => {
      const error = errorOf(() => parsePosition({ ...base, options, [name]: make() }));
      expect(error.code).toBe('bad-position');
      expect(error.message.length).toBeLessThan(300);
    },
  );

  test.each<[string, unknown, RegExp]>([
    ['castling as a list', ['K', 'Q'], /castling a list is not like "KQkq"/],
    ['castling as an object', { K: true }, /castling an object/],
    ['castling as an object with its own toString', hostile(), /castling an object/],
    ['ep as a list', ['e3', 'x'], /en-passant square a list/],
    ['ep deeply nested', nested(10_000), /en-passant square a list/],
    ['seats holding objects', [hostile(), 'B'], /seats: an object is not a player label/],
    ['pieces as a list', ['8/8'], /pieces: must be a FEN piece field/],
  ])('a board with %s', (_name, value, message) => {
    const key = _name.split(' ')[0] as keyof BoardJson;
    const error = errorOf(() =>
      parsePosition({ ...base, boards: { ...base.boards, AB: { ...ab, [key]: value } } }),
    );
    expect(error.code).toBe('bad-position');
    expect(error.message).toMatch(message);
  });
});

describe('loadGame never throws: every bad input is a typed error', () => {
  const save = saveGame(newGame(3));
  const players = save.setup.players;
  test.each<[string, () => unknown]>([
    ['format as an object with its own toString', () => ({ ...save, format: hostile() })],
    ['version 10 000 deep', () => ({ ...save, version: nested(10_000) })],
    [
      'a colour 10 000 deep',
      () => ({
        ...save,
        setup: {
          ...save.setup,
          players: [{ ...players[0], colour: nested(10_000) }, ...players.slice(1)],
        },
      }),
    ],
    ['an action 10 000 deep', () => ({ ...save, actions: [nested(10_000)] })],
    ['an action with its own toString', () => ({ ...save, actions: [hostile()] })],
    ['seats 10 000 deep', () => ({ ...save, seats: nested(10_000) })],
    ['a seat with its own toString', () => ({ ...save, seats: [hostile(), hostile(), hostile()] })],
    ['the whole file 10 000 deep, as text', () => '['.repeat(10_000) + ']'.repeat(10_000)],
    ['a format 100 000 deep, as text', () => `{"format": ${'['.repeat(1e5)}${']'.repeat(1e5)}}`],
  ])('%s', (_name, make) => {
    const error = errorOf(() => loadSavedGame(make()));
    expect(['bad-save', 'wrong-version']).toContain(error.code);
    expect(error.message.length).toBeLessThan(300);
  });
});

describe('error messages cut and escape the input they quote', () => {
  const base = specJson({ players: 3 });
  test('quoteText escapes control characters and cuts long texts', () => {
    expect(quoteText('a\u0000b\nc\u001b[31m"\\')).toBe('"a\\u0000b\\nc\\u001b[31m\\"\\\\"');
    expect(quoteText('x'.repeat(1000))).toBe(`"${'x'.repeat(QUOTE_LIMIT)}…"`);
    expect(quote(hostile())).toBe('an object');
    expect(quote(nested(10_000))).toBe('a list');
  });

  const longControl = '\u001b[2J' + 'y'.repeat(4_000_000);
  const cases: [string, () => CoreError][] = [
    ['parseFen', () => errorOf(() => parseFen(`8/8/8/8/8/8/8/8 ${longControl} - - 0 1`))],
    ['parsePosition', () => errorOf(() => parsePosition({ ...base, turn: longControl }))],
    [
      'parsePosition, a board name',
      () => errorOf(() => parsePosition({ ...base, boards: { [longControl]: {} } })),
    ],
    ['parseAction', () => errorOf(() => parseAction(newGame(3).position, longControl))],
    [
      'loadGame, an action',
      () => errorOf(() => loadGame({ ...saveGame(newGame(3)), actions: [longControl] })),
    ],
    ['loadGame, the format', () => errorOf(() => loadGame({ format: longControl }))],
    ['loadGame, bad JSON', () => errorOf(() => loadGame(`{"format": ${longControl}`))],
    [
      'Game.create, an option name',
      () =>
        errorOf(() => Game.create({ ...setupOf(3), options: { [longControl]: true } } as never)),
    ],
  ];
  test.each(cases)('%s: a 4 MB text with control characters is cut and escaped', (_name, run) => {
    const { message } = run();
    expect(message.length).toBeLessThan(400);
    expect([...message].some((ch) => ch < ' ' || (ch >= '\u007f' && ch < '\u00a0'))).toBe(false);
  });
});

describe('the position JSON refuses states no game reaches', () => {
  test('a player mated by itself', () => {
    const error = errorOf(() => parsePosition(specJson({ players: 3, mated: { B: 'B' } })));
    expect(error.message).toMatch(/mated\.B: player B cannot mate itself/);
  });

  test('nine pawns in one army', () => {
    const pawns = Object.fromEntries('abcdefgh'.split('').map((f) => [`${f}2`, 'P']));
    const spec = specJson({ players: 3, pieces: { AB: pawns, AC: { e3: 'P' } } });
    const error = errorOf(() => parsePosition(spec));
    expect(error.message).toMatch(/boards: player A has 9 pawns/);
  });

  test('more promoted pieces than missing pawns', () => {
    const pawns = Object.fromEntries('abcdefg'.split('').map((f) => [`${f}2`, 'P']));
    const spec = specJson({ players: 3, pieces: { AB: { ...pawns, d4: 'Q', d5: 'Q', d6: 'Q' } } });
    const error = errorOf(() => parsePosition(spec));
    expect(error.message).toMatch(/player A has more promoted pieces than lost pawns/);
  });

  test('promoted pieces in place of lost pawns are fine', () => {
    const pawns = Object.fromEntries('abcdefg'.split('').map((f) => [`${f}2`, 'P']));
    const spec = specJson({ players: 3, pieces: { AB: { ...pawns, d4: 'Q', d5: 'Q' } } });
    expect(parsePosition(spec).ok).toBe(true);
  });

  test('R9.4: under Scavenger an heir holding the seats of an eliminated army may hold it besides its own', () => {
    const pawns = Object.fromEntries('abcdefgh'.split('').map((f) => [`${f}2`, 'P']));
    const spec = (extra: Spec['extra']) =>
      specJson({
        players: 3,
        options: { scavenger: true },
        eliminated: ['C'],
        pieces: { AB: { ...pawns, a3: 'P' } },
        extra,
      });
    expect(parsePosition(spec({ AC: { seats: ['A', 'A'] }, BC: { seats: ['B', 'A'] } })).ok).toBe(
      true,
    );
    // C's seats still C's: A commands one army, so 9 pawns are too many
    const error = errorOf(() => parsePosition(spec({})));
    expect(error.message).toMatch(/boards: player A has 9 pawns/);
  });
});

describe('a seeded mutation fuzz: parsePosition and loadGame never throw', () => {
  const NASTY: (() => unknown)[] = [
    () => undefined,
    () => null,
    () => -1,
    () => 3e9,
    () => Number.NaN,
    () => 1.5,
    () => '',
    () => 'A',
    () => 'Z',
    () => 'e3',
    () => '\u0000\n' + 'x'.repeat(500),
    () => [],
    () => ['e3', 'x'],
    () => ({}),
    () => ({ A: 'B' }),
    hostile,
    () => nested(10_000),
    () => true,
  ];

  /** Replace one value at a random path of `doc` (a JSON-like tree) by a nasty one, in place. */
  function mutate(doc: unknown, rng: () => number): void {
    let node = doc as Record<string, unknown>;
    for (;;) {
      const keys = Object.keys(node);
      if (!keys.length) return;
      const key = keys[Math.floor(rng() * keys.length)];
      const child = node[key];
      if (typeof child === 'object' && child !== null && rng() < 0.6) {
        node = child as Record<string, unknown>;
        continue;
      }
      if (rng() < 0.1) delete node[key];
      else node[key] = NASTY[Math.floor(rng() * NASTY.length)]();
      return;
    }
  }

  const positionDocs = [
    specJson({ players: 3 }),
    specJson({ players: 4, options: { hyperspace: true }, due: ['AB', 'AC'] }),
    specJson({ players: 3, options: { cowardly: true } }),
    specJson({ players: 5, eliminated: ['C'], countdown: { C: 2 }, options: { collapse: true } }),
    makePosition(placedGame(3, 'fuzz').position),
  ];

  test('2 000 mutated position documents', () => {
    const rng = createRng('fuzz-position');
    for (let i = 0; i < 2000; i++) {
      const doc = structuredClone(positionDocs[i % positionDocs.length]);
      const mutations = 1 + Math.floor(rng() * 3);
      for (let k = 0; k < mutations; k++) mutate(doc, rng);
      let result: Result<unknown> | undefined;
      expect(() => (result = parsePosition(doc)), `document ${i}`).not.toThrow();
      if (result && !result.ok) expect(result.error.code).toBe('bad-position');
    }
  });

  test('300 mutated saved games', () => {
    const rng = createRng('fuzz-save');
    let game = placedGame(3, 'fuzz-save');
    for (let i = 0; i < 6; i++) game = playAll(game, game.legalActions()[0]);
    const save = saveGame(game, [{ kind: 'human' }, { kind: 'bot', level: 1 }, { kind: 'human' }]);
    for (let i = 0; i < 300; i++) {
      const doc = structuredClone(save) as unknown;
      mutate(doc, rng);
      let result: Result<unknown> | undefined;
      expect(() => (result = loadSavedGame(doc)), `document ${i}`).not.toThrow();
      if (result && !result.ok) expect(['bad-save', 'wrong-version']).toContain(result.error.code);
    }
  });
});
