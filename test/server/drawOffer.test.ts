/**
 * Issue #48 item 2: a draw by agreement (R7.2, R8.2) needs every remaining player. The player to
 * move cannot end the game with a `draw` action; the room draws the game only once an offer is
 * accepted by all, a decline ends the offer, and the offer lapses when the position changes.
 */
import { describe, expect, it } from 'vitest';
import { PLACEMENT, PLAY } from '../../src/core';
import { LIMITS, MSG, type DrawAnswer, type DrawOfferStatus } from '../../src/net';
import { connect, roomSetup, type Player, type TestWorld, eachWorld } from './helpers';

let world: TestWorld;
eachWorld((w) => (world = w));

/** A started three-player room in play (every piece placed), seats 0, 1, 2. */
async function threePlayerRoom(): Promise<{ id: string; seats: Player[] }> {
  const first = await connect(world, { create: roomSetup({}, 3) });
  const id = first.room.roomId;
  await first.claim(0, 'Ada');
  const seats = [first];
  for (const [seat, name] of [
    [1, 'Bo'],
    [2, 'Cy'],
  ] as const) {
    const p = await connect(world, { join: id });
    await p.claim(seat, name);
    seats.push(p);
  }
  for (const p of seats) await p.until(() => p.last('room')?.started === true, 'the start');
  while (first.game!.position.phase === PLACEMENT) {
    const [mover] = inTurnOrder(seats);
    expect(await mover.act(mover.legal())).toBeNull();
    const length = mover.game!.length;
    for (const p of seats) await p.until(() => p.game!.length === length, 'the placement');
  }
  world.timers.advance(LIMITS.burst * 1000); // the placements' messages are forgiven
  expect(first.game!.position.phase).toBe(PLAY);
  return { id, seats };
}

/** The seats' clients in turn order: the mover first. */
function inTurnOrder(seats: Player[]): Player[] {
  const game = seats[0].game!;
  const n = game.players.length;
  return game.players.map((_, k) => seats[game.players[(game.position.turn + k) % n].setupIndex]);
}

const seatOf = (p: Player): number => p.last('seated').seat;

function send(p: Player, answer: DrawAnswer, ply = p.game!.length): void {
  p.room.send(MSG.draw, { answer, ply });
}

/** Send a draw message that must be taken: wait until everyone's status shows `expected`. */
async function answered(
  p: Player,
  answer: DrawAnswer,
  all: Player[],
  expected: (offer: DrawOfferStatus | null) => boolean,
): Promise<void> {
  const errors = p.inbox.error.length;
  send(p, answer);
  for (const q of all) await q.until(() => expected(q.last('room').drawOffer), `the ${answer}`);
  expect(p.inbox.error.length).toBe(errors);
}

describe('draw offers (issue #48 item 2)', () => {
  it('R8.2: the player to move cannot end a three-player game as a draw alone', async () => {
    const { seats } = await threePlayerRoom();
    const [mover, ...others] = inTurnOrder(seats);
    expect(mover.game!.position.phase).toBe(PLAY);
    const error = await mover.refused('draw');
    expect(error.code).toBe('draw-offer');
    expect(error.message).toMatch(/agreement of every remaining player/);
    for (const p of others) expect(p.game!.length).toBe(mover.game!.length);
    // An offer alone draws nothing either.
    await answered(mover, 'offer', seats, (o) => o?.by === seatOf(mover));
    expect(mover.last('room').drawOffer).toEqual({
      by: seatOf(mover),
      accepted: [seatOf(mover)],
      waitingFor: others.map(seatOf),
      declinedBy: null,
      botAnswers: [],
    });
    expect(mover.game!.position.phase).toBe(PLAY);
  });

  it('R8.2: the game is drawn once every remaining player has accepted the offer', async () => {
    const { id, seats } = await threePlayerRoom();
    const [a, b, c] = inTurnOrder(seats);
    const length = a.game!.length;
    await answered(b, 'offer', seats, (o) => o?.by === seatOf(b)); // not the mover: anyone may
    await answered(c, 'accept', seats, (o) => o?.accepted.length === 2);
    expect(a.last('room').drawOffer!.waitingFor).toEqual([seatOf(a)]);
    expect(c.game!.length).toBe(length);
    send(a, 'accept');
    for (const p of seats) {
      await p.until(() => p.game!.length === length + 1, 'the agreed draw');
      expect(p.game!.actions.at(-1)).toBe('draw');
      expect(p.game!.status().result).toMatchObject({ winner: null });
    }
    await world.room(id).settled();
    // Over: no more offers.
    expect((await a.errorAfter(() => send(a, 'offer'))).code).toBe('game-over');
  });

  it('R8.2: a decline ends the offer, and its offerer may offer again only after the next action', async () => {
    const { seats } = await threePlayerRoom();
    const [a, b, c] = inTurnOrder(seats);
    await answered(a, 'offer', seats, (o) => o?.by === seatOf(a));
    await answered(b, 'decline', seats, (o) => o?.declinedBy === seatOf(b));
    expect(a.last('room').drawOffer!.waitingFor).toEqual([]);
    expect((await c.errorAfter(() => send(c, 'accept'))).code).toBe('draw-offer');
    expect((await a.errorAfter(() => send(a, 'offer'))).message).toMatch(/after the next move/);
    expect(await a.act(a.legal())).toBeNull();
    for (const p of seats) await p.until(() => p.last('room').drawOffer === null, 'no offer');
    await answered(b, 'offer', seats, (o) => o?.by === seatOf(b));
  });

  it('R8.2: an offer lapses when the position changes (an action is played instead of answering)', async () => {
    const { seats } = await threePlayerRoom();
    const [a, b, c] = inTurnOrder(seats);
    await answered(c, 'offer', seats, (o) => o?.by === seatOf(c));
    await answered(b, 'accept', seats, (o) => o?.accepted.length === 2);
    expect(await a.act(a.legal())).toBeNull();
    for (const p of seats) await p.until(() => p.last('room').drawOffer === null, 'the lapse');
    // Accepting the old offer now is stale; accepting on the new position finds no offer.
    expect((await a.errorAfter(() => send(a, 'accept', a.game!.length - 1))).code).toBe('stale');
    expect((await a.errorAfter(() => send(a, 'accept'))).code).toBe('draw-offer');
    expect(a.game!.position.phase).toBe(PLAY);
  });

  it('draw messages are checked like actions: malformed, from a spectator, stale', async () => {
    const { id, seats } = await threePlayerRoom();
    const [a] = inTurnOrder(seats);
    const malformed = await a.errorAfter(() => a.room.send(MSG.draw, { answer: 'maybe', ply: 0 }));
    expect(malformed.code).toBe('malformed');
    expect((await a.errorAfter(() => a.room.send(MSG.draw, 'offer'))).code).toBe('malformed');
    expect((await a.errorAfter(() => send(a, 'offer', 99))).code).toBe('stale');
    const watcher = await connect(world, { join: id });
    expect((await watcher.errorAfter(() => send(watcher, 'offer'))).code).toBe('spectator');
    for (const p of seats) expect(p.last('room').drawOffer).toBeNull();
  });
});
