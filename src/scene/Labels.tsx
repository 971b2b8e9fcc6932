/**
 * Board labels as DOM overlays (no font downloads): the board's name and its two players.
 * The buttons are ordinary DOM; a tracker inside the canvas moves them after every frame by
 * writing their transforms directly (no React state per frame).
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useMemo } from 'react';
import { Vector3 } from 'three';
import type { Layout } from './layout';
import { squareWorld } from './world';

/** The label elements by board index, written by BoardLabels and moved by LabelTracker. */
const labelEls: (HTMLElement | null)[] = [];

function anchorsOf(layout: Layout): Vector3[] {
  return layout.boards.map((_, b) => {
    // Just beyond the middle of the far (rank 8) edge.
    const mid = squareWorld(layout, b, 0x73)
      .add(squareWorld(layout, b, 0x74))
      .multiplyScalar(0.5);
    const far = squareWorld(layout, b, 0x74).sub(squareWorld(layout, b, 0x64));
    return mid.addScaledVector(far, 1.2);
  });
}

const v = new Vector3();

export function LabelTracker({ layout }: { layout: Layout }) {
  const anchors = useMemo(() => anchorsOf(layout), [layout]);
  const size = useThree((s) => s.size);
  useFrame(({ camera }) => {
    anchors.forEach((a, b) => {
      const el = labelEls[b];
      if (!el) return;
      v.copy(a).project(camera);
      const visible = v.z < 1 && Math.abs(v.x) < 1.05 && Math.abs(v.y) < 1.05;
      const x = ((v.x + 1) / 2) * size.width;
      const y = ((1 - v.y) / 2) * size.height;
      el.style.transform = `translate(-50%, -50%) translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
      el.style.visibility = visible ? 'visible' : 'hidden';
    });
  });
  return null;
}

export interface LabelsProps {
  layout: Layout;
  names: readonly string[];
  colours: string[];
  live: ArrayLike<number>;
  checkedBoards: Set<number>;
  onFocus: (board: number) => void;
}

export function BoardLabels({ layout, names, colours, live, checkedBoards, onFocus }: LabelsProps) {
  return (
    <div className="labels">
      {layout.boards.map((board, b) =>
        live[b] ? (
          <button
            key={b}
            ref={(el) => {
              labelEls[b] = el;
            }}
            type="button"
            className={`board-label${checkedBoards.has(b) ? ' check' : ''}`}
            style={{ visibility: 'hidden' }}
            onClick={() => onFocus(b)}
            onPointerDown={(e) => e.stopPropagation()}
            onPointerUp={(e) => e.stopPropagation()}
            title={`Focus board ${names[b]}`}
          >
            <span className="swatch" style={{ background: colours[board.players[0]] }} />
            {names[b]}
            <span className="swatch" style={{ background: colours[board.players[1]] }} />
          </button>
        ) : null,
      )}
    </div>
  );
}
