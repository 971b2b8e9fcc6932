/**
 * turnAccess: whether this device's input counts in the position shown, for whom, and why not —
 * on this device (humans, bots, several humans passing the device), online (a seat, a
 * spectator), while browsing history, in placement and once the game is over.
 */
import { describe, expect, test } from 'vitest';
import { Game, defaultSetup } from '../../src/core';
import { defaultConfig, type GameConfig } from '../../src/store/config';
import type { OnlineInfo } from '../../src/online/onlineState';
import { turnAccess, type TurnAccessInput } from '../../src/store/turnAccess';
import { ONLINE_BLOCK_TEXT } from '../../src/text';

const SEED = 'turn-access';
const humans = (): GameConfig => defaultConfig(3, SEED);
/** Seat `human` (setup index) a human, the others level-1 bots. */
const oneHuman = (human: number): GameConfig => {
  const c = humans();
  return {
    ...c,
    players: c.players.map((p, i) => (i === human ? p : { ...p, kind: 'bot', level: 1 })),
  };
};

const ok = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
/** A new game, in placement (every army to place by hand). */
const fresh = () => ok(Game.create(defaultSetup(3, SEED)));
/** The same game with every army placed: the play phase. */
const placed = () => ok(fresh().autoPlace('balanced', 'all')).withoutPlans();
/** Two resignations end a game of three. */
const over = () => ok(ok(placed().play('resign')).play('resign'));

/** The store's state as the selector reads it: the record shown up to `cursor`. */
const input = (
  game: Game | null,
  config: GameConfig,
  cursor = game?.length ?? 0,
  online: OnlineInfo | null = null,
): TurnAccessInput => ({
  game,
  view: game && (cursor >= game.length ? game : game.truncate(cursor)),
  cursor,
  config,
  online,
});

const seated = (seat: number | null, more: Partial<OnlineInfo> = {}): OnlineInfo => ({
  roomId: 'r1',
  invite: 'http://x/?room=r1',
  seat,
  hostToken: null,
  seats: [],
  clock: null,
  connection: 'open',
  started: true,
  takenOver: false,
  terms: null,
  paused: false,
  ...more,
});

/** The setup index of the player to move at the end of `game`. */
const moverSeat = (game: Game) => game.players[game.position.turn].setupIndex;

describe('on this device', () => {
  test('no game: nothing counts, nothing is said', () => {
    expect(turnAccess(input(null, humans()))).toMatchObject({
      may: false,
      player: -1,
      why: 'none',
      text: '',
    });
  });

  test('a human to move: their input counts, for them', () => {
    const g = placed();
    expect(turnAccess(input(g, humans()))).toEqual({
      may: true,
      player: g.position.turn,
      bot: null,
      why: null,
      text: '',
      live: true,
    });
  });

  test('a bot to move: no input counts, silently; the human seat may act on its turn', () => {
    const g = placed();
    const mover = moverSeat(g);
    const bots = oneHuman((mover + 1) % 3);
    expect(turnAccess(input(g, bots))).toMatchObject({
      may: false,
      player: g.position.turn,
      bot: 1,
      why: 'bot',
      text: '',
    });
    expect(turnAccess(input(g, oneHuman(mover)))).toMatchObject({ may: true, bot: null });
  });

  test('pass and play: after one human moves, the input counts for the next', () => {
    const g = placed();
    const first = turnAccess(input(g, humans()));
    const next = ok(g.play(g.legalActions()[0]));
    const second = turnAccess(input(next, humans()));
    expect(second.may).toBe(true);
    expect(second.player).toBe(next.position.turn);
    expect(second.player).not.toBe(first.player);
  });

  test('placement: a human places, a bot does not take clicks', () => {
    const g = fresh();
    expect(g.status().phase).toBe('placement');
    expect(turnAccess(input(g, humans()))).toMatchObject({ may: true, player: g.position.turn });
    expect(turnAccess(input(g, oneHuman((moverSeat(g) + 1) % 3)))).toMatchObject({
      may: false,
      why: 'bot',
    });
  });

  test('browsing history: the position shown is played from (not live); its mover decides', () => {
    const g = placed();
    const later = ok(g.play(g.legalActions()[0]));
    const back = turnAccess(input(later, humans(), g.length));
    expect(back).toMatchObject({ may: true, player: g.position.turn, live: false });
    // A bot was to move at the position shown: no input counts there, though a human moves last.
    const bots = oneHuman(moverSeat(later));
    expect(turnAccess(input(later, bots)).may).toBe(true);
    expect(turnAccess(input(later, bots, g.length))).toMatchObject({ may: false, why: 'bot' });
  });

  test('game over: no input counts, nothing is said', () => {
    expect(turnAccess(input(over(), humans()))).toMatchObject({
      may: false,
      player: -1,
      bot: null,
      why: 'over',
      text: '',
    });
  });
});

describe('online', () => {
  test("this device's seat to move: it may act; another seat's turn: it is told whose", () => {
    const g = placed();
    const mover = g.players[g.position.turn];
    expect(turnAccess(input(g, humans(), g.length, seated(mover.setupIndex)))).toMatchObject({
      may: true,
      player: g.position.turn,
    });
    expect(
      turnAccess(input(g, humans(), g.length, seated((mover.setupIndex + 1) % 3))),
    ).toMatchObject({
      may: false,
      player: g.position.turn,
      why: 'online',
      text: ONLINE_BLOCK_TEXT.turnOf(mover.name),
    });
  });

  test('a spectator only watches', () => {
    const g = placed();
    expect(turnAccess(input(g, humans(), g.length, seated(null)))).toMatchObject({
      may: false,
      why: 'online',
      text: ONLINE_BLOCK_TEXT.watching,
    });
  });

  test('browsing history: the room plays at the end of its record only', () => {
    const g = placed();
    const later = ok(g.play(g.legalActions()[0]));
    const mine = seated(moverSeat(g));
    expect(turnAccess(input(later, humans(), g.length, mine))).toMatchObject({
      may: false,
      live: false,
      text: ONLINE_BLOCK_TEXT.earlier,
    });
  });

  test('a bot seat of the room to move: its level is known, the input does not count', () => {
    const g = placed();
    const mover = moverSeat(g);
    const me = (mover + 1) % 3;
    expect(turnAccess(input(g, oneHuman(me), g.length, seated(me)))).toMatchObject({
      may: false,
      bot: 1,
      why: 'online',
    });
  });

  test('game over: the player is told', () => {
    const g = over();
    expect(turnAccess(input(g, humans(), g.length, seated(0)))).toMatchObject({
      may: false,
      why: 'over',
      text: ONLINE_BLOCK_TEXT.over,
    });
  });

  test('no record yet: nothing counts, and the player is told', () => {
    expect(turnAccess(input(null, humans(), 0, seated(0)))).toMatchObject({
      may: false,
      why: 'none',
      text: ONLINE_BLOCK_TEXT.notArrived,
    });
  });
});
