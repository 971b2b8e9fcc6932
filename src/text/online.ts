/**
 * What an online game tells the player: why a room could not be reached or its record not be
 * read, the server's notices, and why a click does nothing on this device.
 */
export const ONLINE_TEXT = {
  needsHuman: 'An online game needs at least one human seat.',
  notCreated: (why: string) => `The online game could not be created: ${why}. Your setup is kept.`,
  notOpened: (roomId: string, why: string) =>
    `The online game ${roomId} could not be opened: ${why}.`,
  noSeatHere: 'This browser holds no seat in this game.',
  seatNotTakenBack: (why: string) => `Your seat could not be taken back: ${why}.`,
  restarting: 'The game server is restarting; rejoining the game…',
  serverError: (message: string | undefined) =>
    `The online game reported an error: ${message ?? 'unknown'}`,
  recordUnread: (why: string) =>
    `The room's record cannot be read: ${why}. The game shown is kept.`,
  setupInvalid: (why: string) => `The room's setup is not valid here: ${why}`,
  actionInvalid: (index: number, text: string, why: string) =>
    `Action ${index + 1} of the room's record (${text}) does not play here: ${why}`,
  lost: 'The connection to the online game is lost. Reload the page to try again.',
} as const;

/** Why this device may not act, by the first reason that holds (see the store's onlineBlock). */
export const ONLINE_BLOCK_TEXT = {
  takenOver: 'Your seat is now played in another tab; this one only watches.',
  watching: 'You are watching this game; only the seated players move.',
  notStarted: 'The game starts when every seat is taken.',
  reconnecting: 'Not connected to the game: reconnecting…',
  paused: 'Saving failed, the game is paused: it goes on once the server can save it again.',
  notArrived: 'The game has not arrived yet.',
  earlier: 'You are looking at an earlier move: go to the latest to play.',
  over: 'The game is over.',
  turnOf: (name: string | undefined) => `It is ${name ?? 'another player'}'s turn.`,
} as const;
