/**
 * A small float texture the shaders read and the CPU rewrites while things move: the board table
 * (boardSpace.ts) and the edges' colours and extents (Edges.tsx).
 *
 * three.js makes the texture and sends it first. After that a change goes straight to WebGL with
 * one texSubImage2D: three.js's own upload of a changed texture sets every sampling parameter
 * again, and in an 8-player glide, where the board table changes every frame, that was about a
 * tenth of the frame's JavaScript (README, performance). The binding and the pixel-store settings
 * go through three.js's state, so its record of them stays true.
 */
import { DataTexture, FloatType, RGBAFormat, type WebGLRenderer } from 'three';

export class TexelTable {
  readonly texels: Float32Array;
  readonly texture: DataTexture;
  private changed = false;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.texels = new Float32Array(width * height * 4);
    this.texture = new DataTexture(this.texels, width, height, RGBAFormat, FloatType);
  }

  /** The texels were rewritten: they go to the GPU with the next upload(). */
  touch(): void {
    this.changed = true;
  }

  /** Send the texels to the GPU if they changed: once a frame, before the scene is drawn. */
  upload(renderer: WebGLRenderer): void {
    if (!this.changed) return;
    this.changed = false;
    const made = (renderer.properties.get(this.texture) as { __webglTexture?: WebGLTexture })
      .__webglTexture;
    // Not made yet (or the context was lost): three.js makes it and sends it when it is drawn.
    if (!made) {
      this.texture.needsUpdate = true;
      return;
    }
    const gl = renderer.getContext();
    const { state } = renderer;
    state.bindTexture(gl.TEXTURE_2D, made);
    state.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    state.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    state.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
    gl.texSubImage2D(
      gl.TEXTURE_2D,
      0,
      0,
      0,
      this.width,
      this.height,
      gl.RGBA,
      gl.FLOAT,
      this.texels,
    );
  }
}
