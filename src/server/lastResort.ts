/**
 * The last resort of the game process (issue #48 item 1): an exception nobody caught (a bug in
 * a library's socket listener, say) is logged in one line and the process keeps serving its
 * other rooms, instead of exiting and dropping every player.
 */

/** What happens with an error that reached the top: one line in the log. */
export function lastResort(log: (message: string) => void): (error: unknown) => void {
  return (error) => {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    log(`uncaught, still serving: ${message.split('\n')[0]}`);
  };
}

/** Install lastResort for uncaught exceptions and unhandled rejections (main.ts only). */
export function keepServing(log: (message: string) => void): void {
  const handle = lastResort(log);
  process.on('uncaughtException', handle);
  process.on('unhandledRejection', handle);
}
