/** The Review button (the end dialog, the controls), apart from the panel's words (review.ts). */
export const REVIEW_BUTTON = {
  label: 'Review',
  title: 'The bots go over every move of the game: evaluation, mistakes, who dominated where',
} as const;
