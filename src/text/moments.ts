/**
 * The key moments of a game in words (src/ai/moments.ts finds them): "Round 14, Boris:
 * AB:Nf3-g5 was a blunder; AC:Qd1-h5 was better." Actions are named by the move list's row and
 * column (moveRows: the round, placement rounds apart, and the player), written as the record
 * writes them (R10.2).
 */
import { ROLES, type Game } from '../core';
import type { KeyMoment } from '../ai/moments';
import { captionOf, listOf } from './captions';
import { whom, whose } from './grammar';
import { moveRows, tableSpot, type MoveRows } from './moveRows';

/** The words of one key moment of `game` (`rows`: its move table, when already made). */
export function momentText(game: Game, moment: KeyMoment, rows: MoveRows = moveRows(game)): string {
  const name = (p: number) => game.players[p]?.name ?? '?';
  /** "round 3" (or "placement round 3"): the move table's row of action `index`. */
  const round = (index: number) => {
    const spot = tableSpot(rows, index);
    return spot ? `${spot.placement ? 'placement round' : 'round'} ${spot.round}` : 'round ?';
  };
  const spot = tableSpot(rows, moment.index);
  const at = round(moment.index);
  const head = `${at[0].toUpperCase()}${at.slice(1)}, ${name(spot?.player ?? moment.player)}: `;
  switch (moment.kind) {
    case 'mistake':
      return `${head}${moment.played} was a ${moment.severity}; ${moment.better.text} was better.`;
    case 'missed-mate': {
      const victims = listOf(moment.mated.map((p) => whom(name(p))));
      return `${head}${moment.played} missed a mate in one: ${moment.better.text} checkmates ${victims}.`;
    }
    case 'shift-attacked': {
      const board = (b: number) => game.position.g.names[b];
      const fate = moment.taken
        ? `${whom(name(moment.taken.player))} took it in ${round(moment.taken.index)}`
        : 'it stands there en prise';
      const better = moment.better ? ` ${moment.better.text} was better.` : '';
      return `${head}the ${ROLES[moment.role - 1]} shifted from ${board(moment.from)} to ${board(moment.board)} (${moment.played}) into ${whose(name(moment.attacker))} attack, and ${fate}.${better}`;
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
          `It was decided in ${round(decided.index)} by ${whose(name(mistake.player))} mistake ${mistake.played}${better}.`,
        );
      else if (decided.index !== moment.index)
        parts.push(
          `It was decided in ${round(decided.index)} by ${by(decided)}${mistake ? `, after ${whose(name(mistake.player))} mistake ${mistake.played} in ${round(mistake.index)}${better}` : ''}.`,
        );
      else if (mistake)
        parts.push(
          `${whose(name(mistake.player), true)} mistake ${mistake.played} in ${round(mistake.index)} allowed it${better}.`,
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
  hint: 'Shows the position where a better move could be played, with that move as an arrow (else the position after it).',
} as const;
