/** The DOM overlay of a game: players, turn banner, placement tray, move list, controls, dialogs. */
import { lazy, Suspense, useMemo, useRef } from 'react';
import { HOME_ROLES, HOME_SQUARES, PASS, materialOf, ROLES, squareName, type Game } from '../core';
import { BOT_LEVELS, seatLevel } from '../store/config';
import { explainState } from '../store/explain';
import { leaveRoom } from '../store/onlineRoom';
import { trayPieces, useGame } from '../store/store';
import { turnAccess } from '../store/turnAccess';
import {
  HINTS,
  bannerText,
  kingHeldText,
  captionsAt,
  drawReasonText,
  eliminationNote,
  hintMoment,
  namesOf,
  says,
  theirs,
  turnWord,
} from '../text';
import { hintsUsedText } from '../text/advice';
import { ROLE_GLYPHS } from '../text/glyphs';
import { homeSquareText } from '../text/squares';
import { castlingText, explainNames, pinText, recentText, refusedText } from '../text/check';
import { AdvicePanel } from './Advice';
import { DeviceControls } from './DeviceControls';
import { DrawOffer } from './DrawOffer';
import { GameTextDialog } from './GameText';
import { download } from './download';
import { HandOver } from './HandOver';
import type { LandingWatch } from '../store/landing';
import { Material } from './Material';
import { MoveTable } from './MoveTable';
import { Notice } from './Notice';
import { useRevealed } from './reveal';
import { LessonCard, openTutorial } from './Tutorial';
import { OnlineBar, SeatPresence } from './OnlineHud';
import { SeatClock } from './SeatClock';
import { SquareInfo } from './SquareInfo';
import { ViewToggles } from './ViewToggles';
import { usePrefs } from '../store/prefs';

const RulesPage = lazy(() => import('./RulesPage'));

const nameOf = (game: Game, label: string | null): string => namesOf(game)(label);

function Players() {
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

/** What is happening now, with the checkmate flow spelled out. */
function Banner() {
  const view = useGame((s) => s.view)!;
  const game = useGame((s) => s.game)!;
  const cursor = useGame((s) => s.cursor);
  const status = view.status();
  const bot = useGame((s) => turnAccess(s).bot !== null);
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
    ...(explained.kingHeld ? [kingHeldText(explained.kingHeld.map((b) => names.boards[b]))] : []),
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

/** The placement tray; `shortcuts`: the auto-placement buttons (not in a lesson, which asks for one piece). */
function Tray({ shortcuts = true }: { shortcuts?: boolean }) {
  const view = useGame((s) => s.view)!;
  const trayPiece = useGame((s) => s.trayPiece);
  const pick = useGame((s) => s.pickTrayPiece);
  const autoPlace = useGame((s) => s.autoPlaceRest);
  const online = useGame((s) => s.online !== null);
  const pos = view.position;
  const pieces = trayPieces(view);
  const colour = view.players[pos.turn].colour;
  // The player's seats: a home square is printed mirrored where they sit North (R1.6).
  const seats = pos.g.names.flatMap((_, board) =>
    pos.isLive(board)
      ? pos
          .boardPlayers(board)
          .flatMap((owner, seat) => (owner === pos.turn ? [{ board, north: seat === 1 }] : []))
      : [],
  );
  const home = (i: number) => homeSquareText(HOME_SQUARES[i], seats, pos.g.names);
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
            title={`${ROLES[HOME_ROLES[i] - 1]} (home ${home(i).title})`}
            onClick={() => pick(trayPiece === i ? null : i)}
          >
            <span aria-hidden="true">{ROLE_GLYPHS[HOME_ROLES[i]]}</span>
            <small>{home(i).label}</small>
          </button>
        ))}
      </div>
      {shortcuts && (
        <div className="tray-actions">
          <button type="button" onClick={() => autoPlace('balanced')}>
            Auto-place the rest (balanced)
          </button>
          <button type="button" onClick={() => autoPlace('random')}>
            Auto-place the rest (random)
          </button>
          {!online && (
            <button type="button" onClick={() => autoPlace('balanced', 'all')}>
              Auto-place everyone
            </button>
          )}
        </div>
      )}
    </section>
  );
}

function Controls() {
  const s = useGame();
  const file = useRef<HTMLInputElement>(null);
  const view = s.view!;
  const game = s.game!;
  const status = view.status();
  // Online, the record is the room's: no taking back, no other game here; and only one's own turn.
  const online = s.online;
  const offlineOnly = online ? 'Not available in an online game' : undefined;
  const mayAct = turnAccess(s).may;
  const canPass = status.phase === 'play' && mayAct && view.legalActions().includes(PASS);
  return (
    <div className="controls">
      <button
        type="button"
        onClick={s.undo}
        disabled={!!online || s.cursor === 0}
        title={offlineOnly ?? 'Undo (Ctrl+Z)'}
      >
        Undo
      </button>
      <button
        type="button"
        onClick={s.redo}
        disabled={!!online || s.cursor >= game.length}
        title={offlineOnly ?? 'Redo (Ctrl+Y)'}
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
      {status.phase === 'over' && !online ? (
        <button type="button" onClick={s.rematch} title="The same table again, a new seed">
          Rematch
        </button>
      ) : (
        <button
          type="button"
          onClick={() => s.setDialog('resign')}
          disabled={status.phase !== 'play' || !mayAct}
        >
          Resign
        </button>
      )}
      <button type="button" onClick={s.showSetup} disabled={!!online} title={offlineOnly}>
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
      <button
        type="button"
        onClick={() => file.current?.click()}
        disabled={!!online}
        title={offlineOnly}
      >
        Import
      </button>
      <input
        ref={file}
        type="file"
        accept="application/json,.json,text/plain,.txt"
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

/** The controls of a lesson: the view, the rules, the device. */
function LessonControls() {
  const s = useGame();
  return (
    <div className="controls">
      <button type="button" onClick={s.frameAll} title="Frame all boards (F)">
        Frame all
      </button>
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
  if (dialog === 'text') return <GameTextDialog />;
  if (dialog === 'resign') {
    const me = view.status().turn;
    return (
      <div className="dialog" role="dialog" aria-modal="true" aria-label="Resign">
        <h2>Resign?</h2>
        <p>
          {says(nameOf(view, me), 'leaves')} the game; {theirs(nameOf(view, me))} pieces turn to
          stone where they stand
          {view.options.collapse
            ? `, and ${theirs(nameOf(view, me))} boards collapse five of ${theirs(nameOf(view, me))} turns later.`
            : '.'}
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
        <div className="rules-head">
          <button
            type="button"
            className="primary"
            onClick={() => {
              s.setDialog(null);
              openTutorial();
            }}
          >
            How to play (tutorial)
          </button>
          <button type="button" className="close" onClick={() => s.setDialog(null)}>
            Close
          </button>
        </div>
        <p className="rules-lede">
          Learn by playing short lessons, or read the full rules below: the complete specification,
          clause by clause.
        </p>
        <h2 className="full-rules">Full rules</h2>
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
    const usedHints = hintsUsedText(
      s.hintsUsed,
      game.setup.players.map((p) => p.name),
    );
    return (
      <div className="dialog over" role="dialog" aria-modal="true" aria-label="Game over">
        <h2>
          {result.winner
            ? `${says(nameOf(view, result.winner), 'wins')}!`
            : `Draw: ${drawReasonText(result.drawReason)}`}
        </h2>
        <p>
          Final move: <code>{game.actions[game.length - 1]}</code>
        </p>
        <ol className="ranking">
          {result.ranking.map((group, i) => (
            <li key={i}>{group.map(namesOf(view)).join(', ')}</li>
          ))}
        </ol>
        {eliminations.length > 0 && (
          <ul className="eliminations">
            {eliminations.map((p) => (
              <li key={p.label}>
                {p.name}: {eliminationNote(p.eliminationCause, p.eliminatedBy, namesOf(view))}
              </li>
            ))}
          </ul>
        )}
        {usedHints && <p className="hints-used">{usedHints}</p>}
        <div className="choices">
          {s.online ? (
            <button type="button" className="primary" onClick={() => leaveRoom()}>
              Leave the online game
            </button>
          ) : (
            <>
              <button type="button" className="primary" onClick={s.rematch}>
                Rematch
              </button>
              <button type="button" onClick={s.showSetup}>
                New setup
              </button>
            </>
          )}
          <button type="button" onClick={() => s.setDialog(null)}>
            Look at the boards
          </button>
        </div>
      </div>
    );
  }
  return null;
}

/**
 * The hint for the moment of the human to move (placing, playing, a final move, a king to take,
 * a flight), until its "Got it" dismisses it for good (remembered; Settings shows them again).
 */
function Hint() {
  const moment = useGame((s) => {
    const access = turnAccess(s);
    return access.may && access.live ? hintMoment(s.view!.status().kind) : null;
  });
  const dismissed = usePrefs((p) => p.hintsDismissed);
  const addTo = usePrefs((p) => p.addTo);
  if (!moment || dismissed.includes(moment)) return null;
  const hint = HINTS[moment];
  return (
    <aside className="hint" aria-label="Hint" data-moment={moment}>
      <p>
        <strong>{hint.title}.</strong> {hint.text}
      </p>
      <button type="button" onClick={() => addTo('hintsDismissed', moment)}>
        Got it
      </button>
    </aside>
  );
}

/**
 * The HUD; `demo`: a demo show runs, so the panel only follows the game. `scene`: the live
 * scene, whose moves the hand-over screen waits for.
 */
export function Hud({ demo = false, scene }: { demo?: boolean; scene: LandingWatch }) {
  const phase = useGame((s) => s.view?.status().phase);
  const announcement = useGame((s) => s.announcement);
  // Online: this device's seat to move; here: a human seat to move.
  const humanToMove = useGame((s) => turnAccess(s).may);
  const lesson = useGame((s) => s.lesson !== null);
  // A demo show: the panel only follows the game (the demo has its own captions and controls).
  // A lesson: its card in place of the move list and the game's controls.
  return (
    <>
      <aside
        className={`panel${demo ? ' demo' : ''}${lesson ? ' in-lesson' : ''}`}
        aria-label="Game"
      >
        <OnlineBar />
        <Players />
        <Banner />
        {!demo && !lesson && <AdvicePanel />}
        {!demo && <Caption />}
        {lesson && <LessonCard />}
        {phase === 'placement' && !demo && humanToMove && <Tray shortcuts={!lesson} />}
        {!lesson && <MoveTable readOnly={demo} />}
        {!demo && !lesson && <Controls />}
        {!demo && !lesson && <DrawOffer />}
        {lesson && <LessonControls />}
      </aside>
      {!demo && !lesson && <Hint />}
      <ViewToggles />
      <SquareInfo />
      {!demo && !lesson && <HandOver scene={scene} />}
      <Notice />
      <Dialogs demo={demo} />
      <div className="sr-only" aria-live="polite" data-testid="announcer">
        {announcement}
      </div>
    </>
  );
}
