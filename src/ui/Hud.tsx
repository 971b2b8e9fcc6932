/** The DOM overlay of a game: players, turn banner, placement tray, move list, controls, dialogs. */
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import {
  BISHOP,
  HOME_ROLES,
  HOME_SQUARES,
  KING,
  KNIGHT,
  PASS,
  materialOf,
  PAWN,
  QUEEN,
  ROLES,
  ROOK,
  squareName,
  type Game,
} from '../core';
import { BOT_LEVELS, botLevel, randomSeed } from '../store/config';
import { explainState } from '../store/explain';
import { trayPieces, useGame } from '../store/store';
import { bannerText, captionsAt, namesOf, turnWord } from '../text';
import { castlingText, explainNames, pinText, recentText, refusedText } from '../text/check';
import { DeviceControls } from './DeviceControls';
import { HandOver } from './HandOver';
import { Material } from './Material';
import { SquareInfo } from './SquareInfo';
import { ViewToggles } from './ViewToggles';

const RulesPage = lazy(() => import('./RulesPage'));

const ROLE_GLYPHS: Record<number, string> = {
  [PAWN]: '♟',
  [KNIGHT]: '♞',
  [BISHOP]: '♝',
  [ROOK]: '♜',
  [QUEEN]: '♛',
  [KING]: '♚',
};

const nameOf = (game: Game, label: string | null): string => namesOf(game)(label);

function Players() {
  const view = useGame((s) => s.view)!;
  const config = useGame((s) => s.config);
  const thinking = useGame((s) => s.thinking);
  const thought = useGame((s) => s.lastThought);
  const status = view.status();
  const pos = view.position;
  const material = useMemo(
    () => (status.phase === 'placement' ? null : materialOf(pos)),
    [pos, status.phase],
  );
  return (
    <ul className="players" aria-label="Players">
      {status.players.map((p, i) => {
        const toMove = status.turn === p.label;
        const notes: string[] = [];
        if (p.state === 'eliminated')
          notes.push(
            p.eliminationCause === 'resigned'
              ? 'resigned'
              : p.eliminatedBy
                ? `eliminated by ${nameOf(view, p.eliminatedBy)}`
                : 'eliminated',
          );
        else if (p.state === 'mated') notes.push(`checkmated by ${nameOf(view, p.matedBy)}`);
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
        if (toMove && status.due) notes.push(`${status.due.length} due`);
        const state = notes.join(' · ');
        const level = botLevel(config.players[p.setupIndex]);
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

/** What is happening now, with the checkmate flow spelled out. */
function Banner() {
  const view = useGame((s) => s.view)!;
  const game = useGame((s) => s.game)!;
  const cursor = useGame((s) => s.cursor);
  const config = useGame((s) => s.config);
  const status = view.status();
  const bot = botLevel(config.players[view.players[view.position.turn]?.setupIndex]) !== null;
  const text = bannerText(view, bot);
  const last = cursor > 0 ? game.actions[cursor - 1] : null;
  return (
    <div className={`banner ${status.kind ?? 'over'}`}>
      <p data-testid="banner">{text}</p>
      <WhyNot />
      <SinceYourMove />
      {last && (
        <p className="last">
          Last: <code>{last}</code>
          {cursor < game.length && (
            <span className="browsing">
              {' '}
              (viewing {cursor}/{game.length})
            </span>
          )}
        </p>
      )}
    </div>
  );
}

/** Why the selected king may not step to a square or castle, or why the selected piece is pinned. */
function WhyNot() {
  const view = useGame((s) => s.view)!;
  const explained = useGame(explainState);
  const names = explainNames(view);
  const lines = [
    ...explained.refused.map((r) => refusedText(r, names)),
    ...explained.castling.flatMap((c) => castlingText(c, names) ?? []),
    ...(explained.pin ? [`This piece is ${pinText(explained.pin, names)}`] : []),
  ];
  if (!lines.length) return null;
  return (
    <ul className="why-not" data-testid="why-not" aria-label="Why not">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** The actions since the player to move last moved, in their players' colours. */
function SinceYourMove() {
  const view = useGame((s) => s.view)!;
  const recent = useGame((s) => explainState(s).recent);
  const highlightAction = useGame((s) => s.highlightAction);
  if (!recent.length) return null;
  const names = explainNames(view);
  return (
    <div className="since" data-testid="since-your-move">
      <span className="since-title">Since your move:</span>
      <ul>
        {recent.map((r) => (
          <li
            key={r.index}
            style={{ borderColor: view.players[r.player].colour }}
            onPointerEnter={() => highlightAction(r.index)}
            onPointerLeave={() => highlightAction(null)}
          >
            {recentText(r, names)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the last action shown made happen, in words (see captions.ts). */
function Caption() {
  const game = useGame((s) => s.game)!;
  const cursor = useGame((s) => s.cursor);
  const captions = useMemo(() => captionsAt(game, cursor), [game, cursor]);
  if (!captions.length) return null;
  return (
    <p className="caption" data-testid="caption">
      {captions.map((c, i) => (
        <span key={i}>{c}</span>
      ))}
    </p>
  );
}

function Tray() {
  const view = useGame((s) => s.view)!;
  const trayPiece = useGame((s) => s.trayPiece);
  const pick = useGame((s) => s.pickTrayPiece);
  const autoPlace = useGame((s) => s.autoPlaceRest);
  const pos = view.position;
  const pieces = trayPieces(view);
  const colour = view.players[pos.turn].colour;
  return (
    <section className="tray" aria-label="Pieces to place">
      <div className="tray-pieces">
        {pieces.map((i) => (
          <button
            key={i}
            type="button"
            className={`tray-piece${trayPiece === i ? ' picked' : ''}`}
            style={{ color: colour }}
            aria-pressed={trayPiece === i}
            data-piece={squareName(HOME_SQUARES[i])}
            title={`${ROLES[HOME_ROLES[i] - 1]} (home ${squareName(HOME_SQUARES[i])})`}
            onClick={() => pick(trayPiece === i ? null : i)}
          >
            <span aria-hidden="true">{ROLE_GLYPHS[HOME_ROLES[i]]}</span>
            <small>{squareName(HOME_SQUARES[i])}</small>
          </button>
        ))}
      </div>
      <div className="tray-actions">
        <button type="button" onClick={() => autoPlace('balanced')}>
          Auto-place the rest (balanced)
        </button>
        <button type="button" onClick={() => autoPlace('random')}>
          Auto-place the rest (random)
        </button>
        <button type="button" onClick={() => autoPlace('balanced', 'all')}>
          Auto-place everyone
        </button>
      </div>
    </section>
  );
}

/** The turns of the record, each with its round number if it opens a round. */
function numberTurns(game: Game) {
  const index = new Map(game.players.map((p, i) => [p.label, i]));
  const out = [];
  let round = 0;
  let last = Infinity;
  for (const g of game.turnGroups()) {
    const at = index.get(g.player) ?? 0;
    const fresh = at <= last;
    if (fresh) round++;
    last = at;
    out.push({ ...g, round: fresh ? round : null, colour: game.players[at]?.colour });
  }
  return out;
}

/** Scroll the move list (only it, not the panel around it) so that the current move shows. */
function revealCurrent(box: HTMLElement) {
  const item = box.querySelector('.current');
  if (!item) return;
  const b = box.getBoundingClientRect();
  const r = item.getBoundingClientRect();
  if (r.top < b.top) box.scrollTop += r.top - b.top;
  else if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom;
}

function MoveList({ readOnly = false }: { readOnly?: boolean }) {
  const game = useGame((s) => s.game)!;
  const cursor = useGame((s) => s.cursor);
  const goTo = useGame((s) => s.goTo);
  const box = useRef<HTMLElement>(null);
  const highlightAction = useGame((s) => s.highlightAction);
  useEffect(() => {
    if (box.current) revealCurrent(box.current);
  }, [cursor]);
  // A new size (portrait, a resized window) moves the lines: show the current move again.
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => revealCurrent(el));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // One entry per turn (a Hyperspace turn is several moves, R9.1), numbered by round.
  const turns = useMemo(() => numberTurns(game), [game]);
  const hyper = game.options.hyperspace;
  return (
    <section ref={box} className="moves" aria-label="Move list">
      <ol className={hyper ? 'by-turn' : ''}>
        <li className={cursor === 0 ? 'current' : ''}>
          <button type="button" onClick={() => goTo(0)} disabled={readOnly}>
            start
          </button>
        </li>
        {turns.map((turn) => (
          <li
            key={turn.actions[0]}
            className={`turn${turn.actions.length > 1 ? ' several' : ''}`}
            data-player={turn.player}
          >
            {turn.round !== null && <span className="num">{turn.round}.</span>}
            {hyper && (
              <span className="who" style={{ color: turn.colour }}>
                {turn.player}
              </span>
            )}
            {turn.actions.map((i) => (
              <button
                key={i}
                type="button"
                className={`${cursor === i + 1 ? 'current' : ''}${i + 1 > cursor ? ' future' : ''}`}
                onClick={() => goTo(i + 1)}
                onPointerEnter={() => highlightAction(i)}
                onPointerLeave={() => highlightAction(null)}
                onFocus={() => highlightAction(i)}
                onBlur={() => highlightAction(null)}
                disabled={readOnly}
                aria-current={cursor === i + 1}
              >
                {game.actions[i]}
              </button>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Controls() {
  const s = useGame();
  const file = useRef<HTMLInputElement>(null);
  const view = s.view!;
  const game = s.game!;
  const status = view.status();
  const botTurn = botLevel(s.config.players[view.players[view.position.turn]?.setupIndex]) !== null;
  const canPass = status.phase === 'play' && !botTurn && view.legalActions().includes(PASS);
  return (
    <div className="controls">
      <button type="button" onClick={s.undo} disabled={s.cursor === 0} title="Undo (Ctrl+Z)">
        Undo
      </button>
      <button
        type="button"
        onClick={s.redo}
        disabled={s.cursor >= game.length}
        title="Redo (Ctrl+Y)"
      >
        Redo
      </button>
      <button type="button" onClick={s.frameAll} title="Frame all boards (F)">
        Frame all
      </button>
      {canPass && (
        <button type="button" onClick={s.pass}>
          Pass
        </button>
      )}
      <button
        type="button"
        onClick={() => s.setDialog('resign')}
        disabled={status.phase !== 'play' || botTurn}
      >
        Resign
      </button>
      <button type="button" onClick={s.showSetup}>
        New game
      </button>
      <button
        type="button"
        title="Download the game as shown (moves you undid are left out)"
        onClick={() => {
          const text = s.exportGame();
          if (text) download(`ndchess-${new Date().toISOString().slice(0, 10)}.json`, text);
        }}
      >
        Export
      </button>
      <button type="button" onClick={() => file.current?.click()}>
        Import
      </button>
      <input
        ref={file}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="import-file"
        onChange={async (e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) s.importGame(await f.text());
        }}
      />
      <button type="button" onClick={() => s.setDialog('rules')}>
        Rules
      </button>
      <DeviceControls />
    </div>
  );
}

/** `demo`: a demo show runs (the app says so; the demo has its own controls). */
function Dialogs({ demo }: { demo: boolean }) {
  const dialog = useGame((s) => s.dialog);
  const choice = useGame((s) => s.choice);
  const view = useGame((s) => s.view)!;
  const game = useGame((s) => s.game)!;
  const config = useGame((s) => s.config);
  const s = useGame.getState();
  if (choice)
    return (
      <div className="dialog" role="dialog" aria-modal="true" aria-label="Choose the move">
        <h2>Which move?</h2>
        <div className="choices">
          {choice.map((d) => (
            <button key={d.action} type="button" onClick={() => s.choose(d.action)}>
              {view.actionText(d.action)}
            </button>
          ))}
        </div>
        <button type="button" onClick={() => s.choose(null)}>
          Cancel
        </button>
      </div>
    );
  if (dialog === 'resign') {
    const me = view.status().turn;
    return (
      <div className="dialog" role="dialog" aria-modal="true" aria-label="Resign">
        <h2>Resign?</h2>
        <p>
          {nameOf(view, me)} leaves the game; their pieces turn to stone where they stand
          {view.options.collapse ? ', and their boards collapse five of their turns later.' : '.'}
        </p>
        <div className="choices">
          <button type="button" className="danger" onClick={() => s.resign()}>
            Resign
          </button>
          <button type="button" onClick={() => s.setDialog(null)}>
            Keep playing
          </button>
        </div>
      </div>
    );
  }
  if (dialog === 'rules')
    return (
      <div className="dialog rules" role="dialog" aria-modal="true" aria-label="Rules">
        <button type="button" className="close" onClick={() => s.setDialog(null)}>
          Close
        </button>
        <Suspense fallback={<p>Loading the rules…</p>}>
          <RulesPage />
        </Suspense>
      </div>
    );
  if (dialog === 'over' && !demo) {
    const status = view.status();
    const result = status.result;
    if (!result) return null;
    const eliminations = status.players.filter((p) => p.state === 'eliminated');
    return (
      <div className="dialog over" role="dialog" aria-modal="true" aria-label="Game over">
        <h2>
          {result.winner ? `${nameOf(view, result.winner)} wins!` : `Draw (${result.drawReason})`}
        </h2>
        <p>
          Final move: <code>{game.actions[game.length - 1]}</code>
        </p>
        <ol className="ranking">
          {result.ranking.map((group, i) => (
            <li key={i}>{group.map((l) => nameOf(view, l)).join(', ')}</li>
          ))}
        </ol>
        {eliminations.length > 0 && (
          <ul className="eliminations">
            {eliminations.map((p) => (
              <li key={p.label}>
                {p.name}{' '}
                {p.eliminatedBy ? `was eliminated by ${nameOf(view, p.eliminatedBy)}` : 'resigned'}
              </li>
            ))}
          </ul>
        )}
        <div className="choices">
          <button
            type="button"
            className="primary"
            onClick={() => s.newGame({ ...config, seed: randomSeed() })}
          >
            Play again
          </button>
          <button type="button" onClick={s.showSetup}>
            New setup
          </button>
          <button type="button" onClick={() => s.setDialog(null)}>
            Look at the boards
          </button>
        </div>
      </div>
    );
  }
  return null;
}

function Hint() {
  const dismissed = useGame((s) => s.hintDismissed);
  const dismiss = useGame((s) => s.dismissHint);
  if (dismissed) return null;
  return (
    <aside className="hint">
      <p>
        <strong>First game?</strong> Click one of your pieces: green dots show its moves on its
        board, discs in your colour show the boards it can shift to along the lit edges. Drag to
        orbit, wheel or pinch to zoom, right-drag or two fingers to pan. Click a board's label (or
        double-tap the board) to focus it; <kbd>F</kbd> frames all.
      </p>
      <button type="button" onClick={dismiss}>
        Got it
      </button>
    </aside>
  );
}

export function Notice() {
  const notice = useGame((s) => s.notice);
  const setNotice = useGame((s) => s.setNotice);
  if (!notice) return null;
  return (
    <div className={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <span>{notice.text}</span>
      <button type="button" onClick={() => setNotice(null)} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}

/** The HUD; `demo`: a demo show runs, so the panel only follows the game. */
export function Hud({ demo = false }: { demo?: boolean }) {
  const phase = useGame((s) => s.view?.status().phase);
  const announcement = useGame((s) => s.announcement);
  const humanToMove = useGame(
    (s) =>
      !!s.view &&
      botLevel(s.config.players[s.view.players[s.view.position.turn]?.setupIndex]) === null,
  );
  // A demo show: the panel only follows the game (the demo has its own captions and controls).
  return (
    <>
      <aside className={`panel${demo ? ' demo' : ''}`} aria-label="Game">
        <Players />
        <Banner />
        {!demo && <Caption />}
        {phase === 'placement' && !demo && humanToMove && <Tray />}
        <MoveList readOnly={demo} />
        {!demo && <Controls />}
      </aside>
      {!demo && <Hint />}
      <ViewToggles />
      <SquareInfo />
      {!demo && <HandOver />}
      <Notice />
      <Dialogs demo={demo} />
      <div className="sr-only" aria-live="polite" data-testid="announcer">
        {announcement}
      </div>
    </>
  );
}
