/**
 * The key moments of a game in words (src/ai/moments.ts finds them): "Move 14: Boris's
 * AB:Nf3-g5 was a blunder; AC:Qd1-h5 was better." Moves are numbered as the move list counts
 * them (the first action is move 1), actions written as the record writes them (R10.2).
 */
import { ROLES, type Game } from '../core';
import type { KeyMoment } from '../ai/moments';
import { captionOf, listOf } from './captions';
import { whom, whose } from './grammar';

/** The words of one key moment of `game`. */
export function momentText(game: Game, moment: KeyMoment): string {
  const name = (p: number) => game.players[p]?.name ?? '?';
  const move = (index: number) => `move ${index + 1}`;
  const head = `Move ${moment.index + 1}: `;
  const who = name(moment.player);
  switch (moment.kind) {
    case 'mistake':
      return `${head}${whose(who)} ${moment.played} was a ${moment.severity}; ${moment.better.text} was better.`;
    case 'missed-mate': {
      const victims = listOf(moment.mated.map((p) => whom(name(p))));
      return `${head}${who} played ${moment.played} and missed a mate in one: ${moment.better.text} checkmates ${victims}.`;
    }
    case 'shift-attacked': {
      const board = (b: number) => game.position.g.names[b];
      const fate = moment.taken
        ? `${whom(name(moment.taken.player))} took it at ${move(moment.taken.index)}`
        : 'it stands there en prise';
      const better = moment.better ? ` ${moment.better.text} was better.` : '';
      return `${head}${whose(who)} ${ROLES[moment.role - 1]} shifted from ${board(moment.from)} to ${board(moment.board)} (${moment.played}) into ${whose(name(moment.attacker))} attack, and ${fate}.${better}`;
    }
    case 'elimination': {
      const labelOf = (p: number | null) => (p === null ? null : game.players[p].label);
      const caption = captionOf(
        {
          type: 'eliminated',
          player: game.players[moment.player].label,
          by: labelOf(moment.by),
          cause: moment.mated ? 'checkmate' : moment.cause,
        },
        (label) => game.players.find((p) => p.label === label)?.name ?? label,
      );
      const parts = [`${head}${caption}.`];
      const { decided, mistake } = moment;
      const better = mistake ? `; ${mistake.better.text} was better` : '';
      const by = (a: { player: number; played: string }) => `${whose(name(a.player))} ${a.played}`;
      if (decided.index !== moment.index && mistake?.index === decided.index)
        parts.push(
          `It was decided at ${move(decided.index)} by ${whose(name(mistake.player))} mistake ${mistake.played}${better}.`,
        );
      else if (decided.index !== moment.index)
        parts.push(
          `It was decided at ${move(decided.index)} by ${by(decided)}${mistake ? `, after ${whose(name(mistake.player))} mistake ${mistake.played} at ${move(mistake.index)}${better}` : ''}.`,
        );
      else if (mistake)
        parts.push(
          `${whose(name(mistake.player), true)} mistake ${mistake.played} at ${move(mistake.index)} allowed it${better}.`,
        );
      return parts.join(' ');
    }
  }
}

/** The words around the list of key moments. */
export const MOMENTS_TEXT = {
  title: 'Key moments',
  none: 'No key moment: no mistake, missed mate or elimination was found.',
  /** What a click on a moment does, for assistive technology. */
  hint: 'Shows the position after it, with the better move as an arrow.',
} as const;
