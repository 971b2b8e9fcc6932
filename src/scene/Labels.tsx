/**
 * Board labels as DOM overlays (no font downloads): the board's name and its two seat holders,
 * with badges for a collapse countdown (R9.2), a Cowardly king standing there (R9.3) and a
 * board still due a move this Hyperspace turn (R9.1). The buttons are ordinary DOM; a tracker
 * inside the canvas moves them after every frame by writing their transforms directly (no
 * React state per frame), following the boards as the stage moves them.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { Vector3 } from 'three';
import type { Stage } from './stage';
import { squareWorld } from './world';

const v = new Vector3();
const a = new Vector3();
const far = new Vector3();

/** Moves the label elements (`labels`, by board index, set by BoardLabels) after every frame. */
export function LabelTracker({ stage, labels }: { stage: Stage; labels: (HTMLElement | null)[] }) {
  const size = useThree((s) => s.size);
  useFrame(({ camera }) => {
    const layout = stage.current;
    layout.boards.forEach((board, b) => {
      const el = labels[b];
      if (!el) return;
      // Just beyond the middle of the far (rank 8) edge.
      squareWorld(layout, b, 0x73, 0, a).add(squareWorld(layout, b, 0x74, 0, v));
      a.multiplyScalar(0.5);
      squareWorld(layout, b, 0x74, 0, far).sub(squareWorld(layout, b, 0x64, 0, v));
      a.addScaledVector(far, 1.2);
      v.copy(a).project(camera);
      const visible =
        board.shown && !board.leaving && v.z < 1 && Math.abs(v.x) < 1.05 && Math.abs(v.y) < 1.05;
      const x = ((v.x + 1) / 2) * size.width;
      const y = ((1 - v.y) / 2) * size.height;
      el.style.transform = `translate(-50%, -50%) translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
      el.style.visibility = visible ? 'visible' : 'hidden';
    });
  });
  return null;
}

export interface LabelInfo {
  name: string;
  live: boolean;
  /** Seat holders now (south, north). */
  seats: [number, number];
  countdown: number | null;
  due: boolean;
  checked: boolean;
  /** Players whose (Cowardly) king stands on this board. */
  kings: number[];
}

export interface LabelsProps {
  boards: LabelInfo[];
  colours: string[];
  /** Player names by index, for titles. */
  names: string[];
  onFocus: (board: number) => void;
  /** Where the label elements go, by board index (for LabelTracker). */
  elements: (HTMLElement | null)[];
}

export function BoardLabels({ boards, colours, names, onFocus, elements }: LabelsProps) {
  return (
    <div className="labels">
      {boards.map((board, b) => {
        if (!board.live) return null;
        const notes = [
          board.countdown !== null
            ? `collapses in ${board.countdown} turn${board.countdown === 1 ? '' : 's'}`
            : '',
          board.due ? 'still due a move this turn' : '',
          ...board.kings.map((p) => `${names[p]}'s king stands here`),
        ].filter(Boolean);
        return (
          <button
            key={b}
            ref={(el) => {
              elements[b] = el;
            }}
            type="button"
            data-board={board.name}
            className={`board-label${board.checked ? ' check' : ''}${board.due ? ' due' : ''}${board.countdown !== null ? ' doomed' : ''}`}
            style={{ visibility: 'hidden' }}
            onClick={() => onFocus(b)}
            onPointerDown={(e) => e.stopPropagation()}
            onPointerUp={(e) => e.stopPropagation()}
            title={`Focus board ${board.name}${notes.length ? ` (${notes.join('; ')})` : ''}`}
          >
            <span className="swatch" style={{ background: colours[board.seats[0]] }} />
            {board.name}
            <span className="swatch" style={{ background: colours[board.seats[1]] }} />
            {board.kings.map((p) => (
              <span key={p} className="crown" style={{ color: colours[p] }} aria-hidden="true">
                ♚
              </span>
            ))}
            {board.countdown !== null && (
              <span className="countdown" aria-label={`collapses in ${board.countdown}`}>
                {board.countdown}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
