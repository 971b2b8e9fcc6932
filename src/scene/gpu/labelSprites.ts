/**
 * The board labels as the GPU draws them while they move: one instanced draw of screen-space
 * quads, each showing its label's picture from the atlas (labelAtlas.ts). The label tracker
 * writes where each one stands (whole CSS pixels, so the picture maps texel for texel and stays
 * crisp); a frame of a glide then costs one small buffer upload instead of a style write a label
 * and the page's style and layout passes after them. Hidden (no draw) while the labels are still.
 */
import {
  CanvasTexture,
  InstancedBufferAttribute,
  InstancedBufferGeometry,
  Mesh,
  NearestFilter,
  PlaneGeometry,
  ShaderMaterial,
} from 'three';
import { MAX_BOARDS } from '../../core';
import { LABEL_PAD, paintLabels } from './labelAtlas';

/** Drawn after everything else, over it. */
const ON_TOP = 1_000_000;

export class LabelSprites {
  readonly mesh: Mesh<InstancedBufferGeometry, ShaderMaterial>;
  /** Each label's border box (w, h in CSS px) by board, as painted; 0 when it has none. */
  readonly boxes: number[] = [];
  private readonly canvas = document.createElement('canvas');
  private texture: CanvasTexture | null = null;
  /** Per label: left, top, width, height of its quad in CSS px (width 0: not drawn). */
  private readonly place: InstancedBufferAttribute;
  /** Per label: its cell in the atlas (u0, v0, u1, v1). */
  private readonly cell: InstancedBufferAttribute;
  /** Each label's cell size (CSS px, padding included), for its quad. */
  private readonly cells: number[] = [];

  constructor() {
    const plane = new PlaneGeometry(1, 1);
    const geometry = new InstancedBufferGeometry();
    geometry.index = plane.index;
    geometry.setAttribute('position', plane.getAttribute('position'));
    this.place = new InstancedBufferAttribute(new Float32Array(4 * MAX_BOARDS), 4);
    this.cell = new InstancedBufferAttribute(new Float32Array(4 * MAX_BOARDS), 4);
    geometry.setAttribute('place', this.place);
    geometry.setAttribute('cell', this.cell);
    geometry.instanceCount = 0;
    const material = new ShaderMaterial({
      uniforms: { map: { value: null }, viewport: { value: [1, 1] } },
      vertexShader: /* glsl */ `
        attribute vec4 place;
        attribute vec4 cell;
        uniform vec2 viewport;
        varying vec2 vUv;
        void main() {
          // The quad's corner, (0, 0) at its top left, in CSS px and then in clip space.
          vec2 c = vec2(position.x + 0.5, 0.5 - position.y);
          vec2 p = place.xy + c * place.zw;
          gl_Position = vec4(p.x / viewport.x * 2.0 - 1.0, 1.0 - p.y / viewport.y * 2.0, 0.0, 1.0);
          vUv = mix(cell.xy, cell.zw, c);
        }`,
      // The canvas's colours as they are (no colour-space conversion, no tone mapping).
      fragmentShader: /* glsl */ `
        uniform sampler2D map;
        varying vec2 vUv;
        void main() {
          gl_FragColor = texture2D(map, vUv);
        }`,
      transparent: true,
      depthTest: false,
      depthWrite: false,
    });
    this.mesh = new Mesh(geometry, material);
    this.mesh.frustumCulled = false;
    this.mesh.renderOrder = ON_TOP;
    this.mesh.visible = false;
    // Drawn in screen space: never hit by the scene's rays.
    this.mesh.raycast = () => {};
  }

  /** Paint the labels' pictures again (they changed) at `dpr` device pixels a CSS pixel. */
  paint(labels: (HTMLElement | null)[], dpr: number): void {
    const { canvas } = this;
    const before = [canvas.width, canvas.height];
    const cells = paintLabels(canvas, labels, dpr);
    if (!this.texture || canvas.width !== before[0] || canvas.height !== before[1]) {
      // A texture's storage keeps its first size: a resized canvas needs a new one.
      this.texture?.dispose();
      this.texture = new CanvasTexture(canvas);
      this.texture.flipY = false;
      this.texture.generateMipmaps = false;
      this.texture.minFilter = NearestFilter;
      this.texture.magFilter = NearestFilter;
      this.mesh.material.uniforms.map.value = this.texture;
    } else this.texture.needsUpdate = true;
    const width = canvas.width / dpr;
    const height = canvas.height / dpr;
    this.boxes.length = 0;
    this.cells.length = 0;
    cells.forEach((c, b) => {
      this.boxes.push(c?.boxW ?? 0, c?.boxH ?? 0);
      this.cells.push(c?.w ?? 0, c?.h ?? 0);
      if (c)
        this.cell.setXYZW(b, c.x / width, c.y / height, (c.x + c.w) / width, (c.y + c.h) / height);
      this.hide(b);
    });
    // One quad a board of this game (the attributes hold room for the most boards).
    this.mesh.geometry.instanceCount = cells.length;
    this.cell.needsUpdate = true;
  }

  /** Draw label `b` with its box's top left at (left, top), CSS px of the canvas. */
  show(b: number, left: number, top: number): void {
    this.place.setXYZW(
      b,
      left - LABEL_PAD,
      top - LABEL_PAD,
      this.cells[2 * b],
      this.cells[2 * b + 1],
    );
    this.place.needsUpdate = true;
  }

  hide(b: number): void {
    if (this.place.getZ(b) === 0) return;
    this.place.setZ(b, 0);
    this.place.needsUpdate = true;
  }

  /** Draw the pictures (the labels move) or not (the buttons show them). */
  draw(shown: boolean): void {
    this.mesh.visible = shown;
  }

  /** The canvas's size in CSS px. */
  setViewport(width: number, height: number): void {
    this.mesh.material.uniforms.viewport.value = [width, height];
  }

  dispose(): void {
    this.texture?.dispose();
    this.mesh.geometry.dispose();
    this.mesh.material.dispose();
  }
}
