/**
 * A public table's wait (issue 49 item 1), with no connection library in it: its format, when it
 * opened and when each person sat down, and the bot levels they chose to start with bots once
 * the table has waited PAIRING.botsAfterMs. The game starts with bots when every seated person
 * has chosen; the bots get the lowest level chosen (nobody gets a stronger bot than they asked
 * for).
 */
import { DEFAULT_COLOURS, type BotLevel } from '../core';
import {
  DEFAULT_GRACE_MS,
  PAIRING,
  tableOptions,
  timeControlOf,
  type ErrorMessage,
  type PairingStatus,
  type RoomSetup,
  type TableFormat,
} from '../net';

/** The room setup of a new table of `format`: every seat open, armies placed for the players. */
export function tableSetup(format: TableFormat): RoomSetup {
  return {
    players: Array.from({ length: format.size }, (_, i) => ({
      name: `Seat ${i + 1}`,
      colour: DEFAULT_COLOURS[i],
    })),
    seats: Array.from({ length: format.size }, () => ({ kind: 'open' as const })),
    options: tableOptions(format),
    placement: 'balanced',
    timeControl: timeControlOf(format.clock),
    graceMs: DEFAULT_GRACE_MS,
    afterGrace: { kind: 'bot', level: 2 },
  };
}

export class Table {
  private readonly seatedAt: (number | null)[];
  private readonly votes: (BotLevel | null)[];
  /** The address each seat's person paired from (counted in waitingTables), or null. */
  private readonly addresses: (string | null)[];

  constructor(
    readonly format: TableFormat,
    readonly openedAt: number,
  ) {
    this.seatedAt = Array.from({ length: format.size }, () => null);
    this.votes = Array.from({ length: format.size }, () => null);
    this.addresses = Array.from({ length: format.size }, () => null);
  }

  get botsFrom(): number {
    return this.openedAt + PAIRING.botsAfterMs;
  }

  /** A person paired from `address` sat down at seat i at `now`. */
  sit(i: number, address: string, now: number): void {
    this.seatedAt[i] = now;
    this.addresses[i] = address;
  }

  /** Seat i's person left before the start: the address they paired from, or null. */
  rise(i: number): string | null {
    const address = this.addresses[i];
    this.seatedAt[i] = null;
    this.votes[i] = null;
    this.addresses[i] = null;
    return address;
  }

  /** Every address still counted as waiting here (the table starts or closes). */
  riseAll(): string[] {
    return this.seatedAt.map((_, i) => this.rise(i)).filter((a): a is string => a !== null);
  }

  /** Seat i's person chose `level` at `now`; the refusal when it is too early. */
  vote(i: number, level: BotLevel, now: number): ErrorMessage | null {
    if (now < this.botsFrom)
      return {
        code: 'not-waiting',
        message: `bots may fill the table after ${PAIRING.botsAfterMs / 1000} s of waiting`,
      };
    this.votes[i] = level;
    return null;
  }

  /** The bots' level once every seated person chose one (the lowest chosen), else null. */
  agreed(): BotLevel | null {
    const seated = this.votes.filter((_, i) => this.seatedAt[i] !== null);
    if (!seated.length || seated.some((v) => v === null)) return null;
    return Math.min(...(seated as BotLevel[])) as BotLevel;
  }

  status(): PairingStatus {
    return {
      openedAt: this.openedAt,
      botsFrom: this.botsFrom,
      seatedAt: [...this.seatedAt],
      votes: [...this.votes],
    };
  }
}

/**
 * How many waiting public tables one address sits at, kept in the presence (Redis with several
 * processes) so that every process counts the same: a hash per address, one field per table.
 * An hour after its last change a hash expires (a process that died leaves no count forever).
 */
export interface CountStore {
  hgetall(key: string): Promise<Record<string, string> | null | undefined>;
  hincrby(key: string, field: string, value: number): Promise<number>;
  hdel(key: string, field: string): Promise<unknown>;
  expire(key: string, seconds: number): unknown;
}

const waitingKey = (address: string) => `ndchess:waiting:${address}`;

export async function waitingTables(store: CountStore, address: string): Promise<number> {
  const all = (await store.hgetall(waitingKey(address))) ?? {};
  return Object.values(all).filter((n) => Number(n) > 0).length;
}

/** One more (by 1) or one fewer (by -1) person from `address` waits at table `roomId`. */
export async function countWaiting(
  store: CountStore,
  address: string,
  roomId: string,
  by: 1 | -1,
): Promise<void> {
  const key = waitingKey(address);
  const n = await store.hincrby(key, roomId, by);
  if (n <= 0) await store.hdel(key, roomId);
  else await store.expire(key, 3600);
}
