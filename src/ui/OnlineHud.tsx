/**
 * The online parts of the HUD: each seat's clock and presence in the player list, and a line
 * that says how this device takes part (its seat, or watching) and how the connection is.
 *
 * A running clock counts down without rendering anything else: a timer writes the text of its
 * own node about five times a second (React renders the clock only when the room says something
 * new).
 */
import { useEffect, useRef } from 'react';
import { clockLeft, clockText, LOW_TIME_MS, type OnlineInfo } from '../store/onlineState';
import { leaveRoom, takeOverSeat } from '../store/onlineRoom';
import { useGame } from '../store/store';
import { connectionWords, InviteLink } from './Lobby';

const TICK_MS = 200;

/** `seat`'s clock (setup index), counting down while it runs. */
export function SeatClock({ seat }: { seat: number }) {
  const clock = useGame((s) => s.online?.clock ?? null);
  const node = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const el = node.current;
    if (!el || !clock) return;
    const draw = () => {
      const left = clockLeft(clock, seat, performance.now());
      el.textContent = clockText(left);
      el.classList.toggle('low', left < LOW_TIME_MS);
      el.classList.toggle('out', left <= 0);
    };
    draw();
    if (clock.running !== seat) return;
    const timer = setInterval(draw, TICK_MS);
    return () => clearInterval(timer);
  }, [clock, seat]);
  if (!clock) return null;
  return (
    <span
      ref={node}
      className={`clock${clock.running === seat ? ' running' : ''}`}
      data-testid={`clock-${seat}`}
      role="timer"
      aria-label="Time left"
    />
  );
}

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
        <button type="button" onClick={() => void takeOverSeat()}>
          Play here instead
        </button>
      )}
      <details>
        <summary>Invite link</summary>
        <InviteLink link={online.invite} />
      </details>
      <button type="button" onClick={() => leaveRoom()}>
        Leave the online game
      </button>
    </section>
  );
}
