/**
 * A seat's clock in the player list, for an online room's game and for a timed game on this
 * device alike: both give the clocks per seat (OnlineClock: time left, whose runs, since when).
 *
 * A running clock counts down without rendering anything else: a timer writes the text of its
 * own node about five times a second (React renders the clock only when the clocks change).
 */
import { useEffect, useMemo, useRef } from 'react';
import { clockLeft, clockText, LOW_TIME_MS } from '../online/onlineState';
import { seatClocks } from '../store/slices/clocks';
import { useGame } from '../store/store';

const TICK_MS = 200;

/** The clocks shown: the online room's, or this device's timed game's (null: no clocks). */
function useShownClocks() {
  const online = useGame((s) => s.online);
  const local = useGame((s) => s.localClocks);
  const game = useGame((s) => s.game);
  return useMemo(
    () => (online ? online.clock : local && game ? seatClocks(local, game) : null),
    [online, local, game],
  );
}

/** `seat`'s clock (setup index), counting down while it runs. */
export function SeatClock({ seat }: { seat: number }) {
  const clock = useShownClocks();
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
