/**
 * A draw offer in a game on this device (issue #45 item 5; R8.2: a draw by agreement of every
 * remaining player). The offer stays beside the record until agreed; the agreed draw is the
 * action `draw` of the record, saved and loaded like any other.
 */
import { describe, expect, test } from 'vitest';
import { defaultConfig, type GameConfig } from '../../src/store/config';
import { createGameStore, standingDraw } from '../../src/store/store';
import { lopsidedGame } from '../fixtures/drawPositions';

/** Three humans (pass-and-play), every piece placed. */
function passAndPlay() {
  const store = createGameStore();
  store.getState().newGame({ ...defaultConfig(3, 'draw-offer'), placement: 'balanced' });
  return store;
}

/** A's seat human, B and C bots, in a position where A is far ahead (or all are even). */
function againstBots(kind: 'lopsided' | 'even') {
  const store = createGameStore();
  const game = lopsidedGame(kind);
  const config: GameConfig = {
    ...defaultConfig(3, 'draw-offer'),
    players: game.setup.players.map((p, i) =>
      i === 0 ? { ...p, kind: 'human' } : { ...p, kind: 'bot', level: 2 },
    ),
  };
  store.getState().openRemote(game, config);
  return store;
}

describe('draw offers on this device', () => {
  test('R8.2: the offer waits for every other human and stays out of the record until agreed', () => {
    const store = passAndPlay();
    const length = store.getState().game!.length;
    store.getState().offerDraw();
    const mover = store.getState().view!.position.turn;
    expect(standingDraw(store.getState())?.offer).toMatchObject({ by: mover, accepted: [mover] });
    store.getState().answerDraw(true);
    expect(standingDraw(store.getState())?.offer.accepted).toHaveLength(2);
    expect(store.getState().game!.length).toBe(length);
    store.getState().answerDraw(true);
    const s = store.getState();
    expect(standingDraw(s)).toBeNull();
    expect(s.game!.length).toBe(length + 1);
    expect(s.game!.actions.at(-1)).toBe('draw');
    expect(s.game!.status().result).toMatchObject({ winner: null, drawReason: 'agreement' });
    expect(s.dialog).toBe('over');
  });

  test('R8.2: one decline ends the offer, and the game goes on', () => {
    const store = passAndPlay();
    const length = store.getState().game!.length;
    store.getState().offerDraw();
    store.getState().answerDraw(false);
    const draw = standingDraw(store.getState());
    expect(draw?.offer.declinedBy).not.toBeNull();
    store.getState().answerDraw(true); // nobody is asked any more
    expect(store.getState().notice?.text).toMatch(/no draw offer/);
    expect(store.getState().game!.length).toBe(length);
    // The offerer may not offer again before the next action; the offer lapses with it.
    store.getState().offerDraw();
    expect(store.getState().notice?.text).toMatch(/after the next move/);
    const view = store.getState().view!;
    store.getState().play(view.legalActions()[0]);
    expect(standingDraw(store.getState())).toBeNull();
  });

  test('R8.2: the agreed draw is saved and loaded with the record', () => {
    const store = passAndPlay();
    store.getState().offerDraw();
    store.getState().answerDraw(true);
    store.getState().answerDraw(true);
    const saved = store.getState().exportGame()!;
    expect(JSON.parse(saved).actions.at(-1)).toBe('draw');
    const other = createGameStore();
    expect(other.getState().importGame(saved)).toBe(true);
    const loaded = other.getState().game!;
    expect(loaded.actions).toEqual(store.getState().game!.actions);
    expect(loaded.status().result).toMatchObject({ winner: null, drawReason: 'agreement' });
  });

  test('R8.2: bots clearly behind accept at once, and the game is drawn', () => {
    const store = againstBots('lopsided');
    store.getState().offerDraw();
    const s = store.getState();
    expect(s.game!.actions).toEqual(['draw']);
    expect(s.notice?.text).toMatch(/accepts the draw: it stands worse/);
  });

  test('R8.2: a bot that is not behind declines, and says why', () => {
    const store = againstBots('even');
    store.getState().offerDraw();
    const draw = standingDraw(store.getState());
    expect(draw?.offer.declinedBy).toBe(1);
    expect(draw?.answers).toEqual([expect.stringMatching(/declines the draw: the game is level/)]);
    expect(store.getState().game!.length).toBe(0);
  });
});
