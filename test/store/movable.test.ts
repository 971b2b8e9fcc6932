/**
 * movable (issue #63 item 1): what the player at this device may do now — whom it acts for,
 * which pieces a press grabs (for a move or a premove), the placement targets, and whether
 * Pass, Resign and Offer draw are to be had, with the reason in words when not.
 */
import { describe, expect, test } from 'vitest';
import { squareKey, type Game } from '../../src/core';
import type { GameConfig } from '../../src/store/config';
import { movable } from '../../src/store/movable';
import { trayPieces } from '../../src/store/store';
import { CLOCK_TEXT, MOVABLE_TEXT, SHARE_TEXT } from '../../src/text';
import { quiet } from '../fixtures/premoves';
import { botTable, humanOf, toBotsTurn, type Store } from '../fixtures/botTable';

/** The first `humans` seats human, the others level-1 bots; armies placed unless `hand`. */
const game = (humans: number, more: Partial<GameConfig> = {}): Store =>
  botTable(humans, 'movable-seed', more);

/** The squares (squareKey) of `player`'s pieces on live boards. */
function piecesOf(view: Game, player: number): Set<number> {
  const pos = view.position;
  const out = new Set<number>();
  for (let b = 0; b < pos.nb; b++)
    for (let sq = 0; sq < 0x78; sq++)
      if (!(sq & 0x88) && pos.isLive(b) && pos.ownerAt(b, sq) === player) out.add(squareKey(b, sq));
  return out;
}

describe('movable: pieces a press grabs', () => {
  test('the human to move against bots: their pieces, for a move; Resign and Offer draw', () => {
    const store = game(1);
    const human = humanOf(store);
    while (store.getState().view!.position.turn !== human)
      store.getState().play(quiet(store.getState().view!));
    const m = movable(store.getState());
    expect(m).toMatchObject({ seats: [human], player: human, grab: 'move' });
    expect(m.pieces).toEqual(piecesOf(store.getState().view!, human));
    expect(m.resign).toEqual({ ok: true });
    expect(m.offerDraw).toEqual({ ok: true });
  });

  test("a bot to move: the human's pieces, for a premove; no move's controls, said why", () => {
    const store = game(1);
    toBotsTurn(store);
    const human = humanOf(store);
    const m = movable(store.getState());
    expect(m).toMatchObject({ player: human, grab: 'premove' });
    expect(m.pieces).toEqual(piecesOf(store.getState().view!, human));
    const bot = MOVABLE_TEXT.refused.bot;
    expect([m.pass, m.resign, m.offerDraw]).toEqual([0, 0, 0].map(() => ({ ok: false, why: bot })));
  });

  test('several humans and a bot to move: nothing to grab (whose premove would it be?)', () => {
    const store = game(2);
    const botToMove = () => {
      const { view, game: g } = store.getState();
      return g!.players[view!.position.turn].setupIndex === 2;
    };
    while (!botToMove()) store.getState().play(quiet(store.getState().view!));
    const m = movable(store.getState());
    expect(m.seats).toHaveLength(2);
    expect(m).toMatchObject({ player: -1, grab: null });
    expect(m.pieces.size).toBe(0);
  });

  test('placement: no piece to grab; the tray piece picked has its placement targets', () => {
    const store = game(3, { placement: 'hand' });
    expect(movable(store.getState()).grab).toBeNull();
    store.getState().pickTrayPiece(trayPieces(store.getState().view!)[0]);
    const m = movable(store.getState());
    expect(m.placements.length).toBeGreaterThan(0);
    expect(m.resign).toEqual({ ok: false, why: MOVABLE_TEXT.notInPlay });
  });
});

describe('movable: Offer draw', () => {
  test('a game opened from a link is read-only: no draw offer, in the store either', () => {
    const store = game(3);
    store.setState({ openedFrom: { kind: 'link' } });
    expect(movable(store.getState()).offerDraw).toEqual({ ok: false, why: SHARE_TEXT.readOnly });
    store.getState().offerDraw();
    expect(store.getState().draw).toBeNull();
  });

  test('an earlier position in a game with clocks: no draw offer, in the store either', () => {
    const store = game(3, { timeControl: { baseMs: 60_000, incrementMs: 0 } });
    store.getState().play(quiet(store.getState().view!));
    store.getState().goTo(store.getState().game!.length - 1);
    expect(movable(store.getState()).offerDraw).toEqual({ ok: false, why: CLOCK_TEXT.earlier });
    store.getState().offerDraw();
    expect(store.getState().draw).toBeNull();
  });

  test('a standing offer: no other offer until it is answered', () => {
    const store = game(3);
    store.getState().offerDraw();
    expect(store.getState().draw).not.toBeNull();
    expect(movable(store.getState()).offerDraw).toEqual({
      ok: false,
      why: MOVABLE_TEXT.drawStanding,
    });
  });
});
