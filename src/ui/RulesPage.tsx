/**
 * The rules page: the rules written for players (src/text/rulesForPlayers.md, true to the
 * specification docs/RULES.md, whose clauses it cites), loaded lazily and rendered by a tiny
 * Markdown reader; in a game, first the rules that game is played with.
 */
import type { ReactNode } from 'react';
import type { Options } from '../core';
import rules from '../text/rulesForPlayers.md?raw';
import { HOUSE_RULES, OPTIONAL_RULES, RULES_PAGE_TEXT as T } from '../text';

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*]+\*)/g;
  let last = 0;
  let k = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const t = m[0];
    if (t.startsWith('**')) out.push(<strong key={k++}>{t.slice(2, -2)}</strong>);
    else if (t.startsWith('`')) out.push(<code key={k++}>{t.slice(1, -1)}</code>);
    else out.push(<em key={k++}>{t.slice(1, -1)}</em>);
    last = m.index + t.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** The optional rules and the house rule on or off in a game played with `options`. */
function GameRules({ options }: { options: Options }) {
  const optional = OPTIONAL_RULES.filter(([key]) => options[key]).map(([, title]) => title);
  return (
    <section className="game-rules" aria-label={T.title} data-testid="game-rules">
      <h2>{T.title}</h2>
      <p>{T.optional(optional)}</p>
      {HOUSE_RULES.map(([key, title]) => (
        <p key={key}>
          <strong>{title}</strong> <span className="tag">house rule</span> {T.house(options[key])}
        </p>
      ))}
    </section>
  );
}

/** `options`: those of the game shown, whose rules are listed first; none outside a game. */
export default function RulesPage({ options }: { options?: Options }) {
  const blocks: ReactNode[] = [];
  const lines = rules.split('\n');
  let para: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (para.length) blocks.push(<p key={blocks.length}>{inline(para.join(' '))}</p>);
    if (list.length)
      blocks.push(
        <ul key={blocks.length}>
          {list.map((item, i) => (
            <li key={i}>{inline(item)}</li>
          ))}
        </ul>,
      );
    para = [];
    list = [];
  };
  for (const line of lines) {
    const h = /^(#{1,3}) (.*)$/.exec(line);
    if (h) {
      flush();
      const level = h[1].length;
      const id = h[2].toLowerCase().replace(/[^a-z0-9]+/g, '-');
      blocks.push(
        level === 1 ? (
          <h1 key={blocks.length}>{h[2]}</h1>
        ) : level === 2 ? (
          <h2 key={blocks.length} id={id}>
            {h[2]}
          </h2>
        ) : (
          <h3 key={blocks.length}>{h[2]}</h3>
        ),
      );
    } else if (/^- /.test(line)) {
      if (para.length) flush();
      list.push(line.slice(2));
    } else if (/^\s+\S/.test(line) && list.length) {
      list[list.length - 1] += ' ' + line.trim();
    } else if (!line.trim()) flush();
    else {
      if (list.length) flush();
      para.push(line.trim());
    }
  }
  flush();
  return (
    <article className="rules-page">
      {options && <GameRules options={options} />}
      {blocks}
    </article>
  );
}
