/**
 * What quick pairing ("Play online now", issue 49 item 1) tells the player: the choices of a
 * format, the wait at a table, starting with bots after it, and why pairing failed.
 */
/** Seconds as "0:42" or "3:05". */
const minutes = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export const PAIRING_TEXT = {
  title: 'Play online now',
  intro:
    'Sit at a table with people waiting for the same kind of game, or open one that others join.',
  size: 'Players at the table',
  anySize: 'any number',
  players: (n: number) => `${n} players`,
  clock: 'Clocks at the table',
  /** A pairing clock ("none", or minutes+seconds as "10+5") in words. */
  clockWords: (clock: string) => {
    if (clock === 'none') return 'no clocks';
    const [m, s] = clock.split('+');
    return `${m} minutes each, +${s} s a turn`;
  },
  rules: 'Optional rules (none ticked: standard)',
  ruleAtTable: (rule: string) => `${rule} at the table`,
  /** The house rule Quiet shifts (R9.7) at a table of the size chosen (null: any size). */
  quietAtTable: (on: boolean | null) =>
    on === null
      ? 'Quiet shifts (house rule) comes with the table: on from four players, off at three.'
      : on
        ? 'With Quiet shifts (house rule), as every new game of four or more players.'
        : 'Without Quiet shifts (house rule), as every new game of three players.',
  button: 'Play online now',
  busy: 'Finding a table…',
  notPaired: (why: string) => `No table could be found: ${why}.`,

  waitTitle: 'Waiting for players',
  format: (size: number, clock: string, rules: string) => `${size} players · ${clock} · ${rules}`,
  standard: 'standard rules',
  open: 'open',
  you: 'you',
  seatedFor: (ms: number) => `waiting ${minutes(ms)}`,
  waitingFor: (n: number) =>
    `Waiting for ${n} more player${n === 1 ? '' : 's'}; the game starts when every seat is taken.`,
  botsIn: (ms: number, total: number) =>
    `If the table is not full after ${total / 1000} s, the players seated may start with bots in the empty seats (in ${minutes(ms)}).`,
  botsNow:
    'The table has waited long enough: you may start with bots in the empty seats. It starts once everyone seated has chosen, with the lowest level chosen.',
  botLevel: 'Bot level for the empty seats',
  startWithBots: 'Start with bots',
  chose: (name: string, level: number) => `${name} chose bots of level ${level}`,
  yetToChoose: (names: string[]) => `Still to choose: ${names.join(', ')}`,
  leave: 'Leave the table',
} as const;
