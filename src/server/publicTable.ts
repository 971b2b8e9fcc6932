/**
 * The Colyseus room type of public tables (quick pairing, issue 49 item 1): a game room whose
 * matchmaking checks a pairing request before any table is looked for. The matchmaker then
 * seats the request at the oldest waiting table of its format (filtered on TABLE_FIELDS, sorted
 * by creation), on whichever process holds it, or opens one; room.ts keeps the table's seats.
 *
 * A request for an impossible format, too many requests from one address, or an address already
 * waiting at PAIRING.tablesPerAddress tables is refused here, to its sender only, before any
 * table sees it.
 */
import { ServerError, matchMaker, type AuthContext } from '@colyseus/core';
import { PUBLIC_ROOM_NAME, readName, readPairFormat, type ListedState } from '../net';
import { formatLockKey, lockFormat, type LockStore } from './pairingLock';
import { GameRoom, type RoomServices, type TableAuth } from './room';
import {
  joiningPlayer,
  preferredTable,
  type JoiningPlayer,
  type WaitingTable,
} from './roomPlayers';
import { waitingTables, type CountStore } from './table';
import { randomToken } from './tokens';

/**
 * The listing fields the matchmaker compares with a pairing request's; `tableId` (a table's room
 * id) only when quick pairing chose the table for a known player's rating (preferTable).
 */
export const TABLE_FIELDS = ['size', 'clock', 'rules'] as const;
export const MATCHED_FIELDS = [...TABLE_FIELDS, 'tableId'] as const;

const isPairing = (options: Record<string, unknown>) =>
  ['name', ...TABLE_FIELDS].some((field) => Object.hasOwn(options, field));

/**
 * Requests charged to their address's bucket already: the matchmaker asks again for the same
 * request when a table filled meanwhile, and that is not another request.
 */
const charged = new WeakSet<object>();

/** Why a pairing request is refused (thrown), or what its join carries. */
export async function admitPairing(
  services: RoomServices,
  options: Record<string, unknown>,
  context: AuthContext,
): Promise<TableAuth> {
  // The matchmaker asks again with the same request when a table filled: choose afresh.
  delete options.tableId;
  // The matchmaking request's address (the HTTP request it came in).
  const address = context.req ? services.addresses.of(context.req) : '';
  const player = await joiningPlayer(services, options);
  const auth: TableAuth = { address, player };
  if (!isPairing(options)) return auth; // a join by id (watching, or a seat's token)
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { identity, ...request } = options;
  const format = readPairFormat(request);
  if (!format.ok) throw new ServerError(4400, format.error.message);
  const name = readName(options.name);
  if (!name.ok) throw new ServerError(4400, name.error.message);
  if (!charged.has(options)) {
    charged.add(options);
    if (!services.addresses.mayPair(auth.address))
      throw new ServerError(4429, 'too many requests to play from one address: wait a moment');
  }
  const tables = services.caps.pairingTables;
  const presence = matchMaker.presence as unknown as CountStore & LockStore;
  if ((await waitingTables(presence, auth.address)) >= tables)
    throw new ServerError(
      4429,
      `this address waits at ${tables} ${tables === 1 ? 'table' : 'tables'} already, the most one address may: leave one before asking for another`,
    );
  // Released by the table once the seat is reserved (room.ts _reserveSeat).
  const lock = formatLockKey(format.value.clock, format.value.rules);
  const locked = await lockFormat(presence, lock, options);
  if (player) await preferTable(options, player, services.timers.now());
  return { ...auth, pairName: name.value, ...(locked && { pairingLock: lock }) };
}

/**
 * A known player's request is steered (its `tableId`) to the oldest waiting table of its format
 * within the rating band (roomPlayers.ts preferredTable); with none, to a new table (an id no
 * table has). A guest's request has no `tableId`: the oldest table of its format, as before.
 */
async function preferTable(
  options: Record<string, unknown>,
  player: JoiningPlayer,
  now: number,
): Promise<void> {
  const { size, clock, rules } = options;
  const rooms = (await matchMaker.query(
    {
      name: PUBLIC_ROOM_NAME,
      locked: false,
      private: false,
      clock,
      rules,
      ...(size ? { size } : {}),
    },
    { createdAt: 1 },
  )) as { roomId: string; size?: unknown; metadata?: { listed?: ListedState | null } }[];
  const tables: WaitingTable[] = rooms.flatMap((room) => {
    const listed = room.metadata?.listed;
    return listed?.state === 'waiting'
      ? [
          {
            roomId: room.roomId,
            size: Number(room.size),
            openedAt: listed.openedAt,
            ratings: listed.ratings,
          },
        ]
      : [];
  });
  options.tableId = preferredTable(tables, player, now) ?? randomToken();
}

/** The room class of public tables, with the process's services. */
export function publicTableRoom(services: RoomServices): typeof GameRoom {
  return class PublicTable extends GameRoom {
    protected override services = services;

    static override async onAuth(
      _token: string,
      options: Record<string, unknown>,
      context: AuthContext,
    ): Promise<TableAuth> {
      return admitPairing(services, options ?? {}, context);
    }
  };
}
