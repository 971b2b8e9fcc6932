/** The player list: each player's state, material, clock and presence, the mover kept in view. */
import { useMemo, useRef } from 'react';
import { materialOf } from '../../core';
import { BOT_LEVELS, seatLevel } from '../../store/config';
import { useGame } from '../../store/store';
import { eliminationNote, namesOf, turnWord } from '../../text';
import { Material } from '../Material';
import { useRevealed } from '../reveal';
import { SeatPresence } from '../OnlineHud';
import { SeatClock } from '../SeatClock';

export function Players() {
  const view = useGame((s) => s.view)!;
  const config = useGame((s) => s.config);
  const thinking = useGame((s) => s.thinking);
  const thought = useGame((s) => s.lastThought);
  // In a lesson the opponents' seats are bots only so that no bot search runs: not said.
  const lesson = useGame((s) => s.lesson !== null);
  const online = useGame((s) => s.online !== null);
  const status = view.status();
  const pos = view.position;
  const material = useMemo(
    () => (status.phase === 'placement' ? null : materialOf(pos)),
    [pos, status.phase],
  );
  // At 8 players the list scrolls: keep whoever is to move in view.
  const list = useRef<HTMLUListElement>(null);
  useRevealed(list, '.to-move', [status.turn]);
  return (
    <ul ref={list} className={`players${online ? ' online' : ''}`} aria-label="Players">
      {status.players.map((p, i) => {
        const toMove = status.turn === p.label;
        const notes: string[] = [];
        if (p.state === 'eliminated')
          notes.push(eliminationNote(p.eliminationCause, p.eliminatedBy, namesOf(view)));
        else if (p.state === 'mated') notes.push(`checkmated by ${namesOf(view)(p.matedBy)}`);
        else if (p.checkedOn.length) notes.push(`in check on ${p.checkedOn.join(', ')}`);
        // Dimensional Collapse: the countdown of this player's boards (R9.2).
        const countdown = p.countdown;
        if (countdown !== null)
          notes.push(`boards collapse in ${countdown} turn${countdown === 1 ? '' : 's'}`);
        // Interdimensional Scavenger: seats held that were someone else's (R9.4).
        const taken = status.boards.filter(
          (b, k) =>
            b.live &&
            pos
              .boardPlayers(k)
              .some(
                (holder, seat) => holder === i && (seat ? pos.g.north[k] : pos.g.south[k]) !== i,
              ),
        );
        if (taken.length) notes.push(`holds seats on ${taken.map((b) => b.name).join(', ')}`);
        if (toMove && status.due?.length) notes.push(`${status.due.length} due`);
        const state = notes.join(' · ');
        const level = lesson ? null : seatLevel(view, config, i);
        return (
          <li
            key={p.label}
            className={`player ${p.state}${toMove ? ' to-move' : ''}${p.checkedOn.length ? ' in-check' : ''}`}
            data-label={p.label}
          >
            <span className="swatch" style={{ background: p.colour }} />
            <span className="label">{p.label}</span>
            <span className="name">
              {p.name}
              {online && <SeatPresence seat={p.setupIndex} />}
              {level !== null && (
                <small className="bot-tag" title={`Bot, level ${level}`}>
                  bot {level} · {BOT_LEVELS[level - 1].name}
                </small>
              )}
              {thought?.label === p.label && thought.depth > 0 && (
                <small className="thought" title="How the bot's last move was found">
                  {(thought.ms / 1000).toFixed(1)} s · depth {thought.depth}
                </small>
              )}
            </span>
            {thinking === p.label && (
              <span className="thinking" data-testid={`thinking-${p.label}`} role="status">
                thinking…
              </span>
            )}
            {material && p.state !== 'eliminated' && (
              <Material label={p.label} material={material[i]} />
            )}
            <SeatClock seat={p.setupIndex} />
            <span className="state" data-testid={`state-${p.label}`}>
              {toMove && <strong>{turnWord(status.kind)}</strong>}
              {toMove && state ? ' · ' : ''}
              {state}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
