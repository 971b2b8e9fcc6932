/** Premove (issue #45 item 4) in words. */
export const PREMOVE_TEXT = {
  /** The queued move was not legal when the turn came. */
  dropped: 'Your premove was no longer legal and was dropped. Your move.',
  /** The piece selected for a premove was taken before its move was chosen. */
  taken: (square: string) => `Your piece on ${square} was taken: premove another.`,
} as const;
