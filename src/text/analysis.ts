/** The analysis board's words (issue 47 item 3): its buttons, banner, and the bots' judgement. */
import { MATE_BOUND } from '../ai/search';

export const ANALYSIS_TEXT = {
  analyse: 'Analyse',
  analyseTitle: 'Try moves for any player from the position shown; the game is not changed',
  banner: 'Analysis — not part of the game',
  back: 'Back to game',
  playFromHere: 'Play from here',
  playFromHereTitle:
    'A new game from this position: you take the player to move, bots the others (the game is kept in the browser as it was)',
  overNoPlay: 'The game is over in this position: there is nothing to play from here.',
  moves: 'Moves tried',
  noMoves: 'Move any player on the boards: each move goes into this list, never into the game.',
  start: 'Start',
  deleteLine: 'Delete this line',
  promoteLine: 'Make main line',
  bestLine: "The bots' best line",
  playLineTitle: 'Play the line up to this move on the analysis board',
  thinking: 'The bots are looking for the best line…',
  noLine: (why: string) => `No best line here: ${why}.`,
  seats: 'Seats',
  seatHuman: 'you',
  seatBot: (level: number) => `bot ${level}`,
} as const;

/** A score (centipawns, for the player) in pawns with its sign, or a forced result. */
export function scoreNumber(score: number): string {
  if (score >= MATE_BOUND) return '+mate';
  if (score <= -MATE_BOUND) return '-mate';
  const pawns = (score / 100).toFixed(2);
  return score > 0 ? `+${pawns}` : score === 0 ? '0.00' : pawns;
}

/** What a score means for the player, in words. */
export function scoreWords(score: number): string {
  if (score >= MATE_BOUND) return 'wins by force';
  if (score <= -MATE_BOUND) return 'loses by force';
  if (score >= 300) return 'winning';
  if (score >= 100) return 'better';
  if (score >= 30) return 'slightly better';
  if (score > -30) return 'about even';
  if (score > -100) return 'slightly worse';
  if (score > -300) return 'worse';
  return 'losing';
}

/** One player's judgement: "Sky: +1.25, better". */
export const playerJudgement = (name: string, score: number): string =>
  `${name}: ${scoreNumber(score)}, ${scoreWords(score)}`;
