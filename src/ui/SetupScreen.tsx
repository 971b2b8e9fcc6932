/** The setup screen: players, colours, seats, turn-order seed, placement mode, optional rules. */
import { useMemo, useState } from 'react';
import { normalizeSetup, turnOrder } from '../core';
import {
  ARMY_COLOURS,
  DEFAULT_NAMES,
  randomSeed,
  toSetup,
  type GameConfig,
  type PlacementMode,
} from '../store/config';
import { useGame } from '../store/store';

const OPTIONAL_RULES = [
  ['Hyperspace', 'R9.1: move on every board each turn'],
  ['Dimensional Collapse', 'R9.2: boards of eliminated players collapse'],
  ['Cowardly Kings', 'R9.3: the king stands on one board and flees'],
  ['Interdimensional Scavenger', 'R9.4: the checkmater inherits the army'],
  ['Shade Order', 'R9.5: turn order from light to dark colours'],
] as const;

export function SetupScreen() {
  const stored = useGame((s) => s.config);
  const hasGame = useGame((s) => s.game !== null);
  const newGame = useGame((s) => s.newGame);
  const [draft, setDraft] = useState<GameConfig>(stored);

  const setCount = (count: number) =>
    setDraft((d) => ({
      ...d,
      players: Array.from(
        { length: count },
        (_, i) =>
          d.players[i] ?? { name: DEFAULT_NAMES[i], colour: ARMY_COLOURS[i], kind: 'human' },
      ),
    }));
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

        <fieldset className="players">
          <legend>Armies</legend>
          {draft.players.map((p, i) => (
            <div className="player-row" key={i}>
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
                value={p.kind}
                onChange={(e) => setPlayer(i, { kind: e.target.value as 'human' })}
              >
                <option value="human">Human</option>
                <option value="bot" disabled>
                  Bot (coming)
                </option>
              </select>
            </div>
          ))}
        </fieldset>

        <label className="row">
          <span>Turn-order seed</span>
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
        <p className="order" aria-live="polite">
          {order.error ??
            `Turn order: ${order.order
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
          <legend>Optional rules (coming in a later version)</legend>
          {OPTIONAL_RULES.map(([name, hint]) => (
            <label key={name} title={hint}>
              <input type="checkbox" disabled /> {name}
            </label>
          ))}
        </fieldset>

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
