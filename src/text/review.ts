/**
 * The game review (issue #47) in words: its panel, chart and summary, loaded with the panel (the
 * button's words are in reviewButton.ts, in the first chunk).
 */
import { listOf } from './captions';

/** Centipawns as pawns with two decimals ("0.45"). */
const pawns = (cp: number): string => (cp / 100).toFixed(2);

/** The review panel's words (loaded with the panel). */
export const REVIEW_TEXT = {
  title: 'Game review',
  close: 'Close',
  cancel: 'Cancel',
  again: 'Review again',
  progressLabel: 'Review progress',
  progress: (done: number, total: number) => `Reviewing: action ${done} of ${total}`,
  cancelled: 'The review was cancelled.',
  failed: (why: string) => `The review failed: ${why}.`,
  chartLabel: 'Evaluation over the game, one line per player: click to go to that move',
  chartNote:
    'Each line is a player’s evaluation by the bots after each of their moves (in pawns, capped at ±10).',
  summaryLabel: 'Summary per player',
  columns: {
    player: 'Player',
    averageLoss: 'Average loss',
    averageLossTitle: 'Pawns given away per move against the bots’ best move (each capped at 10)',
    captures: 'Captures made / suffered',
    dominated: 'Boards dominated',
  },
  averageLoss: (cp: number, judged: number) => (judged ? pawns(cp) : '—'),
  captures: (made: number, suffered: number) => `${made} / ${suffered}`,
  dominated: (boards: string[]) => (boards.length ? listOf(boards) : 'none'),
  dominatedNote:
    'A player dominated a board where they held more material than their opponent there for most of the game.',
} as const;
