/**
 * The default record store: one JSON file per game under a data folder, replaced atomically
 * (written to a temporary file, flushed to disk, renamed over the old one, the folder flushed),
 * so a crash mid-write leaves the previous record whole.
 */
import { access, mkdir, open, readFile, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  keepFor,
  readStored,
  type ArchiveOutbox,
  type RecordStore,
  type StoredGame,
} from './store';
import { replayIdOf } from './replays';
import { isRoomId } from './tokens';
import { isReplayId } from '../net';

/** The file the health check writes (not a record: records are named by room id + .json). */
const PROBE = 'probe.tmp';

export class FileStore implements RecordStore, ArchiveOutbox {
  private readonly folder: string;
  /**
   * Replays have a folder of their own. An archived game's replay has a mark beside it
   * (`<replay id>.archived`): it then goes with its game's record at the sweep.
   */
  private readonly replays: string;
  /** The archive's outbox: finished games not archived yet (`<id>.json`), never swept. */
  private readonly outbox: string;
  private ready: Promise<unknown> | null = null;

  constructor(dataDir: string) {
    this.folder = path.join(dataDir, 'games');
    this.replays = path.join(dataDir, 'replays');
    this.outbox = path.join(dataDir, 'outbox');
  }

  fileOf(id: string): string {
    if (!isRoomId(id)) throw new Error(`not a room id: ${JSON.stringify(id).slice(0, 40)}`);
    return path.join(this.folder, `${id}.json`);
  }

  async save(game: StoredGame): Promise<void> {
    const file = this.fileOf(game.id);
    await this.folderMade();
    await writeAtomically(file, JSON.stringify(game));
  }

  /** A small file written as a record is (a full disk or a read-only folder fail here too). */
  async check(): Promise<void> {
    await this.folderMade();
    await writeAtomically(path.join(this.folder, PROBE), '');
  }

  async saveReplay(id: string, json: string): Promise<void> {
    await this.folderMade();
    await writeAtomically(this.replayFile(id), json);
  }

  async loadReplay(id: string): Promise<string | null> {
    if (!isReplayId(id)) return null;
    try {
      return await readFile(this.replayFile(id), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  private replayFile(id: string): string {
    if (!isReplayId(id)) throw new Error(`not a replay id: ${JSON.stringify(id).slice(0, 40)}`);
    return path.join(this.replays, `${id}.json`);
  }

  async keepForArchive(game: StoredGame): Promise<void> {
    await this.folderMade();
    await writeAtomically(this.outboxFile(game.id), JSON.stringify(game));
  }

  async awaitingArchive(): Promise<StoredGame[]> {
    await this.folderMade();
    const ids = (await readdir(this.outbox))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter(isRoomId);
    return Promise.all(
      ids.map(async (id) => readStored(await readFile(this.outboxFile(id), 'utf8'), id)),
    );
  }

  async archived(game: StoredGame): Promise<void> {
    const replay = this.replayFile(replayIdOf(game.id, game.hostTokenHash));
    // Marked before the game leaves the outbox: a crash between archives it again, harmlessly.
    if (await exists(this.fileOf(game.id))) await writeAtomically(markOf(replay), '');
    else await rm(replay, { force: true }); // the sweep took the record while the archive was down
    await rm(this.outboxFile(game.id), { force: true });
  }

  /** The replay of `game` goes, if its game is archived (marked); the mark last. */
  private async sweepReplay(game: StoredGame): Promise<void> {
    const replay = this.replayFile(replayIdOf(game.id, game.hostTokenHash));
    if (!(await exists(markOf(replay)))) return;
    await rm(replay, { force: true });
    await rm(markOf(replay), { force: true });
  }

  private outboxFile(id: string): string {
    return path.join(this.outbox, path.basename(this.fileOf(id)));
  }

  private async folderMade(): Promise<void> {
    this.ready ??= Promise.all(
      [this.folder, this.replays, this.outbox].map((dir) => mkdir(dir, { recursive: true })),
    );
    try {
      await this.ready;
    } catch (e) {
      this.ready = null; // tried again next time
      throw e;
    }
  }

  async load(id: string): Promise<StoredGame | null> {
    if (!isRoomId(id)) return null;
    let text: string;
    try {
      text = await readFile(this.fileOf(id), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    return readStored(text, id);
  }

  async sweep(now: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw e;
    }
    let removed = 0;
    for (const name of names) {
      const id = name.slice(0, -'.json'.length);
      if (!name.endsWith('.json') || !isRoomId(id)) continue;
      // A record that does not read is left for a person to look at, not deleted.
      const game = await this.load(id).catch(() => null);
      const keep = game && keepFor(game);
      if (!game || keep === null || game.savedAt + keep > now) continue;
      // Before the record: a crash between leaves the record, and the next sweep ends the work.
      if (game.over) await this.sweepReplay(game);
      await rm(this.fileOf(id), { force: true });
      removed++;
    }
    return removed;
  }

  async close(): Promise<void> {}
}

/** The mark of an archived game's replay file `replay`. */
const markOf = (replay: string) => replay.replace(/\.json$/, '.archived');

const exists = (file: string): Promise<boolean> =>
  access(file).then(
    () => true,
    () => false,
  );

/** Replace `file` by `text` so that a reader (or a crash) sees the old or the new, never half. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } catch (e) {
    await handle.close();
    await rm(temp, { force: true });
    throw e;
  }
  await handle.close();
  await rename(temp, file);
  // The rename itself reaches the disk with the folder's entry.
  const dir = await open(path.dirname(file), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
