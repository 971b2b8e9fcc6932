/** Why a game was drawn, in the words a player reads (the core names the reasons). */
import type { DrawReason } from '../core';

const WORDS: Record<DrawReason, string> = {
  none: 'no reason given',
  stalemate: 'stalemate',
  repetition: 'the same position three times',
  'fifty-move': 'fifty moves without a capture or a pawn move',
  material: 'no one can checkmate',
  'all-passed': 'every player passed',
  agreement: 'agreed',
  'timeout-material': 'time ran out, but the last player cannot checkmate',
};

export const drawReasonText = (reason: DrawReason | null): string =>
  reason ? WORDS[reason] : WORDS.none;
