/**
 * The rules page's text (issue 50 item 11): written for players, complete against the
 * specification (docs/RULES.md): a section for each of R1–R11, each optional rule of R9 named
 * in plain words, and nothing addressed to the project's developers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

const players = readFileSync('src/text/rulesForPlayers.md', 'utf8');
const spec = readFileSync('docs/RULES.md', 'utf8');

const sections = [...spec.matchAll(/^## (R\d+)\. /gm)].map((m) => m[1]);
const optional = [...spec.matchAll(/^- R9\.\d ([A-Z][A-Za-z ]+?)\. /gm)].map((m) => m[1]);

describe('the rules for players', () => {
  test('the specification has R1–R11 and the optional rules to cover', () => {
    expect(sections).toEqual(Array.from({ length: 11 }, (_, i) => `R${i + 1}`));
    expect(optional).toEqual([
      'Hyperspace',
      'Dimensional Collapse',
      'Cowardly Kings',
      'Interdimensional Scavenger',
      'Shade Order',
      'Combinations',
    ]);
  });

  test.each(sections)('%s has its own section, citing the clause', (clause) => {
    expect(players).toMatch(new RegExp(`^## \\d+\\. .*\\(${clause}\\)$`, 'm'));
  });

  test.each(optional.filter((o) => o !== 'Combinations'))(
    'the optional rule %s is explained in plain words',
    (name) => {
      // The item runs on over its wrapped lines, to the next item or the end of the list.
      const item = new RegExp(`^- \\*\\*${name}\\.\\*\\* ([\\s\\S]+?)(?=\\n- |\\n\\n)`, 'm').exec(
        players,
      );
      expect(item, name).not.toBeNull();
      expect(item![1].length).toBeGreaterThan(150);
    },
  );

  test('R9.7 the house rule Quiet shifts is explained in plain words, labelled a house rule', () => {
    const item =
      /^- \*\*Quiet shifts\*\* \(a house rule, not in the original rules\)\. ([\s\S]+?)(?=\n- |\n\n)/m.exec(
        players,
      );
    expect(item).not.toBeNull();
    expect(item![1]).toMatch(/may not put any opponent's king in\s+check/);
    expect(item![1]).toMatch(/from four players on/);
    expect(item![1]).toMatch(/on from four players and off at three/);
  });

  test('facts players need, as the specification states them', () => {
    // R1.3 board counts, R2.3 rounds, R7.2 and R8.2 counts, R9.2 countdown.
    expect(players).toContain(
      '3 boards at 3 players, 6 at\n  4, 10 at 5, 15 at 6, 21 at 7, 28 at 8',
    );
    expect(players).toContain('(16 with Cowardly Kings, where the king is placed too)');
    expect(players).toContain('100 turns in a row without a capture or a pawn move');
    expect(players).toContain('50 turns per player still in the game');
    expect(players).toMatch(/a countdown from 5/);
  });

  test('nothing addressed to developers: no issue notes, no code words', () => {
    for (const word of [/\bissue\b/i, /\brules core\b/i, /\bchoice:/i, /\bperft\b/i, /\bparse\(/])
      expect(players).not.toMatch(word);
  });
});
