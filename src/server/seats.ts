/**
 * A room's seats (issue 46 item 5), with no connection library in it: who holds each seat
 * (setup order), the seat tokens (only their hashes are kept), the grace period after a
 * player's connection is lost (R11.3), the reconnection waited for meanwhile, and a player
 * back while a bot holds their seat (it is theirs again on their turn, R11.4).
 */
import type { SeatStatus } from '../net';
import type { Timers } from './timers';
import { hashToken, randomToken, tokenMatches } from './tokens';

/** A connection that may hold a seat. */
export interface SeatMember {
  seat: number | null;
}

interface Seat<M> {
  tokenHash: string | null;
  member: M | null;
  graceTimer: unknown;
  graceEndsAt: number | null;
  /** Gives up waiting for the lost connection's return (Colyseus' reconnection), or null. */
  cancelReconnection: ((reason: Error) => void) | null;
  /** The person came back while a bot held the seat: it is theirs again on their turn. */
  wantsBack: boolean;
}

export class Seats<M extends SeatMember> {
  private readonly seats: Seat<M>[];

  /** `graceOver(i)` is called when seat i's grace period runs out. */
  constructor(
    tokenHashes: readonly (string | null)[],
    private readonly timers: Timers,
    private readonly graceOver: (seat: number) => void,
  ) {
    this.seats = tokenHashes.map((tokenHash) => ({
      tokenHash,
      member: null,
      graceTimer: null,
      graceEndsAt: null,
      cancelReconnection: null,
      wantsBack: false,
    }));
  }

  get count(): number {
    return this.seats.length;
  }

  /** The seats' token hashes (null: not claimed), as stored with the record. */
  tokenHashes(): (string | null)[] {
    return this.seats.map((s) => s.tokenHash);
  }

  /** The seat a token opens, or -1. */
  indexOfToken(token: string | null): number {
    return token === null ? -1 : this.seats.findIndex((s) => tokenMatches(token, s.tokenHash));
  }

  claimed(i: number): boolean {
    return Boolean(this.seats[i].tokenHash);
  }

  /** Seat i is claimed: the token that opens it from now on (only its hash is kept). */
  claim(i: number): string {
    const token = randomToken();
    this.seats[i].tokenHash = hashToken(token);
    return token;
  }

  /** Nobody holds seat i any more (before the game, after its grace period): it is open. */
  reopen(i: number): void {
    this.seats[i].tokenHash = null;
  }

  /**
   * `member` holds seat i now (a claim, a token, a reconnection): the grace period ends, and a
   * reconnection still waited for will not come. The member it displaced (the same person in
   * an older tab, who now watches), or null.
   */
  take(i: number, member: M): M | null {
    const seat = this.seats[i];
    const displaced = seat.member && seat.member !== member ? seat.member : null;
    if (displaced) displaced.seat = null;
    seat.member = member;
    member.seat = i;
    this.stopGrace(seat);
    // Back by token (a reload): the lost connection will not be resumed.
    this.giveUpReconnection(seat, 'the seat was taken back');
    return displaced;
  }

  /** `member`'s connection is gone: the seat it held (and now leaves), or null. */
  leave(member: M): number | null {
    if (member.seat === null) return null;
    const seat = this.seats[member.seat];
    if (seat.member !== member) return null;
    seat.member = null;
    return member.seat;
  }

  /**
   * Seat i waits for its lost connection to come back, at most until the grace period ends;
   * `cancel` gives up waiting.
   */
  awaitReconnection(i: number, cancel: (reason: Error) => void): void {
    this.seats[i].cancelReconnection = cancel;
  }

  /** Seat i's lost connection came back (it takes the seat next). */
  reconnected(i: number): void {
    this.seats[i].cancelReconnection = null;
  }

  /** R11.3: seat i's grace period starts (again), ending in ms. */
  startGrace(i: number, ms: number): void {
    const seat = this.seats[i];
    this.timers.clearTimeout(seat.graceTimer);
    seat.graceEndsAt = this.timers.now() + ms;
    seat.graceTimer = this.timers.setTimeout(() => this.graceOver(i), ms);
  }

  /** Seat i's grace period is over: nobody comes back to it by reconnection. */
  endGrace(i: number): void {
    const seat = this.seats[i];
    this.stopGrace(seat);
    seat.wantsBack = false;
    this.giveUpReconnection(seat, 'the grace period is over');
  }

  /** Seat i's person is back while a bot holds the seat. */
  wantBack(i: number): void {
    this.seats[i].wantsBack = true;
  }

  /** Whether seat i's person, back and connected, takes the seat from its bot now (once). */
  takesBack(i: number): boolean {
    const seat = this.seats[i];
    if (!seat.wantsBack || !seat.member) return false;
    seat.wantsBack = false;
    return true;
  }

  /** Seat i's connection as others see it; `person`: a person holds it (not open, no bot). */
  connection(i: number, person: boolean): Pick<SeatStatus, 'connection' | 'graceEndsAt'> {
    const seat = this.seats[i];
    return {
      connection:
        !seat.tokenHash || (!person && !seat.member && !seat.graceTimer)
          ? null
          : seat.member
            ? 'online'
            : seat.graceTimer
              ? 'reconnecting'
              : 'away',
      graceEndsAt: seat.graceEndsAt,
    };
  }

  /** No more grace periods (the room closes). */
  halt(): void {
    for (const seat of this.seats) this.timers.clearTimeout(seat.graceTimer);
  }

  private giveUpReconnection(seat: Seat<M>, why: string): void {
    seat.cancelReconnection?.(new Error(why));
    seat.cancelReconnection = null;
  }

  private stopGrace(seat: Seat<M>): void {
    this.timers.clearTimeout(seat.graceTimer);
    seat.graceTimer = null;
    seat.graceEndsAt = null;
  }
}
