/**
 * The online parts of the HUD: each seat's presence in the player list (its clock is SeatClock,
 * shared with games on this device), and a line that says how this device takes part (its seat,
 * or watching) and how the connection is.
 */
import type { OnlineInfo } from '../online/onlineState';
import { onlineClient } from '../online/onlineRoom';
import { pageAddress, replayLink } from '../device/shareLink';
import { useGame } from '../store/store';
import { SHARE_TEXT } from '../text';
import { LinkField } from './LinkField';
import { connectionWords, InviteLink } from './Lobby';
import { Rematch } from './online/Rematch';
import { TableChat } from './online/TableChat';

/**
 * Who holds `seat` now: connected (another person), reconnecting, away, or a bot that took over;
 * this device's own seat is "you".
 */
export function SeatPresence({ seat }: { seat: number }) {
  const holder = useGame((s) => s.online?.seats[seat]);
  const mine = useGame((s) => s.online?.seat === seat);
  if (!holder) return null;
  const words =
    holder.botTaken && holder.holder === 'bot'
      ? `bot took the seat (level ${holder.level ?? 1})`
      : holder.presence === 'reconnecting'
        ? 'reconnecting…'
        : holder.presence === 'away'
          ? 'away'
          : holder.presence === 'connected' && !mine
            ? 'connected'
            : null;
  return (
    <>
      {mine && <small className="you-tag">you</small>}
      {words && (
        <small className={`presence ${holder.presence ?? 'bot'}`} data-testid={`presence-${seat}`}>
          {words}
        </small>
      )}
    </>
  );
}

function myRole(online: OnlineInfo): string {
  if (online.takenOver) return 'Watching: your seat is played in another tab';
  if (online.seat === null) return 'Watching';
  return `You play ${online.seats[online.seat]?.name ?? 'a seat'}`;
}

/** How this device takes part in the online game, the connection, and the invite link. */
export function OnlineBar() {
  const online = useGame((s) => s.online);
  if (!online) return null;
  const connection = connectionWords(online);
  return (
    <section className="online-bar" aria-label="Online game" data-testid="online-bar">
      <p>
        <strong data-testid="online-role">{myRole(online)}</strong>
        {connection && <span className="connection"> · {connection}</span>}
      </p>
      {online.takenOver && (
        <button type="button" onClick={() => void onlineClient.takeOverSeat()}>
          Play here instead
        </button>
      )}
      {online.replay ? (
        <LinkField
          id="online-replay-link"
          label={SHARE_TEXT.replayTitle}
          link={replayLink(pageAddress(), online.replay)}
          shareText={SHARE_TEXT.replayTitle}
          note={SHARE_TEXT.replayNote}
        />
      ) : (
        <details>
          <summary>Invite link</summary>
          <InviteLink link={online.invite} />
        </details>
      )}
      <button type="button" onClick={() => onlineClient.leaveRoom()}>
        Leave the online game
      </button>
      <Rematch />
      <TableChat />
    </section>
  );
}
