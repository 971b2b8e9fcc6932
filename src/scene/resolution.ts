/**
 * How finely the canvas draws. A test build (`vite build --mode test`) draws coarser: the browser
 * tests draw with SwiftShader on the CPU, where both economies below cut the cost of every frame,
 * and the tests read the scene through the seam (squares by projection, colours at square
 * centres), not by its edges. A test that compares pictures asks for full resolution through the
 * seam (`fullResolution`), and so do the docs' pictures.
 */
import type { Dpr } from '@react-three/fiber';
import { TEST_BUILD } from '../ai/testBuild';

/** The device's pixel ratio, up to 2. */
export const FULL_RESOLUTION: Dpr = [1, 2];

/**
 * Half a pixel per CSS pixel in a test build: SwiftShader's frame cost grows with the pixels
 * (at 3 players, 1280×800, its GPU process spent 92 ms a frame at full resolution, 58 at half).
 */
export const PIXEL_RATIO: Dpr = TEST_BUILD ? 0.5 : FULL_RESOLUTION;

/** Multisampled edges, except in a test build: 4× MSAA costs SwiftShader about 40% of a frame. */
export const MSAA = !TEST_BUILD;

/**
 * Keep each frame's drawing after it is shown, only in a test build: the browser tests read the
 * canvas's pixels (drawImage) after a frame. Elsewhere the browser may drop the drawing once it
 * is composited, instead of copying it every frame (a cost on tablets' tile-based GPUs).
 */
export const KEEP_DRAWING = TEST_BUILD;
