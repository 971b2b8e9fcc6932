/**
 * A room's seats on their own (issue 46 item 5): tokens, grace periods, reconnection and a
 * player's return, on a manual clock, with no server.
 */
import { describe, expect, it } from 'vitest';
import { Seats } from '../../src/server/seats';
import { ManualTimers } from './manualTimers';

interface TestMember {
  seat: number | null;
  name: string;
}

function twoSeats(tokenHashes: (string | null)[] = [null, null]) {
  const timers = new ManualTimers();
  const graceOver: number[] = [];
  const seats = new Seats<TestMember>(tokenHashes, timers, (i) => graceOver.push(i));
  return { seats, timers, graceOver };
}

describe('Seats', () => {
  it('a claimed seat opens with its token only, and keeps only the token’s hash', () => {
    const { seats } = twoSeats();
    expect(seats.claimed(1)).toBe(false);
    const token = seats.claim(1);
    expect(seats.claimed(1)).toBe(true);
    expect(seats.indexOfToken(token)).toBe(1);
    expect(seats.indexOfToken(token + 'x')).toBe(-1);
    expect(seats.indexOfToken(null)).toBe(-1);
    expect(seats.tokenHashes()[1]).not.toBe(token);
    expect(seats.tokenHashes()[0]).toBeNull();
  });

  it('the same person in a newer tab takes the seat; the older tab watches', () => {
    const { seats } = twoSeats();
    const older: TestMember = { seat: null, name: 'older' };
    const newer: TestMember = { seat: null, name: 'newer' };
    expect(seats.take(0, older)).toBeNull();
    expect(seats.take(0, newer)).toBe(older);
    expect(older.seat).toBeNull();
    expect(newer.seat).toBe(0);
    expect(seats.leave(older)).toBeNull(); // it no longer held the seat
    expect(seats.leave(newer)).toBe(0);
  });

  it('R11.3: a lost connection has the grace period to come back; then the room is told', () => {
    const { seats, timers, graceOver } = twoSeats();
    seats.claim(0);
    const member: TestMember = { seat: null, name: 'Ada' };
    seats.take(0, member);
    expect(seats.connection(0, true)).toEqual({ connection: 'online', graceEndsAt: null });
    seats.leave(member);
    const cancelled: string[] = [];
    seats.awaitReconnection(0, (reason) => cancelled.push(reason.message));
    seats.startGrace(0, 30_000);
    expect(seats.connection(0, true)).toEqual({
      connection: 'reconnecting',
      graceEndsAt: timers.now() + 30_000,
    });
    timers.advance(29_999);
    expect(graceOver).toEqual([]);
    timers.advance(1);
    expect(graceOver).toEqual([0]);
    seats.endGrace(0);
    expect(cancelled).toEqual(['the grace period is over']);
    expect(seats.connection(0, true)).toEqual({ connection: 'away', graceEndsAt: null });
  });

  it('back by token within the grace period: no grace over, the lost connection is given up', () => {
    const { seats, timers, graceOver } = twoSeats();
    seats.claim(0);
    const lost: TestMember = { seat: null, name: 'lost' };
    seats.take(0, lost);
    seats.leave(lost);
    const cancelled: string[] = [];
    seats.awaitReconnection(0, (reason) => cancelled.push(reason.message));
    seats.startGrace(0, 30_000);
    seats.take(0, { seat: null, name: 'reloaded' });
    expect(cancelled).toEqual(['the seat was taken back']);
    timers.advance(60_000);
    expect(graceOver).toEqual([]);
  });

  it('R11.4: a person back while a bot holds the seat takes it once, and only connected', () => {
    const { seats } = twoSeats(['hash', null]);
    const member: TestMember = { seat: null, name: 'Ada' };
    seats.wantBack(0);
    expect(seats.takesBack(0)).toBe(false); // not connected
    seats.take(0, member);
    expect(seats.takesBack(0)).toBe(true);
    expect(seats.takesBack(0)).toBe(false);
  });
});
