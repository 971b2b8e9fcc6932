/** Words about the clocks of a game on this device (R11.1–2). */
export const CLOCK_TEXT = {
  /** Why undo and redo are off in a timed game: taking a move back would take time back too. */
  noUndo: (what: string) => `${what} is off in a game with clocks.`,
  /** Playing from an earlier position would cut off moves the clocks have counted. */
  earlier: 'The clocks run: go to the latest move to play.',
  /** The setup screen's note under the clock choice. */
  localNote: 'Clocks run for bots too, while they think; undo is off in a game with clocks.',
} as const;
