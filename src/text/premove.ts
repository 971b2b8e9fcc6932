/** Premove (issue #45 item 4) in words. */
export const PREMOVE_TEXT = {
  /** The queued move was not legal when the turn came. */
  dropped: 'Your premove was no longer legal and was dropped. Your move.',
} as const;
