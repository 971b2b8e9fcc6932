/** A move in plain words ("Blue's knight shifts from AB to BC"), for the demo's move line. */
import {
  FLAG_CASTLE,
  FLAG_EN_PASSANT,
  FLAG_PASS,
  FLAG_PLACE,
  FLAG_RESIGN,
  HOME_ROLES,
  KING,
  ROLES,
  moveFlag,
  moveFrom,
  moveFromBoard,
  movePromotion,
  moveTo,
  moveToBoard,
  parseAction,
  roleOf,
  seatActionOfMove,
  type Game,
} from '../core';
import { namesOf, seatActionText } from './captions';
import { says, verbOf, whose } from './grammar';

/** A role's name ("knight"), '' for none. */
const roleName = (role: number): string => ROLES[role - 1] ?? '';

/** `text` (an action legal in `game`) in plain words, or null if it does not parse. */
export function describeMove(game: Game, text: string): string | null {
  const pos = game.position;
  const parsed = parseAction(pos, text);
  if (!parsed.ok) return null;
  const m = parsed.value;
  const seat = seatActionOfMove(m);
  if (seat) return seatActionText(seat, namesOf(game));
  const me = game.players[pos.turn]?.name ?? '';
  const names = pos.g.names;
  const flag = moveFlag(m);
  const fb = moveFromBoard(m);
  const tb = moveToBoard(m);
  if (flag === FLAG_PASS) return `${says(me, 'cannot')} move and ${verbOf(me, 'passes')}`;
  if (flag === FLAG_RESIGN) return says(me, 'resigns');
  if (flag === FLAG_PLACE) {
    const role = HOME_ROLES[moveFrom(m)] ?? 0;
    if (role === KING) return `${whose(me, true)} king goes to ${names[fb]}`;
    return `${says(me, 'places')} a ${roleName(role)} on ${names[fb]}`;
  }
  if (flag === FLAG_CASTLE) return `${says(me, 'castles')} on ${names[fb]}`;
  const role = roleOf(pos.pieceAt(fb, moveFrom(m)));
  const piece = `${whose(me, true)} ${roleName(role)}`;
  let taken = '';
  if (flag === FLAG_EN_PASSANT) taken = 'a pawn en passant';
  else {
    const target = pos.pieceAt(tb, moveTo(m));
    if (target) {
      const owner = game.players[pos.ownerAt(tb, moveTo(m))]?.name ?? '';
      taken = `${whose(owner)} ${roleName(roleOf(target))}`;
    }
  }
  const promo = movePromotion(m) ? ` and becomes a ${roleName(movePromotion(m))}` : '';
  if (role === KING && !pos.options.cowardly) {
    const k = pos.kingBoards[pos.turn]?.length ?? 1;
    const all = k > 1 ? ` on all ${k} of ${whose(me)} boards at once` : '';
    return taken ? `${piece} takes ${taken}${all}` : `${piece} steps${all}`;
  }
  if (fb !== tb)
    return `${piece} shifts from ${names[fb]} to ${names[tb]}${taken ? ` and takes ${taken}` : ''}${promo}`;
  if (taken) return `${piece} takes ${taken} on ${names[fb]}${promo}`;
  return `${piece} moves on ${names[fb]}${promo}`;
}
