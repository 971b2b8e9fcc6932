/**
 * The pieces' materials. In 3D, one instanced mesh a kind of piece (Pieces.tsx), each with its
 * shape as an indexed geometry (geometries.ts) and all with one material: at most six draws that
 * shade each distinct vertex of a shape once. (One draw for every kind, with the shapes read from
 * a texture by vertex id, ran every piece through the largest shape's 2 160 vertices and two
 * texture reads each: a third of an 8-player frame in a software renderer.)
 *
 * Flat view: the six badges side by side in one texture, each instance reading its role's cell
 * (the role rides in the instance matrix, boardSpace.ts `setOnBoard`): one draw.
 */
import { CanvasTexture, MeshBasicMaterial, MeshStandardMaterial, PlaneGeometry } from 'three';
import { onBoards, type Tone } from './boardSpace';

/** The pieces' material in 3D: lit, placed on their boards. */
export function pieceMaterial(tone: Tone): MeshStandardMaterial {
  return onBoards(
    new MeshStandardMaterial({ color: 0xffffff, roughness: 0.38, metalness: 0.12 }),
    tone,
  );
}

/** The badges' ring and letter: dark enough to stand out from both square colours. */
export const PIECE_OUTLINE = '#10131a';
export const BADGE_GEOMETRY = new PlaneGeometry(0.86, 0.86);
const BADGE_LETTERS = ['', 'N', 'B', 'R', 'Q', 'K'];

/**
 * The badges' material, its texture drawn the first time it is asked for: for each role (pawn
 * first), a white disc (tinted by the army's instance colour) with a dark ring and the piece's
 * letter; a pawn's is a smaller disc without one.
 */
export function badgeAtlasMaterial(tone: Tone): MeshBasicMaterial {
  const size = 128;
  const canvas = document.createElement('canvas');
  canvas.width = size * BADGE_LETTERS.length;
  canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  BADGE_LETTERS.forEach((letter, cell) => {
    const x = cell * size + size / 2;
    ctx.beginPath();
    ctx.arc(x, size / 2, size * (letter ? 0.45 : 0.3), 0, Math.PI * 2);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.lineWidth = size * 0.05;
    ctx.strokeStyle = PIECE_OUTLINE;
    ctx.stroke();
    if (letter) {
      ctx.fillStyle = PIECE_OUTLINE;
      ctx.font = `bold ${size * 0.56}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(letter, x, size * 0.54);
    }
  });
  const material = new MeshBasicMaterial({ map: new CanvasTexture(canvas), alphaTest: 0.5 });
  return onBoards(material, tone, {
    key: 'badge-cells',
    patch(shader) {
      shader.vertexShader = shader.vertexShader.replace(
        '#include <uv_vertex>',
        `#include <uv_vertex>
  vMapUv.x = (vMapUv.x + float(clamp(kind, 1, ${BADGE_LETTERS.length}) - 1)) / ${BADGE_LETTERS.length}.0;`,
      );
    },
  });
}
