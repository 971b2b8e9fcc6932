/** The demo's overlay: the caption card, the ranking at the end of a show, and the controls. */
import { useMemo, useRef, useState } from 'react';
import { useGame } from '../store/store';
import { listOf } from '../text';
import { DEMO_SPEEDS, showRules } from './config';
import { exitDemo, seatsToTake, setPaused, setSpeed, skip, takeOver } from './director';
import { useDemo } from './state';

function Caption() {
  const show = useDemo((d) => d.show);
  const seed = useDemo((d) => d.seed);
  const caption = useDemo((d) => d.caption);
  const move = useDemo((d) => d.move);
  const brisk = useDemo((d) => d.brisk);
  const skipping = useDemo((d) => d.skipping);
  const options = useGame((s) => s.game?.options);
  return (
    <section className="demo-caption" aria-label="Demo captions">
      <p className="demo-title">
        Demo · show {show + 1} <small>seed {seed}</small>
        {(brisk || skipping) && (
          <small className="demo-pace">
            {skipping ? '» skipping to the next event' : '» quiet moves, sped up'}
          </small>
        )}
      </p>
      <p className="demo-rules" data-testid="demo-rules">
        {options && showRules(options)}
      </p>
      <p className="demo-text" data-testid="demo-caption" aria-live="polite">
        {caption}
      </p>
      <p className="demo-move" data-testid="demo-move">
        {move}
      </p>
    </section>
  );
}

function Ranking() {
  const ranking = useDemo((d) => d.ranking);
  const winner = useDemo((d) => d.winner);
  const early = useDemo((d) => d.endedEarly);
  if (!ranking) return null;
  return (
    <div className="demo-ranking" role="status" aria-label="Ranking">
      <h2>
        {early ? `The show ends: ${listOf(ranking[0])} left` : winner ? `${winner} wins` : 'A draw'}
      </h2>
      <ol>
        {ranking.map((group, i) => (
          <li key={i}>{group.join(', ')}</li>
        ))}
      </ol>
      <p className="note">A new show starts in a moment.</p>
    </div>
  );
}

function Controls() {
  const paused = useDemo((d) => d.paused);
  const speed = useDemo((d) => d.speed);
  const skipping = useDemo((d) => d.skipping);
  const over = useDemo((d) => d.ranking !== null);
  const game = useGame((s) => s.game);
  const seats = useMemo(() => seatsToTake(game), [game]);
  const [menu, setMenu] = useState(false);
  // The show holds while the take-over menu is open; closing it lets it play on as before.
  const pausedBefore = useRef(false);
  const openMenu = (open: boolean) => {
    if (open) {
      pausedBefore.current = paused;
      setPaused(true);
    } else setPaused(pausedBefore.current);
    setMenu(open);
  };
  return (
    <nav className="demo-bar" aria-label="Demo controls">
      <button
        type="button"
        className="demo-play"
        onClick={() => setPaused(!paused)}
        aria-pressed={paused}
        title="Pause or play (space)"
      >
        <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span> {paused ? 'Play' : 'Pause'}
      </button>
      <div className="speeds" role="group" aria-label="Speed">
        {DEMO_SPEEDS.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={speed === s}
            aria-label={`Speed ${s}×`}
            onClick={() => setSpeed(s)}
          >
            {s}×
          </button>
        ))}
      </div>
      <button type="button" onClick={skip} disabled={skipping}>
        {over ? 'Next show' : 'Next event'} <span aria-hidden="true">»</span>
      </button>
      <div className="demo-take">
        <button
          type="button"
          aria-expanded={menu}
          aria-haspopup="menu"
          disabled={over || !seats.length}
          onClick={() => openMenu(!menu)}
        >
          Take over
        </button>
        {menu && !over && (
          <div className="demo-seats" role="menu" aria-label="Take over a seat">
            {seats.map((p) => (
              <button
                key={p.label}
                type="button"
                role="menuitem"
                onClick={() => {
                  setMenu(false);
                  takeOver(p.label);
                }}
              >
                <span className="swatch" style={{ background: p.colour }} />
                Play as {p.name}
              </button>
            ))}
          </div>
        )}
      </div>
      <button type="button" onClick={exitDemo}>
        Exit
      </button>
    </nav>
  );
}

export function DemoOverlay() {
  const running = useDemo((d) => d.running);
  if (!running) return null;
  return (
    <>
      <Caption />
      <Ranking />
      <Controls />
    </>
  );
}
