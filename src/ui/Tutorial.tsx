/**
 * "How to play": the lesson menu and the lesson card. A lesson's game goes into the store
 * (startLesson), so the scene, the markers and the explanations work as in any game; the card
 * follows the record: it judges each action of the player against the lesson's step, plays the
 * opponents' scripted replies, and on a wrong move says the hint and puts the position back.
 * Leaving returns to the screen and the game the player had (the store keeps them).
 */
import { useEffect, useRef, useState } from 'react';
import { create } from 'zustand';
import type { Game } from '../core';
import type { GameConfig } from '../store/config';
import { usePrefs } from '../device/prefs';
import { useGame } from '../store/store';
import { LESSONS, lessonById } from '../tutorial/lessons';
import { lessonGame, yourSeat, type Lesson } from '../tutorial/lesson';
import { useDeviceWords } from './deviceWords';

/** Between two scripted replies, so that each can be followed (milliseconds). */
const REPLY_GAP = 900;

/** Whether the lesson menu is open. */
export const useTutorialMenu = create<{ open: boolean }>()(() => ({ open: false }));

export const openTutorial = () => useTutorialMenu.setState({ open: true });
const closeMenu = () => useTutorialMenu.setState({ open: false });

/** The seats of a lesson: the player human, the opponents bot seats whose moves are scripted. */
function lessonConfig(lesson: Lesson, game: Game): GameConfig {
  const you = yourSeat(lesson, game);
  return {
    players: game.setup.players.map((p, i) =>
      i === you ? { ...p, kind: 'human' } : { ...p, kind: 'bot', level: 1 },
    ),
    seed: game.setup.seed,
    placement: 'hand',
    options: { ...game.setup.options },
  };
}

export function startLesson(id: string): void {
  const lesson = lessonById(id);
  if (!lesson) return;
  const game = lessonGame(lesson);
  closeMenu();
  useGame.getState().startLesson(id, game, lessonConfig(lesson, game));
}

/** The lesson menu: the basics, then the optional rules; lessons done are ticked. */
export function TutorialMenu() {
  const open = useTutorialMenu((s) => s.open);
  const done = usePrefs((s) => s.lessonsDone);
  const inLesson = useGame((s) => s.lesson !== null);
  if (!open) return null;
  const item = (l: Lesson) => {
    const n = LESSONS.indexOf(l) + 1;
    const finished = done.includes(l.id);
    return (
      <li key={l.id}>
        <button
          type="button"
          className={finished ? 'done' : ''}
          onClick={() => startLesson(l.id)}
          aria-label={`${n}. ${l.title}${finished ? ' (done)' : ''}`}
        >
          <span className="tick" aria-hidden="true">
            {finished ? '✓' : n}
          </span>
          {l.title}
        </button>
      </li>
    );
  };
  return (
    <div className="dialog tutorial-menu" role="dialog" aria-modal="true" aria-label="How to play">
      <h2>How to play</h2>
      <p>
        Short lessons on small real positions: read, then make the move asked for. About a minute
        each. {done.length > 0 && `${done.length} of ${LESSONS.length} done.`}
      </p>
      <h3>The game</h3>
      <ol className="lessons">{LESSONS.filter((l) => !l.rule).map(item)}</ol>
      <h3>Optional rules</h3>
      <ol className="lessons">{LESSONS.filter((l) => l.rule).map(item)}</ol>
      <div className="choices">
        {inLesson && (
          <button type="button" onClick={() => (closeMenu(), useGame.getState().leaveLesson())}>
            Leave the tutorial
          </button>
        )}
        <button type="button" onClick={closeMenu}>
          Close
        </button>
      </div>
    </div>
  );
}

type Said = { kind: 'intro' } | { kind: 'wrong' } | { kind: 'praise'; text: string };

/** Who made the last action of `game` (its label). */
const lastMover = (game: Game): string => game.players[game.positionAt(game.length - 1).turn].label;

/**
 * Follow the lesson's record: judge the player's actions, play the scripted replies, put the
 * position back after a wrong move. Returns the step, what to say, and whether the lesson is done.
 */
function useLessonRun(lesson: Lesson) {
  const [step, setStep] = useState(0);
  const [said, setSaid] = useState<Said>({ kind: 'intro' });
  const [finished, setFinished] = useState(false);
  const run = useRef({ step: 0, stepStart: useGame.getState().game?.length ?? 0, busy: false });
  const addTo = usePrefs((s) => s.addTo);

  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    const stepDone = (index: number) => {
      const next = index + 1;
      if (next < lesson.steps.length) {
        run.current.step = next;
        run.current.stepStart = useGame.getState().game?.length ?? 0;
        setStep(next);
      } else {
        setFinished(true);
        addTo('lessonsDone', lesson.id);
      }
      run.current.busy = false;
    };
    const replies = (index: number, texts: readonly string[]) => {
      run.current.busy = true;
      texts.forEach((text, k) =>
        timers.push(
          setTimeout(
            () => {
              const s = useGame.getState();
              const action = s.game?.legalActions().find((m) => s.game!.actionText(m) === text);
              // The lesson's script is checked by the unit tests; a refusal here is a bug.
              if (action === undefined || !s.play(action))
                s.setNotice({ kind: 'error', text: `The lesson could not play ${text}.` });
              if (k === texts.length - 1) stepDone(index);
            },
            REPLY_GAP * (k + 1),
          ),
        ),
      );
    };
    const unsubscribe = useGame.subscribe((s, prev) => {
      const r = run.current;
      const game = s.game;
      if (!game || game === prev.game || s.cursor !== game.length || r.busy || !s.lesson) return;
      if (game.length <= r.stepStart || lastMover(game) !== lesson.you) return;
      const current = lesson.steps[r.step];
      const text = game.actions[game.length - 1];
      const verdict = current.judge(text, game);
      if (verdict === 'more') return;
      if (verdict === 'wrong') {
        setSaid({ kind: 'wrong' });
        // Back to where the step began; the next move replaces the wrong one.
        r.busy = true;
        timers.push(
          setTimeout(() => {
            useGame.getState().goTo(r.stepStart);
            r.busy = false;
          }, REPLY_GAP),
        );
        return;
      }
      setSaid({ kind: 'praise', text: current.praise });
      if (current.replies?.length) replies(r.step, current.replies);
      else stepDone(r.step);
    });
    return () => {
      unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, [lesson, addTo]);
  return { step, said, finished };
}

/** The card of the lesson being played, in the game panel. */
export function LessonCard() {
  const session = useGame((s) => s.lesson);
  const lesson = session && lessonById(session.id);
  if (!lesson) return null;
  // A new lesson (or "try again", which starts it anew) starts a new run.
  return <LessonRun key={session.run} lesson={lesson} />;
}

function LessonRun({ lesson }: { lesson: Lesson }) {
  const { step, said, finished } = useLessonRun(lesson);
  // The step whose hint was asked for.
  const [hintFor, setHintFor] = useState(-1);
  const index = LESSONS.indexOf(lesson);
  const next = LESSONS[index + 1];
  const current = lesson.steps[step];
  const hint = hintFor === step;
  const words = useDeviceWords();
  return (
    <section className="lesson" aria-label="Lesson" data-testid="lesson">
      <h2>
        <small>
          Lesson {index + 1} of {LESSONS.length}
        </small>
        {lesson.title}
      </h2>
      {lesson.intro.map((p, i) => (
        <p key={i}>{words(p)}</p>
      ))}
      {!finished && (
        <p className="goal" data-testid="lesson-goal">
          <strong>Goal:</strong> {words(current.goal)}
        </p>
      )}
      <div className="feedback" role="status" data-testid="lesson-feedback">
        {said.kind === 'wrong' && !finished && (
          <p className="wrong">
            Not this time — the position goes back. <strong>Hint:</strong> {words(current.hint)}
          </p>
        )}
        {said.kind === 'praise' && <p className="praise">{words(said.text)}</p>}
        {finished && (
          <p className="done">
            <strong>Lesson done.</strong> {words(lesson.done)}
          </p>
        )}
        {hint && said.kind !== 'wrong' && !finished && (
          <p className="hint-text">
            <strong>Hint:</strong> {words(current.hint)}
          </p>
        )}
      </div>
      <div className="choices">
        {finished && next && (
          <button type="button" className="primary" onClick={() => startLesson(next.id)}>
            Next lesson
          </button>
        )}
        {!finished && (
          <button type="button" onClick={() => setHintFor(step)} disabled={hint}>
            Hint
          </button>
        )}
        <button type="button" onClick={() => startLesson(lesson.id)}>
          Try again
        </button>
        <button type="button" onClick={openTutorial}>
          All lessons
        </button>
        <button type="button" onClick={() => useGame.getState().leaveLesson()}>
          Leave the tutorial
        </button>
      </div>
    </section>
  );
}
