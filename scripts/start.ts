/**
 * `npm start`: the dev server (vite, port 5173) and, beside it, the game rooms on 127.0.0.1:2567
 * that the dev server's proxy passes online play to. If the rooms cannot start (the port is
 * taken, say), the game still runs and only "Play online" is unavailable. Ctrl+C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const run = (args: string[]): ChildProcess =>
  spawn(process.execPath, args, { stdio: 'inherit', env: process.env });

const rooms = run(['--import', 'tsx', 'src/server/main.ts', '--rooms-only']);
const vite = run(['node_modules/vite/bin/vite.js', '--port', '5173', '--strictPort']);

rooms.on('exit', (code, signal) => {
  if (code && !signal)
    console.warn(`The game rooms stopped (exit ${code}): the game runs, online play does not.`);
});
vite.on('exit', (code) => {
  rooms.kill('SIGTERM');
  process.exitCode = code ?? 0;
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    vite.kill(signal);
    rooms.kill(signal);
  });
