/** Errors the command line reports as one line on stderr, never as a stack trace. */

/** Bad input from the user: a wrong option, a malformed file. Exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A check that failed (a perft count, an invariant). Exit code 1. */
export class CheckFailure extends Error {
  override name = 'CheckFailure';
}
