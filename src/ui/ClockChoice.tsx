/**
 * The choice of clocks (R11.1) on the setup screen, for a game on this device, an online room and
 * "Play against bots" alike: off, or minutes per player and seconds added after each of their
 * turns.
 */
import type { TimeControl } from '../core';

/** The clocks offered when the box is ticked: 10 minutes each, 5 seconds a turn. */
export const DEFAULT_TIME_CONTROL: TimeControl = { baseMs: 10 * 60_000, incrementMs: 5_000 };

const clampInt = (text: string, min: number, max: number, fallback: number) => {
  const n = Math.round(Number(text));
  return Number.isFinite(n) ? Math.max(min, Math.min(max, n)) : fallback;
};

/** A whole-number field kept within [min, max] (`fallback` when the text is not a number). */
export function WholeNumber(props: {
  label: string;
  min: number;
  max: number;
  value: number;
  fallback: number;
  set: (value: number) => void;
}) {
  const { label, min, max, value, fallback, set } = props;
  return (
    <input
      type="number"
      aria-label={label}
      min={min}
      max={max}
      value={value}
      onChange={(e) => set(clampInt(e.target.value, min, max, fallback))}
    />
  );
}

/**
 * Clocks on or off (null), with their minutes per player and seconds per turn. `label` names the
 * box ("Clocks" unless told otherwise).
 */
export function ClockChoice(props: {
  value: TimeControl | null;
  set: (value: TimeControl | null) => void;
  label?: string;
}) {
  const { value: tc, set, label = 'Clocks' } = props;
  return (
    <label className="row">
      <input
        type="checkbox"
        name="clock"
        checked={tc !== null}
        onChange={(e) => set(e.target.checked ? DEFAULT_TIME_CONTROL : null)}
      />
      <span>{label}</span>
      {tc && (
        <>
          <WholeNumber
            label="Minutes per player"
            min={1}
            max={180}
            value={Math.round(tc.baseMs / 60_000)}
            fallback={10}
            set={(minutes) => set({ ...tc, baseMs: minutes * 60_000 })}
          />
          <small>min +</small>
          <WholeNumber
            label="Seconds added per move"
            min={0}
            max={60}
            value={Math.round(tc.incrementMs / 1000)}
            fallback={5}
            set={(seconds) => set({ ...tc, incrementMs: seconds * 1000 })}
          />
          <small>s per move</small>
        </>
      )}
    </label>
  );
}
