/** Reading a pairing request (issue 49 items 1 and 5): one canonical spelling of each format field. */
import { describe, expect, it } from 'vitest';
import { NO_OPTIONS } from '../../src/core';
import {
  optionsOf,
  readBotVote,
  readPairFormat,
  rulesKey,
  tableOptions,
  timeControlOf,
} from '../../src/net';

describe('pairing requests', () => {
  it('a table format is read as written; no size is any size', () => {
    expect(
      readPairFormat({ size: 5, clock: '10+5', rules: 'hyperspace+shade', name: 'Ada' }),
    ).toEqual({ ok: true, value: { size: 5, clock: '10+5', rules: 'hyperspace+shade' } });
    expect(readPairFormat({ clock: 'none', rules: 'standard' })).toEqual({
      ok: true,
      value: { clock: 'none', rules: 'standard' },
    });
  });

  it('an impossible format is refused with what is wrong', () => {
    const refused = (v: unknown) => {
      const read = readPairFormat(v);
      return read.ok ? null : read.error;
    };
    expect(refused([])?.message).toBe('a pairing request must be an object');
    expect(refused({ size: 2.5, clock: 'none', rules: 'standard' })?.code).toBe('bad-format');
    expect(refused({ size: 8.0, clock: 'none', rules: 'standard' })).toBeNull();
    expect(refused({ size: 9, clock: 'none', rules: 'standard' })?.message).toMatch(/3–8/);
    expect(refused({ clock: { baseMs: 1000 }, rules: 'standard' })?.message).toMatch(/clock/);
    expect(refused({ clock: 'none', rules: 'standard+hyperspace' })?.message).toMatch(/options/);
    expect(refused({ clock: 'none', rules: 'x'.repeat(5000) })?.message).toMatch(/options/);
    expect(refused({ clock: 'none', rules: 'standard', __proto__x: 1 })?.message).toMatch(
      /no field "__proto__x"/,
    );
  });

  it('the rules field and the clock are the options and time control they name', () => {
    expect(rulesKey({})).toBe('standard');
    expect(rulesKey({ shade: true, hyperspace: true, collapse: false })).toBe('hyperspace+shade');
    expect(optionsOf('hyperspace+shade')).toEqual({ hyperspace: true, shade: true });
    expect(timeControlOf('none')).toBeNull();
    expect(timeControlOf('3+2')).toEqual({ baseMs: 180_000, incrementMs: 2000 });
  });

  it('R9.7 a rules field names the optional rules; a table has Quiet shifts when its size has it by default', () => {
    expect(rulesKey({ quiet: true })).toBe('standard');
    expect(rulesKey({ hyperspace: true, quiet: true })).toBe('hyperspace');
    expect(tableOptions({ size: 3, rules: 'standard' })).toEqual(NO_OPTIONS);
    expect(tableOptions({ size: 4, rules: 'standard' })).toEqual({ ...NO_OPTIONS, quiet: true });
    expect(tableOptions({ size: 8, rules: 'hyperspace+shade' })).toEqual({
      ...NO_OPTIONS,
      hyperspace: true,
      shade: true,
      quiet: true,
    });
  });

  it('R9.7 the rules fields of before Quiet shifts are read as they were; "quiet" is not one', () => {
    for (const rules of [
      'standard',
      'hyperspace',
      'collapse+shade',
      'hyperspace+collapse+cowardly+scavenger+shade',
    ])
      expect(readPairFormat({ size: 4, clock: 'none', rules }), rules).toEqual({
        ok: true,
        value: { size: 4, clock: 'none', rules },
      });
    for (const rules of ['quiet', 'hyperspace+quiet', 'standard+quiet']) {
      const read = readPairFormat({ size: 4, clock: 'none', rules });
      expect(read.ok ? null : read.error.message, rules).toMatch(
        /some of hyperspace, collapse, cowardly, scavenger, shade joined by "\+".*Quiet shifts comes with the table's size/,
      );
    }
  });

  it('a bot vote is a level 1–3', () => {
    expect(readBotVote({ level: 2 })).toEqual({ ok: true, value: { level: 2 } });
    expect(readBotVote({ level: 4 }).ok).toBe(false);
    expect(readBotVote('2').ok).toBe(false);
    const padded = readBotVote({ level: 1, pad: 'x'.repeat(5000) });
    expect(padded.ok ? null : padded.error.code).toBe('too-large');
  });
});
