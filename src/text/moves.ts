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
  if (flag === FLAG_PASS) return `${me} cannot move and passes`;
  if (flag === FLAG_RESIGN) return `${me} resigns`;
  if (flag === FLAG_PLACE) {
    const role = HOME_ROLES[moveFrom(m)] ?? 0;
    if (role === KING) return `${me}'s king goes to ${names[fb]}`;
    return `${me} places a ${roleName(role)} on ${names[fb]}`;
  }
  if (flag === FLAG_CASTLE) return `${me} castles on ${names[fb]}`;
  const role = roleOf(pos.pieceAt(fb, moveFrom(m)));
  const piece = `${me}'s ${roleName(role)}`;
  let taken = '';
  if (flag === FLAG_EN_PASSANT) taken = 'a pawn en passant';
  else {
    const target = pos.pieceAt(tb, moveTo(m));
    if (target) {
      const owner = game.players[pos.ownerAt(tb, moveTo(m))]?.name ?? '';
      taken = `${owner}'s ${roleName(roleOf(target))}`;
    }
  }
  const promo = movePromotion(m) ? ` and becomes a ${roleName(movePromotion(m))}` : '';
  if (role === KING && !pos.options.cowardly) {
    const k = pos.kingBoards[pos.turn]?.length ?? 1;
    const all = k > 1 ? ` on all ${k} of ${me}'s boards at once` : '';
    return taken ? `${piece} takes ${taken}${all}` : `${piece} steps${all}`;
  }
  if (fb !== tb)
    return `${piece} shifts from ${names[fb]} to ${names[tb]}${taken ? ` and takes ${taken}` : ''}${promo}`;
  if (taken) return `${piece} takes ${taken} on ${names[fb]}${promo}`;
  return `${piece} moves on ${names[fb]}${promo}`;
}
