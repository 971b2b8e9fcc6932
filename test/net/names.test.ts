/**
 * Display names (issue #48 item 6, issue #61 item 11): what a name may hold, and when two names
 * are the same name. A name that looks like another is that name; a character that cannot be
 * seen is refused with its code point and position.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS, nameKey, readName, uniqueName } from '../../src/net';

const refusal = (name: string) => {
  const read = readName(name);
  return read.ok ? null : read.error;
};

describe('readName', () => {
  it.each([
    ['combining grapheme joiner', 'Ada\u034f', 'an invisible character U+034F at position 4'],
    ['emoji variation selector', 'Ada\ufe0f', 'a variation selector U+FE0F at position 4'],
    ['text variation selector', 'Ad\ufe00a', 'a variation selector U+FE00 at position 3'],
    [
      'ideographic variation selector',
      'Ada\u{e0100}',
      'a variation selector U+E0100 at position 4',
    ],
    ['Mongolian variation selector', 'Bo\u180b', 'a variation selector U+180B at position 3'],
    ['Khmer inherent vowel AQ', 'Ada\u17b4', 'an invisible character U+17B4 at position 4'],
    ['Khmer inherent vowel AA', '\u17b5Ada', 'an invisible character U+17B5 at position 1'],
    ['zero-width space', 'A\u200bda', 'an invisible character U+200B at position 2'],
    ['zero-width joiner', 'A\u200dda', 'an invisible character U+200D at position 2'],
    ['word joiner', 'Ada\u2060', 'an invisible character U+2060 at position 4'],
    ['soft hyphen', 'A\u00adda', 'an invisible character U+00AD at position 2'],
    ['byte order mark inside', 'C\ufeffy', 'an invisible character U+FEFF at position 2'],
    ['Mongolian vowel separator', 'Ada\u180e', 'an invisible character U+180E at position 4'],
    ['invisible times', 'Ada\u2062', 'an invisible character U+2062 at position 4'],
    ['tag character', 'Ada\u{e0041}', 'an invisible character U+E0041 at position 4'],
    ['Hangul filler', '\u3164', 'an invisible character U+3164 at position 1'],
    ['Hangul choseong filler', 'Ada\u115f', 'an invisible character U+115F at position 4'],
    ['Hangul jungseong filler', 'Ada\u1160', 'an invisible character U+1160 at position 4'],
    ['halfwidth Hangul filler', 'Ada\uffa0', 'an invisible character U+FFA0 at position 4'],
    ['Braille blank', 'Ada\u2800', 'an invisible character U+2800 at position 4'],
    [
      'right-to-left override',
      '\u202enimdA',
      'a direction-changing character U+202E at position 1',
    ],
    ['left-to-right mark', 'Ada\u200e', 'a direction-changing character U+200E at position 4'],
    ['isolate', '\u2066Bo\u2069', 'a direction-changing character U+2066 at position 1'],
    ['control character', 'a\nb', 'a control character U+000A at position 2'],
    ['line separator', 'a\u2028b', 'a control character U+2028 at position 2'],
    [
      'a name of marks only',
      '\u0301\u0301',
      'a combining mark U+0301 at position 1 with no letter before it',
    ],
    [
      'a mark at the start',
      '\u0308Ada',
      'a combining mark U+0308 at position 1 with no letter before it',
    ],
    [
      'a mark after a space',
      'Ada \u0301Bo',
      'a combining mark U+0301 at position 5 with no letter before it',
    ],
  ])('refuses a %s, naming the character and where', (_, name, what) => {
    expect(refusal(name)).toEqual({ code: 'bad-name', message: `the name contains ${what}` });
  });

  it('refuses what is not a name: empty, too long, no letter or digit, not a text', () => {
    expect(refusal('   ')).toEqual({ code: 'bad-name', message: 'the name is empty' });
    expect(refusal('x'.repeat(LIMITS.name + 1))?.message).toBe(
      `the name is longer than ${LIMITS.name} characters`,
    );
    expect(refusal('()-.')?.message).toBe('the name needs a letter or a digit');
    expect(readName(7)).toMatchObject({ ok: false, error: { code: 'bad-name' } });
  });

  it.each([
    ['Ada', 'Ada'],
    ['  Ada  ', 'Ada'],
    ['Zoë', 'Zoë'],
    ['Zoe\u0308', 'Zoë'],
    ['José', 'José'],
    ['Ngô Bảo Châu', 'Ngô Bảo Châu'],
    ['Łukasz Żółć', 'Łukasz Żółć'],
    ['Σωκράτης', 'Σωκράτης'],
    ['Пётр', 'Пётр'],
    ['李 7', '李 7'],
    ['한글', '한글'],
    ['देवनागरी', 'देवनागरी'],
    ['ภาษาไทย', 'ภาษาไทย'],
    ['ខ្មែរ', 'ខ្មែរ'],
    ['עברית', 'עברית'],
    ['العربية', 'العربية'],
    ['<b>Ada</b>', '<b>Ada</b>'],
    ['Ada\u00a0Lovelace', 'Ada Lovelace'],
    ['Ada \u3000 Lovelace', 'Ada Lovelace'],
  ])('takes %s (as %s)', (name, shown) => {
    expect(readName(name)).toEqual({ ok: true, value: shown });
  });
});

describe('nameKey and uniqueName', () => {
  it('names that look the same have one key: NFKC, case folded, spaces as one', () => {
    for (const [x, y] of [
      ['Ada', 'ADA'],
      ['Ada', 'ａｄａ'],
      ['Ada', 'Ａda'],
      ['ﬁona', 'Fiona'],
      ['Straße', 'STRASSE'],
      ['straẞe', 'strasse'],
      ['ΟΔΥΣΣΕΥΣ', 'οδυσσευς'],
      ['Ada Lovelace', 'ada  lovelace'],
      ['Ada Lovelace', 'Ada\u00a0Lovelace'],
      ['Zoë', 'Zoe\u0308'],
      ['Ada²', 'ada2'],
    ])
      expect(nameKey(x), `${x} / ${y}`).toBe(nameKey(y));
    expect(nameKey('Zoë')).not.toBe(nameKey('Zoe'));
    expect(nameKey('José')).not.toBe(nameKey('Jose'));
  });

  it('a name that looks like one at the table gets a suffix', () => {
    expect(uniqueName('Ada', ['Bo'])).toBe('Ada');
    expect(uniqueName('ADA', ['Ada'])).toBe('ADA (2)');
    expect(uniqueName('ａｄａ', ['Ada'])).toBe('ａｄａ (2)');
    expect(uniqueName('Ada', ['Ada', 'ADA (2)'])).toBe('Ada (3)');
    expect(uniqueName('Ada', ['Ada', 'ADA　（２）'])).toBe('Ada (3)');
  });
});
