/** What a screen reader hears after the position shown changes (the HUD's live region). */
import { checks, type Game } from '../core';
import { captionsAt, listOf, namesOf, sentences } from './captions';
import { checkText, explainNames } from './check';
import { says, whom } from './grammar';
import { turnSentence } from './turn';

/**
 * The announcement after the record or the cursor changed: the action played (its text, when
 * one was), what it made happen, checks and mates, then who is to move, or the result.
 */
export function announcement(game: Game, view: Game, cursor: number, played?: string): string {
  const s = view.status();
  const name = namesOf(game);
  const parts: string[] = [];
  if (played) parts.push(`${played}.`);
  const events = played && cursor > 0 ? game.eventsOf(cursor) : [];
  const captions = played && cursor > 0 ? captionsAt(game, cursor) : [];
  if (captions.length) parts.push(sentences(captions));
  const names = explainNames(view);
  s.players.forEach((p, i) => {
    if (p.checkedOn.length && p.state === 'active')
      parts.push(
        `${says(p.name, 'is')} in check on ${listOf(p.checkedOn)}: ${checkText(checks(view.position, i), names)}.`,
      );
    if (p.state === 'mated' && !events.some((e) => e.type === 'checkmate'))
      parts.push(`${says(p.name, 'is')} checkmated by ${whom(name(p.matedBy))}.`);
  });
  if (s.phase === 'over' && s.result)
    parts.push(
      s.result.winner ? `Game over: ${says(name(s.result.winner), 'wins')}.` : 'Game over: a draw.',
    );
  else if (s.turn) parts.push(turnSentence(s, name));
  if (cursor < game.length) parts.push(`Viewing move ${cursor} of ${game.length}.`);
  return parts.join(' ');
}
