/** Builds perf/ — the empty react-three-fiber scene that `npm run perf` measures the game against. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'perf',
  plugins: [react()],
  build: { outDir: '../dist-perf', emptyOutDir: true },
});
