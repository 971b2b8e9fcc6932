/** Reading an input file with a size limit, so that /dev/zero or a huge file is refused. */
import { closeSync, openSync, readSync } from 'node:fs';
import { escapeText } from '../core';
import { UsageError } from './errors';

/** The largest input file the command line reads (EPD suites are a few kilobytes). */
export const MAX_INPUT_BYTES = 1 << 20;

/** The text of a file of at most `limit` bytes; a one-line UsageError otherwise. */
export function readTextFile(path: string, limit = MAX_INPUT_BYTES): string {
  const name = escapeText(path, 200);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT' ? `cannot read ${name}: no such file` : `cannot read ${name}: ${code}`,
    );
  }
  try {
    // Read at most limit + 1 bytes: one more than allowed proves the file too large.
    const buffer = Buffer.alloc(limit + 1);
    let length = 0;
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length > limit)
        throw new UsageError(`cannot read ${name}: it is larger than ${limit} bytes`);
    }
    return buffer.toString('utf8', 0, length);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`cannot read ${name}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
  } finally {
    closeSync(fd);
  }
}
