/**
 * Whose input counts now: whether this device may act in the position shown (a tap on the
 * boards, the placement tray, Pass, Resign), for which player, and if not, why. The one answer
 * that the interaction, the HUD, the advice and the sounds read (issue #46).
 *
 * The position shown is the one played from: on this device a human may play from an earlier
 * position (the actions after it are cut off), so browsing history keeps the turn's access and
 * only `live` says so; online, and in a game with clocks, the record is played at its end only.
 */
import { OVER } from '../core';
import { seatLevel, type BotLevel } from './config';
import { onlineBlock } from '../online/onlineState';
import { CLOCK_TEXT, MOVABLE_TEXT, SHARE_TEXT } from '../text';
import type { State } from './state';

export interface TurnAccess {
  /** This device's input counts now. */
  may: boolean;
  /** For whom: the player to move in the position shown (index into the game's players), or -1 (no game, or it is over). */
  player: number;
  /** The level of the bot seat to move (played here, or by the online room), or null. */
  bot: BotLevel | null;
  /**
   * Why not (null when it may): no game, the game is over, a bot's turn, the online room's
   * reason, an earlier position shown in a game with clocks (they have counted what follows), or
   * a game opened from a link ('review': read-only).
   */
  why: 'none' | 'over' | 'bot' | 'online' | 'clocks' | 'review' | null;
  /** What the player is told when their input does not count ('': nothing is said). */
  text: string;
  /** The position shown is the record's latest (not an earlier one, while browsing history). */
  live: boolean;
}

export type TurnAccessInput = Pick<State, 'game' | 'view' | 'cursor' | 'config' | 'online'> &
  Partial<Pick<State, 'openedFrom' | 'analysis'>>;

export function turnAccess(s: TurnAccessInput): TurnAccess {
  const { game, view, cursor, config, online } = s;
  const live = !!game && cursor >= game.length;
  if (!game || !view) {
    const text = online ? (onlineBlock(online, game, cursor) ?? '') : '';
    return { may: false, player: -1, bot: null, why: 'none', text, live };
  }
  const pos = view.position;
  const over = pos.phase === OVER;
  const player = over ? -1 : pos.turn;
  // The analysis board: this device moves every player, and nothing of it is the record's.
  if (s.analysis) {
    const why = over ? 'over' : null;
    return { may: !over, player, bot: null, why, text: '', live: false };
  }
  const bot = over ? null : seatLevel(view, config, player);
  const refuse = (why: TurnAccess['why'], text = ''): TurnAccess => ({
    may: false,
    player,
    bot,
    why,
    text,
    live,
  });
  if (online) {
    const block = onlineBlock(online, game, cursor);
    if (block !== null) return refuse(over ? 'over' : 'online', block);
  } else if (over) return refuse('over');
  else if (s.openedFrom) return refuse('review', SHARE_TEXT.readOnly);
  else if (bot !== null) return refuse('bot');
  else if (config.timeControl && !live) return refuse('clocks', CLOCK_TEXT.earlier);
  return { may: true, player, bot, why: null, text: '', live };
}

/** Why this device's input does not count now, in words ('' when it does). */
export const refusalWords = (access: TurnAccess): string =>
  access.text || (access.why ? MOVABLE_TEXT.refused[access.why] : '');
