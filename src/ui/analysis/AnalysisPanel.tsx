/**
 * The analysis board's panel (issue 47 item 3): the banner that says the boards are not the
 * game, the bots' best line with each player's evaluation, the moves tried as a variation tree
 * (main line, side lines in brackets, lichess's way), and "Play from here".
 */
import { useRef, useState, type ReactNode } from 'react';
import { OVER, type Game } from '../../core';
import type { BotLevel } from '../../store/config';
import { useGame } from '../../store/store';
import type { AnalysisSession } from '../../store/slices/analysis.types';
import { ROOT, nodeOf, type VariationTree } from '../../store/variations';
import { ANALYSIS_TEXT, playerJudgement, scoreNumber, scoreWords } from '../../text/analysis';
import { useRevealed } from '../reveal';

/** The banner at the head of the panel: these boards are not the game; the way back to it. */
export function AnalysisBanner() {
  const close = useGame((s) => s.closeAnalysis);
  return (
    <div className="analysis-banner" role="status" data-testid="analysis-banner">
      <strong>{ANALYSIS_TEXT.banner}</strong>
      <button type="button" className="primary" onClick={close}>
        {ANALYSIS_TEXT.back}
      </button>
    </div>
  );
}

/** The best line, the tree of the moves tried and "Play from here" (in the move list's place). */
export function AnalysisPanel() {
  const analysis = useGame((s) => s.analysis)!;
  return (
    <>
      <BestLine analysis={analysis} />
      <Variations analysis={analysis} />
      <PlayFromHere shown={analysis.shown} />
    </>
  );
}

function BestLine({ analysis }: { analysis: AnalysisSession }) {
  const { line, shown } = analysis;
  const playLine = useGame((s) => s.playBestLine);
  const player = (p: number) => shown.players[p];
  const steps = line?.found ?? [];
  const thinking = !line || line.status === 'thinking';
  const body =
    line?.status === 'failed' ? (
      <p>{ANALYSIS_TEXT.noLine(line.error ?? '')}</p>
    ) : (
      <ol className="analysis-steps" data-testid="best-line">
        {steps.map((step, i) => (
          <li
            key={i}
            style={{ borderColor: player(step.player).colour }}
            title={`${player(step.player).name}: ${scoreWords(step.score)}`}
          >
            <span className="who">{player(step.player).name}</span>{' '}
            <button
              type="button"
              title={ANALYSIS_TEXT.playLineTitle}
              onClick={() => playLine(i + 1)}
            >
              {step.action}
            </button>{' '}
            <span
              className="score"
              aria-label={playerJudgement(player(step.player).name, step.score)}
            >
              {scoreNumber(step.score)}, {scoreWords(step.score)}
            </span>
          </li>
        ))}
      </ol>
    );
  return (
    <section className="analysis-line" aria-label={ANALYSIS_TEXT.bestLine} aria-busy={thinking}>
      <h3>{ANALYSIS_TEXT.bestLine}</h3>
      {body}
      {thinking && <p>{ANALYSIS_TEXT.thinking}</p>}
    </section>
  );
}

/** The moves tried, as a tree: each main line in a row, its side lines in brackets after the move they replace. */
function Variations({ analysis }: { analysis: AnalysisSession }) {
  const { tree, node, base } = analysis;
  const goTo = useGame((s) => s.goToVariation);
  const remove = useGame((s) => s.deleteVariation);
  const promote = useGame((s) => s.promoteVariation);
  const box = useRef<HTMLElement>(null);
  useRevealed(box, '.current', [node, tree]);
  const move = (id: number) => {
    const n = nodeOf(tree, id);
    const player = base.players[n.player];
    return (
      <button
        key={`m${id}`}
        type="button"
        className={id === node ? 'current' : ''}
        aria-current={id === node}
        style={{ borderLeftColor: player?.colour }}
        onClick={() => goTo(id)}
        data-node={id}
      >
        {player?.label} {n.action}
      </button>
    );
  };
  const shownNode = nodeOf(tree, node);
  const isSide = shownNode.parent !== null && nodeOf(tree, shownNode.parent).children[0] !== node;
  return (
    <section ref={box} className="moves analysis-tree" aria-label={ANALYSIS_TEXT.moves}>
      <button
        type="button"
        className={node === ROOT ? 'current' : ''}
        aria-current={node === ROOT}
        onClick={() => goTo(ROOT)}
      >
        {ANALYSIS_TEXT.start}
      </button>
      {nodeOf(tree, ROOT).children.length === 0 ? (
        <p className="analysis-help">{ANALYSIS_TEXT.noMoves}</p>
      ) : (
        <Continuation tree={tree} from={ROOT} move={move} />
      )}
      {node !== ROOT && (
        <div className="analysis-tree-actions">
          <button type="button" onClick={() => remove(node)}>
            {ANALYSIS_TEXT.deleteLine}
          </button>
          {isSide && (
            <button type="button" onClick={() => promote(node)}>
              {ANALYSIS_TEXT.promoteLine}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/** What follows node `from`: its main line, each move followed by the side lines that replace it. */
function Continuation(props: {
  tree: VariationTree;
  from: number;
  move: (id: number) => ReactNode;
}): ReactNode {
  const { tree, move } = props;
  const items: ReactNode[] = [];
  for (let at = props.from; nodeOf(tree, at).children.length > 0;) {
    const [main, ...sides] = nodeOf(tree, at).children;
    items.push(move(main));
    for (const side of sides)
      items.push(
        <span key={`v${side}`} className="variation">
          {move(side)}
          <Continuation tree={tree} from={side} move={move} />
        </span>,
      );
    at = main;
  }
  return <>{items}</>;
}

/** "Play from here", with the seats to play it: by default you move the player to move. */
function PlayFromHere({ shown }: { shown: Game }) {
  const play = useGame((s) => s.playFromHere);
  const over = shown.position.phase === OVER;
  const turn = shown.position.turn;
  const [chosen, setChosen] = useState<{ turn: number; seats: (BotLevel | null)[] } | null>(null);
  const seats =
    chosen?.turn === turn ? chosen.seats : shown.players.map((_, p) => (p === turn ? null : 1));
  return (
    <div className="analysis-play">
      <details>
        <summary>{ANALYSIS_TEXT.seats}</summary>
        {shown.players.map((p, i) => (
          <label key={p.label} style={{ borderColor: p.colour }}>
            {p.name}{' '}
            <select
              value={seats[i] ?? 0}
              onChange={(e) => {
                const next = [...seats];
                const level = Number(e.target.value);
                next[i] = level === 0 ? null : (level as BotLevel);
                setChosen({ turn, seats: next });
              }}
            >
              <option value={0}>{ANALYSIS_TEXT.seatHuman}</option>
              {[1, 2, 3].map((level) => (
                <option key={level} value={level}>
                  {ANALYSIS_TEXT.seatBot(level)}
                </option>
              ))}
            </select>
          </label>
        ))}
      </details>
      <button
        type="button"
        title={ANALYSIS_TEXT.playFromHereTitle}
        disabled={over}
        onClick={() => play(seats)}
      >
        {ANALYSIS_TEXT.playFromHere}
      </button>
    </div>
  );
}
