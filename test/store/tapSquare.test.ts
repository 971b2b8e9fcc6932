/** What a tap on a square means (the interaction slice's tapSquare): the scene only picks squares. */
import { describe, expect, test } from 'vitest';
import { parseSquare, squareName } from '../../src/core';
import { defaultConfig } from '../../src/store/config';
import { explainState } from '../../src/store/explain';
import { createGameStore, tapTargets } from '../../src/store/store';
import { crossedCastling } from './explainInput';

/** A store with a three-player game, armies placed (balanced) or to place by hand. */
function started(placement: 'hand' | 'balanced' = 'balanced', seed = 'tap-seed') {
  const store = createGameStore();
  store.getState().newGame({ ...defaultConfig(3, seed), placement });
  return store;
}

type Store = ReturnType<typeof started>;

/** The mover's first piece on `board` with a destination on its own board, and one with a shift. */
function pieceWith(store: Store, shift: boolean) {
  const view = store.getState().view!;
  const pos = view.position;
  for (let board = 0; board < pos.nb; board++)
    for (let square = 0; square < 128; square++) {
      if (square & 0x88 || pos.ownerAt(board, square) !== pos.turn) continue;
      const dest = view.destinations(board, square).find((d) => d.shift === shift);
      if (dest) return { board, square, dest };
    }
  throw new Error(`no piece with a ${shift ? 'shift' : 'move'}`);
}

describe('tapSquare', () => {
  test("R3.1: a tap on one's own piece selects it and lists its destinations; a second tap deselects", () => {
    const store = started();
    const { board, square } = pieceWith(store, false);
    store.getState().tapSquare(board, square);
    const s = store.getState();
    expect(s.selected).toEqual({ board, square });
    expect(s.targets).toEqual(s.view!.destinations(board, square));
    expect(tapTargets(s)).toBe(s.targets);
    store.getState().tapSquare(board, square);
    expect(store.getState().selected).toBeNull();
    expect(store.getState().targets).toEqual([]);
  });

  test('R3.1: a tap on a target of the selected piece plays that move', () => {
    const store = started();
    const { board, square, dest } = pieceWith(store, false);
    const before = store.getState().game!;
    store.getState().tapSquare(board, square);
    store.getState().tapSquare(dest.board, dest.square);
    const s = store.getState();
    expect(s.game!.length).toBe(before.length + 1);
    expect(s.game!.actions.at(-1)).toBe(before.actionText(dest.action));
    expect(s.selected).toBeNull();
  });

  test('R4.1: a tap on a shift target moves the piece to the other board', () => {
    const store = started();
    const { board, square, dest } = pieceWith(store, true);
    expect(dest.board).not.toBe(board);
    const text = store.getState().game!.actionText(dest.action);
    store.getState().tapSquare(board, square);
    store.getState().tapSquare(dest.board, dest.square);
    const g = store.getState().game!;
    expect(g.actions.at(-1)).toBe(text);
    expect(g.actions.at(-1)).toMatch(/-[A-H]{2}:/);
  });

  test("a tap on a square that is no target and not one's own piece deselects and plays nothing", () => {
    const store = started();
    const { board, square } = pieceWith(store, false);
    store.getState().tapSquare(board, square);
    const before = store.getState().game!.length;
    // A square of the middle of the board: empty after placement, and no pawn's first step reaches e5.
    const empty = parseSquare('e5');
    expect(store.getState().view!.position.pieceAt(board, empty)).toBe(0);
    expect(store.getState().targets.some((t) => t.board === board && t.square === empty)).toBe(
      false,
    );
    store.getState().tapSquare(board, empty);
    expect(store.getState().selected).toBeNull();
    expect(store.getState().game!.length).toBe(before);
  });

  test('R2.3: in placement, a tap on any square of a board places the piece picked from the tray there; without one, a tap does nothing', () => {
    const store = started('hand');
    store.getState().tapSquare(0, parseSquare('e4'));
    expect(store.getState().game!.length).toBe(0);
    expect(store.getState().selected).toBeNull();
    store.getState().pickTrayPiece(14);
    store.getState().tapSquare(0, parseSquare('e4'));
    expect(store.getState().game!.actions).toEqual(['AB:+Qd1']);
  });

  test("R2.3: a tap on a board that is not the mover's own places nothing and says why", () => {
    const store = started('hand');
    const pos = store.getState().view!.position;
    const foreign = [...Array(pos.nb).keys()].find((b) => !pos.domain[pos.turn].includes(b))!;
    store.getState().pickTrayPiece(14);
    store.getState().tapSquare(foreign, parseSquare('d1'));
    expect(store.getState().game!.length).toBe(0);
    expect(store.getState().notice?.text).toMatch(/one of your own boards/);
  });

  test("a bot's turn: a tap on the mover's piece selects nothing", () => {
    const store = createGameStore();
    const config = { ...defaultConfig(3, 'tap-bot'), placement: 'balanced' as const };
    store.getState().newGame(config);
    const turn = store.getState().view!.position.turn;
    const seat = store.getState().view!.players[turn].setupIndex;
    config.players[seat] = { ...config.players[seat], kind: 'bot', level: 1 };
    // The same table with the mover's seat a bot; a bare store runs no bots, so it stays their turn.
    store.getState().newGame(config);
    expect(store.getState().view!.position.turn).toBe(turn);
    const { board, square } = pieceWith(store, false);
    store.getState().tapSquare(board, square);
    expect(store.getState().selected).toBeNull();
  });

  test("R5.4: a tap on a castling's crossed square (not the mover's piece) explains it, nothing else", () => {
    const game = crossedCastling();
    const store = createGameStore();
    store.setState({ game, view: game, cursor: game.length, screen: 'game' });
    const ab = game.position.g.names.indexOf('AB');
    const king = game.position.kingSquare(0, ab);
    store.getState().tapSquare(ab, king);
    expect(store.getState().selected).toEqual({ board: ab, square: king });
    const g1 = explainState(store.getState()).crossings[0].spots[0];
    expect(squareName(g1.square)).toBe('g1');
    store.getState().tapSquare(g1.board, g1.square);
    const s = store.getState();
    expect(s.hovered).toEqual(g1);
    // The king stays selected and nothing is played.
    expect(s.selected).toEqual({ board: ab, square: king });
    expect(s.game).toBe(game);
  });
});
