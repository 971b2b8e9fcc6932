/**
 * "Play online now" (quick pairing, issue 49 item 1) on the setup screen's online part: the
 * table size (or any), the clocks and the optional rules (none: standard; the house rule Quiet
 * shifts comes with the table's size); the server seats the player at the oldest waiting table of
 * that format, or opens one. The player sits down with the setup's first human name.
 */
import { useState } from 'react';
import { defaultOptions, type OptionName } from '../core';
import {
  MAX_TABLE,
  MIN_TABLE,
  PAIRING_CLOCKS,
  onlineClient,
  rulesKey,
  useRoomBusy,
} from '../online/onlineRoom';
import { OPTIONAL_RULES, PAIRING_TEXT as T } from '../text';

const SIZES = Array.from({ length: MAX_TABLE - MIN_TABLE + 1 }, (_, i) => MIN_TABLE + i);

export function PlayNow({ name }: { name: string }) {
  const [size, setSize] = useState<number | 'any'>(3);
  const [clock, setClock] = useState<(typeof PAIRING_CLOCKS)[number]>('none');
  const [rules, setRules] = useState<Partial<Record<OptionName, boolean>>>({});
  const busy = useRoomBusy();
  const play = () =>
    void onlineClient.playNow({
      ...(size !== 'any' && { size }),
      clock,
      rules: rulesKey(rules),
      name,
    });
  return (
    <fieldset className="play-now">
      <legend>{T.title}</legend>
      <p className="note">{T.intro}</p>
      <label className="row">
        <span>{T.size}</span>
        <select
          aria-label={T.size}
          value={size}
          onChange={(e) => setSize(e.target.value === 'any' ? 'any' : Number(e.target.value))}
        >
          <option value="any">{T.anySize}</option>
          {SIZES.map((n) => (
            <option key={n} value={n}>
              {T.players(n)}
            </option>
          ))}
        </select>
      </label>
      <label className="row">
        <span>{T.clock}</span>
        <select
          aria-label={T.clock}
          value={clock}
          onChange={(e) => setClock(e.target.value as typeof clock)}
        >
          {PAIRING_CLOCKS.map((c) => (
            <option key={c} value={c}>
              {T.clockWords(c)}
            </option>
          ))}
        </select>
      </label>
      <div role="group" aria-label={T.rules}>
        <span>{T.rules}</span>
        {OPTIONAL_RULES.map(([option, label]) => (
          <label key={option} className="row">
            <input
              type="checkbox"
              aria-label={T.ruleAtTable(label)}
              checked={!!rules[option]}
              onChange={(e) => setRules((r) => ({ ...r, [option]: e.target.checked }))}
            />
            <span>{label}</span>
          </label>
        ))}
        <p className="note" data-testid="quiet-at-table">
          {T.quietAtTable(size === 'any' ? null : defaultOptions(size).quiet)}
        </p>
      </div>
      <div className="actions">
        <button type="button" className="primary" disabled={busy} onClick={play}>
          {busy ? T.busy : T.button}
        </button>
      </div>
    </fieldset>
  );
}
