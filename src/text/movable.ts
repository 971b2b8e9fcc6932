/** Why this device may not do something now (store/movable.ts), in words. */
export const MOVABLE_TEXT = {
  /** Why its input does not count (turnAccess's `why`, when it says nothing itself). */
  refused: {
    none: 'No game is shown.',
    over: 'The game is over.',
    bot: 'A bot is to move.',
    online: 'Not your turn.',
    clocks: 'The clocks have counted the moves after this position.',
    review: 'This game is read-only.',
  },
  notInPlay: 'Not while the armies are placed.',
  noPass: 'No pass is legal now.',
  drawStanding: 'A draw offer stands.',
  drawDeclined: 'Your draw offer was declined: wait for another move.',
} as const;
