/**
 * A Redis of its own for a test or the bench: Debian's redis-server on a free loopback port, without
 * persistence, stopped (and waited for) by stop().
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export interface TestRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** A loopback port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A Redis on a free port, or on `port` (the same Redis started again after a stop). */
export async function startRedis(port?: number): Promise<TestRedis> {
  port ??= await freePort();
  const child = spawn(
    'redis-server',
    ['--save', '', '--appendonly', 'no', '--port', String(port), '--bind', '127.0.0.1'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start:\n${output}`)),
      10_000,
    );
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(
        new Error(`redis-server could not be run (apt-get install redis-server): ${e.message}`),
      );
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { url: `redis://127.0.0.1:${port}`, port, stop: () => stopChild(child) };
}

/** SIGTERM, then SIGKILL after a while; resolves once the process has exited. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill(signal);
  });
}
