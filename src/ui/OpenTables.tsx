/**
 * The list of open tables and live games (issue 49 item 2) on the online setup screen: the
 * public tables waiting for players (format, seats taken, waiting time; "Join" seats this page at
 * that table) and the public games in play (format, players, move; "Watch" joins as a
 * spectator), asked of the server again every LISTING.pollMs while shown.
 */
import { useEffect, useState } from 'react';
import {
  LISTING,
  fetchOpenTables,
  onlineClient,
  tableOptions,
  useRoomBusy,
  type OpenTables as List,
} from '../online/onlineRoom';
import { LISTING_TEXT as T, PAIRING_TEXT, tableFormatWords } from '../text';

const words = (t: { size: number; clock: string; rules: string }) =>
  tableFormatWords(t.size, t.clock, tableOptions(t));

/** The list as last read (null before the first answer), or why it could not be read. */
function useOpenTables(): { list: List | null; error: string | null } {
  const [state, setState] = useState<{ list: List | null; error: string | null }>({
    list: null,
    error: null,
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown = true;
    const read = () =>
      fetchOpenTables()
        .then(
          (list) => shown && setState({ list, error: null }),
          (e: Error) => shown && setState((s) => ({ ...s, error: e.message })),
        )
        .finally(() => {
          if (shown) timer = setTimeout(read, LISTING.pollMs);
        });
    void read();
    return () => {
      shown = false;
      clearTimeout(timer);
    };
  }, []);
  return state;
}

export function OpenTables({ name }: { name: string }) {
  const { list, error } = useOpenTables();
  const busy = useRoomBusy();
  return (
    <fieldset className="open-tables" data-testid="open-tables">
      <legend>{T.title}</legend>
      {error && <p className="note">{T.notRead(error)}</p>}
      <h3>{T.waitingTitle}</h3>
      {list && list.waiting.length === 0 && <p className="note">{T.noneWaiting}</p>}
      <ul aria-label={T.waitingTitle}>
        {list?.waiting.map((table) => (
          <li key={table.roomId} className="row" data-testid="open-table">
            <span>{words(table)}</span>
            <small>
              {T.seated(table.seated, table.size)}
              {T.ratings(table.ratings ?? [])} · {PAIRING_TEXT.seatedFor(table.waitingMs)}
            </small>
            <button
              type="button"
              disabled={busy}
              aria-label={T.joinLabel(words(table))}
              onClick={() => void onlineClient.joinTable(table, name)}
            >
              {T.join}
            </button>
          </li>
        ))}
      </ul>
      <h3>{T.playingTitle}</h3>
      {list && list.playing.length === 0 && <p className="note">{T.nonePlaying}</p>}
      <ul aria-label={T.playingTitle}>
        {list?.playing.map((game) => (
          <li key={game.roomId} className="row" data-testid="live-game">
            <span>{words(game)}</span>
            <small>
              {game.players.map((p, i) => T.player(p, game.ratings?.[i])).join(', ')} ·{' '}
              {T.move(game.move)}
            </small>
            <button
              type="button"
              disabled={busy}
              aria-label={T.watchLabel(game.players)}
              onClick={() => void onlineClient.watchGame(game.roomId)}
            >
              {T.watch}
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
