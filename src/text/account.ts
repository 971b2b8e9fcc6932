/**
 * What the Account dialog and the setup screen say of the player's identity (issue #64 item 1):
 * a name kept on this server, ratings per table size, moving to another device, deleting.
 */
export interface RatingWords {
  pool: string;
  rating: number;
  games: number;
  provisional: boolean;
}

const poolWords = (pool: string) => `${pool} players`;

/** "1612", "1480?" with the provisional mark. */
const ratingNumber = (r: RatingWords) => `${r.rating}${r.provisional ? '?' : ''}`;

export const ACCOUNT_TEXT = {
  button: 'Account',
  title: 'Your player on this server',
  otherDevices: 'Other devices',
  close: 'Close',
  /** The setup screen's line. */
  youAre: (name: string, rating: RatingWords | null) =>
    rating
      ? `You are ${name}, rating ${ratingNumber(rating)} (${poolWords(rating.pool)}${rating.provisional ? ', provisional' : ''})`
      : `You are ${name}, not rated yet`,
  youAreName: (name: string) => `You are ${name}`,
  guestLine: 'You play online as a guest.',
  unusable:
    'You play online as a guest: the player identity on this device cannot be used (see Account).',
  guest:
    'You play online as a guest: nothing is kept. Make a player to keep your name and get a rating.',
  name: 'Name',
  ratings: 'Ratings',
  notRated:
    'Not rated yet: a rating comes with your first rated game (3 or more players, all known).',
  ratingRow: (r: RatingWords) =>
    `${poolWords(r.pool)}: ${ratingNumber(r)} after ${r.games} game${r.games === 1 ? '' : 's'}${r.provisional ? ' (provisional)' : ''}`,
  rename: 'Rename',
  newName: 'New name',
  renameNote: 'A player renames at most once a month; the old name is kept in the history.',
  create: 'Make my player',
  createAs: (name: string) => `Keep “${name}” as my player`,
  createNote:
    'Keeps your name on this server and gives you a rating. Nothing but the name is asked; this browser keeps a secret key.',
  chooseName:
    'Type your name as the first player above to keep it as your player on this server (a rating comes with it), or play as a guest.',
  guestInstead: 'Or play as a guest: nothing is kept.',
  passkeys: (n: number) =>
    n === 0 ? 'No passkey yet.' : `${n} passkey${n === 1 ? '' : 's'} open this player.`,
  addPasskey: 'Add a passkey',
  passkeyNote:
    'A passkey (this device, a phone or a security key) opens this player on another device.',
  transfer: 'Show a transfer code',
  transferNote: 'Type it on the other device within 10 minutes; it works once.',
  transferShown: (until: string) => `Transfer code (until ${until}): `,
  elsewhere: 'Use this device for an existing player',
  elsewhereNote: (current: string | null) =>
    current
      ? `This device is ${current} now: it becomes the other player (${current} stays on the server and on other devices).`
      : 'Your player from another device, by passkey or with a transfer code shown there.',
  withPasskey: 'Sign in with a passkey',
  code: 'Transfer code',
  useCode: 'Use the code',
  delete: 'Delete my player…',
  deleteConfirm: (name: string) =>
    `Delete ${name} for good? Your ratings and name go; your games stay, shown as “deleted player”. This cannot be undone.`,
  deleteYes: 'Delete for good',
  keep: 'Keep my player',
  forget: 'Forget it on this device',
  busy: 'Asking the server…',
};
