/**
 * What sharing a game by link says (issue #47 item 4): the Share dialog, why a link cannot be
 * made, and what is wrong with a link that cannot be opened (the game shown stays).
 */
export const SHARE_TEXT = {
  button: 'Share',
  title: 'Share this game',
  linkNote: 'Anyone who opens this link sees this game, move by move.',
  making: 'Making the link…',
  close: 'Close',
  replayTitle: 'Permanent replay link',
  replayNote: 'Kept by the game server; anyone with the link can watch the game again.',
  noGame: 'There is no game to share.',
  fromPosition: 'A game set up from a position has no record to share.',
  tooLong: (length: number, max: number) =>
    `This game is too long to share by link (${length.toLocaleString('en')} characters; links ` +
    `stay under ${max.toLocaleString('en')}). Export it instead and send the file.`,
  export: 'Export the game as a file',
  readOnly: 'This game was opened from a link: browse its moves; it cannot be played on.',
  opened: (actions: number, seats: string) =>
    `Opened a shared game of ${actions} actions (review only). ${seats}`,
  notOpened: (why: string) => `The shared link could not be opened: ${why}. Your game is kept.`,
  notOnline: 'A shared link cannot be opened during an online game.',
  // What is wrong with a link, for notOpened.
  badBase64: (at: number) =>
    `the link is damaged: character ${at + 1} of its record is not base64url (A–Z, a–z, 0–9, - and _)`,
  badLength: 'the link is damaged: its record stops in the middle of a character',
  badCompression: (why: string) => `the link is damaged: its record does not decompress (${why})`,
  tooBig: (max: number) => `the link's record is larger than ${max.toLocaleString('en')} bytes`,
  badRecord: (why: string) => `its record does not read: ${why}`,
  empty: 'the link holds no record',
  badReplayId: 'the replay link is damaged: its id is not 22 characters of base64url',
  replayMissing: 'the server has no replay under this link',
  replayUnreachable: (why: string) => `the game server could not be reached (${why})`,
} as const;
