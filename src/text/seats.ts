/** Words for who plays the seats of an imported game. */
import type { SavedSeat } from '../core';
import { listOf } from './captions';

/** What the import notice says about the seats (`null`: the file does not say). */
export function seatsSaid(
  players: readonly { name: string }[],
  seats: readonly SavedSeat[] | null,
): string {
  if (!seats) return 'The file does not say who plays each seat: every seat is human.';
  const bots = players.flatMap((p, i) => {
    const seat = seats[i];
    return seat.kind === 'bot' ? [`${p.name} (level ${seat.level})`] : [];
  });
  return bots.length
    ? `Bots play ${listOf(bots)}; the other seats are human.`
    : 'Every seat is human.';
}
