/** A player's material in the player list: what their army has lost, and its value in pawns. */
import { MATERIAL_ROLES, ROLES, type Material as MaterialOf } from '../core';
import { lostText, materialTitle, pointsText } from '../text/material';

const GLYPHS: Record<string, string> = {
  pawn: '♟',
  knight: '♞',
  bishop: '♝',
  rook: '♜',
  queen: '♛',
};

export function Material({ label, material }: { label: string; material: MaterialOf }) {
  const lost = MATERIAL_ROLES.flatMap((role) =>
    Array.from({ length: material.lost[role] }, () => GLYPHS[ROLES[role - 1]]),
  );
  const lostWords = lostText(material);
  return (
    <span className="material" data-testid={`material-${label}`} title={materialTitle(material)}>
      <span className="lost" aria-label={lostWords ? `lost ${lostWords}` : 'nothing lost'}>
        {lost.join('')}
      </span>
      <span className="points" aria-label={`material ${material.points} points`}>
        {pointsText(material)}
      </span>
    </span>
  );
}
