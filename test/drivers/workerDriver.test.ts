/**
 * The helper the worker drivers share (src/drivers/workerDriver.ts): one job in hand at a time,
 * an answer for a job no longer in hand dropped, a search in flight cancelled when its job is
 * stopped (and the worker left alone when nothing is in flight), and the worker ended when the
 * driver disconnects.
 */
import { describe, expect, it } from 'vitest';
import { workerDriver } from '../../src/drivers/workerDriver';

/** A client whose answers the test gives by hand; cancel() rejects every one in flight. */
function manualClient() {
  const log: string[] = [];
  const pending: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  return {
    log,
    answer: (i: number, v: string) => pending[i].resolve(v),
    client: {
      ask(q: string) {
        log.push(`ask ${q}`);
        return new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
      },
      cancel() {
        log.push('cancel');
        for (const p of pending) p.reject(new Error('cancelled'));
      },
    },
  };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('workerDriver', () => {
  it('drops the answer of a job no longer in hand and cancels its search', async () => {
    const manual = manualClient();
    const worker = workerDriver<typeof manual.client, string>(() => manual.client);
    const got: string[] = [];
    const ask = (key: string) =>
      worker.ask(
        key,
        (c) => c.ask(key),
        (a) => {
          worker.finish(key);
          got.push(a);
        },
        (e) => got.push(`failed ${e.message}`),
      );
    worker.start('a');
    ask('a');
    worker.start('b'); // a search of 'a' is in flight: cancelled, its rejection dropped
    ask('b');
    manual.answer(0, 'old'); // settled already by the cancel: nothing
    manual.answer(1, 'B');
    await flush();
    expect(manual.log).toEqual(['ask a', 'cancel', 'ask b']);
    expect(got).toEqual(['B']);
    expect(worker.job).toBeNull();
  });

  it('leaves the worker alone when the job stopped has nothing in flight', async () => {
    const manual = manualClient();
    const worker = workerDriver<typeof manual.client, string>(() => manual.client);
    worker.start('a');
    worker.ask(
      'a',
      (c) => c.ask('a'),
      () => {},
      () => {},
    );
    manual.answer(0, 'A'); // answered, but the job is still in hand (a bot pacing its move)
    await flush();
    worker.stop();
    expect(manual.log).toEqual(['ask a']);
  });

  it('passes a throw of the client or of the answer handler to failed, while the job is in hand', async () => {
    const worker = workerDriver<{ cancel(): void }, string>(() => {
      throw new Error('no worker');
    });
    const failures: string[] = [];
    worker.start('a');
    worker.ask(
      'a',
      () => Promise.resolve(1),
      () => {},
      (e) => failures.push(e.message),
    );
    await flush();
    const manual = manualClient();
    const other = workerDriver<typeof manual.client, string>(() => manual.client);
    other.start('b');
    other.ask(
      'b',
      (c) => c.ask('b'),
      () => Promise.reject(new Error('the answer was bad')),
      (e) => failures.push(e.message),
    );
    manual.answer(0, 'B');
    await flush();
    expect(failures).toEqual(['no worker', 'the answer was bad']);
  });

  it('looks at every change and once at the start; disconnecting stops the job and the worker', () => {
    const manual = manualClient();
    const worker = workerDriver<typeof manual.client, string>(() => manual.client);
    const listeners = new Set<() => void>();
    const store = {
      subscribe(l: () => void) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    };
    let looks = 0;
    const disconnect = worker.drive(store, () => looks++);
    for (const l of listeners) l();
    expect(looks).toBe(2);
    worker.start('a');
    worker.ask(
      'a',
      (c) => c.ask('a'),
      () => {},
      () => {},
    );
    disconnect();
    expect(listeners.size).toBe(0);
    expect(worker.job).toBeNull();
    expect(manual.log).toEqual(['ask a', 'cancel']);
  });
});
