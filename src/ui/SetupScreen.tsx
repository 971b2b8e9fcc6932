/**
 * The setup screen: one click into a game against bots or a demo show, then the full setup —
 * players, colours, seats, placement mode, optional rules and the house rule (on or off with the
 * number of players until switched by hand), and the turn-order seed under "More options".
 */
import { useMemo, useState, type ReactNode } from 'react';
import {
  NO_OPTIONS,
  normalizeSetup,
  relativeLuminance,
  turnOrder,
  type OptionName,
  type TimeControl,
} from '../core';
import {
  BOT_LEVELS,
  type BotLevel,
  botLevel,
  defaultRulesFor,
  THINKING_TIMES,
  quickConfig,
  randomSeed,
  toSetup,
  withPlayerCount,
  type GameConfig,
  type PlacementMode,
  type PlayerConfig,
} from '../store/config';
import { usePrefs } from '../device/prefs';
import { useGame } from '../store/store';
import { openTutorial } from './Tutorial';
import { OnlineSetup } from './OnlineSetup';
import { InstallOffer, OfflineReady } from './InstallOffer';
import { CLOCK_TEXT, HOUSE_RULES, OPTIONAL_RULES } from '../text';
import { ClockChoice } from './ClockChoice';
import { IdentityLine } from './account/IdentityLine';
import { ProfileLinks } from './profile/ProfilePages';

/** A seat as the select shows it: "human", "bot-1", "bot-2", "bot-3". */
const seatValue = (p: PlayerConfig) => (p.kind === 'bot' ? `bot-${botLevel(p)}` : 'human');
const seatOf = (value: string): Pick<PlayerConfig, 'kind' | 'level'> =>
  value === 'human'
    ? { kind: 'human', level: undefined }
    : { kind: 'bot', level: (Number(value.slice(4)) || 1) as 1 | 2 | 3 };

/** The setup screen; `onWatchDemo` starts a demo show (the app wires it). */
/** A rule's checkbox with its words beside it (an optional rule or a house rule). */
function RuleSwitch({
  rule,
  on,
  set,
  children,
}: {
  rule: OptionName;
  on: boolean;
  set: (rule: OptionName, on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label>
      <input
        type="checkbox"
        name={rule}
        checked={on}
        onChange={(e) => set(rule, e.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}

export function SetupScreen({ onWatchDemo }: { onWatchDemo: () => void }) {
  const stored = useGame((s) => s.config);
  const hasGame = useGame((s) => s.game !== null);
  const newGame = useGame((s) => s.newGame);
  // A new game's house rule follows its number of players (unless set by hand), whatever game
  // the stored setup came from.
  const [draft, setDraft] = useState<GameConfig>(() => defaultRulesFor(stored));
  const quickLevel = usePrefs((p) => p.quickLevel);
  const setPref = usePrefs((p) => p.setPref);
  // "Play against bots" untimed unless the player ticks its clocks (the setup's choice below).
  const [quickClock, setQuickClock] = useState<TimeControl | null>(null);

  const setCount = (count: number) => setDraft((d) => withPlayerCount(d, count));
  const setPlayer = (i: number, patch: Partial<GameConfig['players'][number]>) =>
    setDraft((d) => ({
      ...d,
      players: d.players.map((p, j) => (j === i ? { ...p, ...patch } : p)),
    }));

  const order = useMemo(() => {
    const norm = normalizeSetup(toSetup(draft));
    if (!norm.ok) return { error: norm.error.message, order: [] as number[] };
    return { error: null, order: turnOrder(norm.value) };
  }, [draft]);

  const options = draft.options ?? NO_OPTIONS;
  const setOption = (name: OptionName, on: boolean) =>
    setDraft((d) => ({
      ...d,
      options: { ...d.options, [name]: on },
      ...(name === 'quiet' && { quietSetByHand: true }),
    }));
  // Shade Order: the armies from lightest to darkest, so players can see why (R9.5).
  const shades = useMemo(
    () =>
      draft.players
        .map((p, i) => ({ ...p, i, lum: relativeLuminance(p.colour) }))
        .sort((a, b) => b.lum - a.lum),
    [draft.players],
  );

  const start = (e: React.FormEvent) => {
    e.preventDefault();
    if (!order.error) newGame(draft);
  };

  return (
    <main className="setup">
      <form onSubmit={start} aria-labelledby="setup-title">
        <h1 id="setup-title">n-Dimensional Chess</h1>
        <p className="lede">
          One board for every pair of players. Your king stands on all your boards at once; every
          other piece may shift between them.
        </p>
        <IdentityLine />
        <div className="quick-start">
          <button
            type="button"
            className="primary"
            onClick={() => newGame(quickConfig(quickLevel, undefined, quickClock))}
          >
            Play against bots
          </button>
          <select
            aria-label="Level of the bots"
            value={quickLevel}
            onChange={(e) => setPref('quickLevel', Number(e.target.value) as BotLevel)}
          >
            {BOT_LEVELS.map((l) => (
              <option key={l.level} value={l.level}>
                {l.name}
              </option>
            ))}
          </select>
          <ClockChoice label="Timed" value={quickClock} set={setQuickClock} />
          <button type="button" onClick={onWatchDemo}>
            Watch demo
          </button>
          <button type="button" onClick={openTutorial}>
            How to play
          </button>
          <p>
            You and two {BOT_LEVELS[quickLevel - 1].name} bots, armies placed for you
            {quickLevel === 1 && ', Hint on'} — or watch five bots play a show that explains the
            game as it goes. Or set up your own game below.
          </p>
          <InstallOffer />
          <OfflineReady />
          <nav className="profile-links">
            <ProfileLinks />
          </nav>
        </div>
        <h2 className="setup-heading">Your own game</h2>

        <label className="row">
          <span>Players</span>
          <select
            name="count"
            aria-label="Number of players"
            value={draft.players.length}
            onChange={(e) => setCount(Number(e.target.value))}
          >
            {[2, 3, 4, 5, 6, 7, 8].map((n) => (
              <option key={n} value={n}>
                {n === 2 ? '2 (classic chess)' : `${n} (${(n * (n - 1)) / 2} boards)`}
              </option>
            ))}
          </select>
        </label>

        <fieldset className="armies">
          <legend>Armies</legend>
          {draft.players.map((p, i) => (
            <div className="player-row" key={i}>
              <span
                className="letter"
                title="This army's letter: its place in the turn order (boards are named by letters)"
                data-testid={`letter-${i}`}
              >
                {order.error ? '?' : 'ABCDEFGH'[order.order.indexOf(i)]}
              </span>
              <input
                type="color"
                aria-label={`Player ${i + 1} colour`}
                value={p.colour}
                onChange={(e) => setPlayer(i, { colour: e.target.value })}
              />
              <input
                type="text"
                aria-label={`Player ${i + 1} name`}
                value={p.name}
                maxLength={40}
                onChange={(e) => setPlayer(i, { name: e.target.value })}
              />
              <select
                aria-label={`Player ${i + 1} seat`}
                value={seatValue(p)}
                onChange={(e) => setPlayer(i, seatOf(e.target.value))}
              >
                <option value="human">Human</option>
                {BOT_LEVELS.map(({ level, name }) => (
                  <option key={level} value={`bot-${level}`}>
                    Bot — level {level} ({name})
                  </option>
                ))}
              </select>
            </div>
          ))}
        </fieldset>

        <p className="order" aria-live="polite">
          {order.error ??
            `Turn order${options.shade ? ' (Shade Order: lightest first)' : ''}: ${order.order
              .map((idx, k) => `${'ABCDEFGH'[k]} ${draft.players[idx].name}`)
              .join(' → ')}`}
        </p>

        {draft.players.length > 2 && (
          <fieldset className="placement">
            <legend>Placement</legend>
            {(
              [
                ['hand', 'By hand'],
                ['balanced', 'Auto, balanced'],
                ['random', 'Auto, random'],
              ] as [PlacementMode, string][]
            ).map(([mode, label]) => (
              <label key={mode}>
                <input
                  type="radio"
                  name="placement"
                  value={mode}
                  checked={draft.placement === mode}
                  onChange={() => setDraft((d) => ({ ...d, placement: mode }))}
                />
                {label}
              </label>
            ))}
          </fieldset>
        )}

        <fieldset className="options">
          <legend>Optional rules</legend>
          {OPTIONAL_RULES.map(([key, name, hint]) => (
            <RuleSwitch key={key} rule={key} on={!!options[key]} set={setOption}>
              <strong>{name}</strong>
              <span className="hint-line">{hint}</span>
            </RuleSwitch>
          ))}
          {options.shade && (
            <ol className="shades" aria-label="Armies from lightest to darkest">
              <li className="note">Lightest first:</li>
              {shades.map((p) => (
                <li key={p.i}>
                  <span className="swatch" style={{ background: p.colour }} />
                  <span>{p.name || `Player ${p.i + 1}`}</span>
                  <small>{Math.round(p.lum * 100)}%</small>
                </li>
              ))}
            </ol>
          )}
        </fieldset>

        <fieldset className="options house-rules">
          <legend>House rule</legend>
          {HOUSE_RULES.map(([key, name, why]) => (
            <RuleSwitch key={key} rule={key} on={!!options[key]} set={setOption}>
              <strong>{name}</strong> <span className="tag">house rule</span>
              <span className="hint-line">{why}</span>
            </RuleSwitch>
          ))}
        </fieldset>

        <fieldset className="clocks">
          <legend>Time</legend>
          <ClockChoice
            value={draft.timeControl ?? null}
            set={(tc) => setDraft((d) => ({ ...d, timeControl: tc ?? undefined }))}
          />
          <p className="note">{CLOCK_TEXT.localNote}</p>
        </fieldset>

        <details className="more">
          <summary>More options</summary>
          <label className="row">
            <span>Seed of the turn order</span>
            <input
              type="text"
              aria-label="Seed"
              value={draft.seed}
              maxLength={100}
              onChange={(e) => setDraft((d) => ({ ...d, seed: e.target.value }))}
            />
            <button type="button" onClick={() => setDraft((d) => ({ ...d, seed: randomSeed() }))}>
              New seed
            </button>
          </label>
          <p className="note">
            The same seed gives the same turn order (and the same random placement), so a game can
            be set up again.
          </p>
          <label className="row">
            <span>Thinking time of strong bots</span>
            <select
              aria-label="Thinking time"
              value={String(draft.thinkMs ?? '')}
              onChange={(e) =>
                setDraft((d) => ({
                  ...d,
                  thinkMs: e.target.value ? Number(e.target.value) : undefined,
                }))
              }
            >
              {THINKING_TIMES.map((t) => (
                <option key={t.name} value={t.ms ?? ''}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          <p className="note">
            A strong bot thinks up to twice as long when its best move keeps changing.
          </p>
          <label className="row">
            <span>Hint button</span>
            <select
              aria-label="Hint button"
              value={draft.hintButton === undefined ? '' : draft.hintButton ? 'on' : 'off'}
              onChange={(e) =>
                setDraft((d) => ({
                  ...d,
                  hintButton: e.target.value ? e.target.value === 'on' : undefined,
                }))
              }
            >
              <option value="">on only when every seat is human</option>
              <option value="on">on</option>
              <option value="off">off</option>
            </select>
          </label>
          <p className="note">
            "Hint" shows the strong bot&apos;s move for the player to move and why; "Threats" shows
            what each opponent would play if it were their turn. Off by default in a game against
            bots; the hints each player used are counted and saved with the game.
          </p>
        </details>

        <OnlineSetup draft={draft} invalid={!!order.error} />

        <div className="actions">
          {hasGame && (
            <button type="button" onClick={() => useGame.setState({ screen: 'game' })}>
              Back to the game
            </button>
          )}
          <button type="submit" className="primary" disabled={!!order.error}>
            Start game
          </button>
        </div>
      </form>
    </main>
  );
}
