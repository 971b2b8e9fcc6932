/** Turn wording: what the player to move is doing, for the player list, banner and announcements. */
import { checks, type Game, type GameStatus, type TurnKind } from '../core';
import { listOf, namesOf } from './captions';
import { checkText, explainNames } from './check';
import { drawReasonText } from './draw';
import { says, theirs, verbOf, whom, whose } from './grammar';

/** What the player to move is doing, as the player list says it ("to place", "to flee"). */
export function turnWord(kind: TurnKind | null): string {
  switch (kind) {
    case 'place':
      return 'to place';
    case 'flight':
      return 'to flee';
    case 'final-move':
      return 'final move';
    case 'forced-capture':
      return 'to capture';
    case 'pass':
      return 'to pass';
    default:
      return 'to move';
  }
}

/** Who is to move and how, as a sentence ("Ada to move: 2 boards still due this turn (AB and AC)."). */
export function turnSentence(s: GameStatus, name: (label: string | null) => string): string {
  const who = name(s.turn);
  switch (s.kind) {
    case 'flight':
      return `${whose(who, true)} king must flee — choose where.`;
    case 'place':
      return `${who} to place.`;
    case 'final-move':
      return `${who} to make a final move.`;
    case 'forced-capture':
      return `${who} to capture the mated king.`;
    case 'pass':
      return `${who} to pass.`;
  }
  if (s.due?.length)
    return `${who} to move: ${s.due.length} ${s.due.length === 1 ? 'board' : 'boards'} still due this turn (${listOf(s.due)}).`;
  return `${who} to move.`;
}

/**
 * Hyperspace (R9.1): what remains of the turn. Before its first move the player may move on
 * each due board or make one king move instead; after it only the boards still due are left.
 */
export function dueText(due: readonly string[], begun: boolean): string {
  if (!due.length) return '';
  const boards = `Still due this turn: ${listOf(due)}`;
  return begun ? `${boards}.` : `${boards} (or one king move for the whole turn).`;
}

/** Why a selected king may not move in a Hyperspace turn under way (R9.1). */
export function kingHeldText(due: readonly string[]): string {
  const rest = due.length ? ` Still due: ${listOf(due)}.` : '';
  return `Your king cannot move now: with Hyperspace a king move is a whole turn, and this turn has begun with another move.${rest}`;
}

/** The banner over the HUD: what is happening now, with the checkmate flow spelled out. */
export function bannerText(view: Game, botToMove: boolean): string {
  const status = view.status();
  const name = namesOf(view);
  const mated = status.players.find((p) => p.state === 'mated');
  if (status.phase === 'over' && status.result)
    return status.result.winner
      ? `${says(name(status.result.winner), 'wins')}.`
      : `Drawn: ${drawReasonText(status.result.drawReason)}.`;
  if (status.kind === 'place' && botToMove)
    return `${name(status.turn)} (a bot) places a piece on one of their boards.`;
  if (status.kind === 'place')
    return (
      `${name(status.turn)}: pick a piece from the tray, then click one of your boards.` +
      (view.options.cowardly ? ' Your king goes on one board only, like any piece.' : '')
    );
  const checkers = checkText(checks(view.position, view.position.turn), explainNames(view));
  if (status.kind === 'final-move' && mated)
    return `${says(mated.name, 'is')} checkmated by ${whom(name(mated.matedBy))} and ${verbOf(mated.name, 'makes')} one final move (${theirs(mated.name)} king's safety no longer counts).${checkers ? ` ${checkers}.` : ''}`;
  if (status.kind === 'forced-capture' && mated)
    return `${says(name(status.turn), 'must')} now capture ${whose(mated.name)} king — every legal move is a capture of it.`;
  if (status.kind === 'pass')
    return `${says(name(status.turn), 'is')} stalemated and ${verbOf(name(status.turn), 'passes')}.`;
  if (status.kind === 'flight')
    return `${whose(name(status.turn), true)} king must flee — choose where (the marked squares).`;
  const me = status.players.find((p) => p.label === status.turn);
  let text = `${me?.name ?? ''} to move${checkers ? ` — in check on ${listOf(me?.checkedOn ?? [])}: ${checkers}` : ''}.`;
  if (status.due?.length) text += ` ${dueText(status.due, view.position.dueBoards() !== null)}`;
  return text;
}
