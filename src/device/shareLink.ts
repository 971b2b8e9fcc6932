/**
 * Games by link (issue #47 item 4): a game's text (core/gameText.ts) compressed with the
 * platform's CompressionStream ('deflate-raw') and written in base64url into the page link's
 * fragment, `#game=<record>`, which browsers never send to a server. An online game's permanent
 * replay is `#replay=<id>`, read from the game server that served the page.
 *
 * The game text rather than the saved JSON: it carries the same record (setup, options, seats,
 * hints, actions) and is a little shorter compressed (see the share test's figures). Reading a
 * link says what is wrong and where: the base64url character, the compression, or the record's
 * own line and column.
 */
import { escapeText, readAnySave, readGameText, type LoadedGame } from '../core';
import { REPLAY_PATH, isReplayId } from '../net';
import { SHARE_TEXT } from '../text';

/**
 * The longest link made. Browsers open far longer ones (Chromium up to 2 MB), but the places
 * links are sent through cut long messages; 32 000 characters hold a game of about 4 000
 * actions (8 players, 1 500 actions make about 11 000).
 */
export const MAX_LINK_LENGTH = 32_000;
/** The most a link's record may decompress to (a longer one is refused as it inflates). */
export const MAX_RECORD_BYTES = 1 << 20;

/** A value, or what is wrong, in words. */
export type Read<T> = { ok: true; value: T } | { ok: false; error: string };
const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const fail = <T = never>(error: string): Read<T> => ({ ok: false, error });

/** A link's fragment, read: a game's record, a replay's id, or neither. */
export type LinkFragment = { kind: 'game'; record: string } | { kind: 'replay'; id: string };

/** The fragment of a page link (`location.hash`, with or without its "#"), or null when it is neither kind. */
export function readFragment(hash: string): LinkFragment | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const record = params.get('game');
  if (record !== null) return { kind: 'game', record };
  const id = params.get('replay');
  return id !== null ? { kind: 'replay', id } : null;
}

/** The page's address without its query or fragment: what a link opens ('' outside a browser). */
export const pageAddress = (): string =>
  typeof location === 'undefined' ? '' : `${location.origin}${location.pathname}`;

/** The link of an online game's replay kept by the game server at `page`. */
export const replayLink = (page: string, id: string): string => `${page}#replay=${id}`;

/** The fragment that carries `text` (a game text): `game=<base64url of its deflate-raw bytes>`. */
export async function gameFragment(text: string): Promise<string> {
  const packed = await pipe(new TextEncoder().encode(text), new CompressionStream('deflate-raw'));
  return `game=${toBase64Url(packed)}`;
}

/** `page#game=…` for `text`, or why it cannot be shared: longer than MAX_LINK_LENGTH. */
export async function gameLink(page: string, text: string): Promise<Read<string>> {
  const link = `${page}#${await gameFragment(text)}`;
  if (link.length > MAX_LINK_LENGTH) return fail(SHARE_TEXT.tooLong(link.length, MAX_LINK_LENGTH));
  return ok(link);
}

/**
 * The game a link's record holds, or what is wrong with it, in words: not base64url (the
 * character), not deflate-raw (the decompressor's reason), too large, or a game text that
 * does not read (its line and column).
 */
export async function readGameRecord(record: string): Promise<Read<LoadedGame>> {
  const bytes = fromBase64Url(record);
  if (!bytes.ok) return bytes;
  let text: string;
  try {
    const inflated = await pipe(bytes.value, new DecompressionStream('deflate-raw'));
    text = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch (e) {
    if (e instanceof RecordTooBig) return fail(SHARE_TEXT.tooBig(MAX_RECORD_BYTES));
    return fail(SHARE_TEXT.badCompression(escapeText((e as Error).message, 80)));
  }
  if (!text.trim()) return fail(SHARE_TEXT.empty);
  const loaded = readGameText(text);
  return loaded.ok ? loaded : fail(SHARE_TEXT.badRecord(loaded.error.message));
}

/**
 * The replay `id` from the game server that served the page (`fetchIt` is fetch), or what went
 * wrong: a malformed id, no such replay, the server out of reach, a record that does not load.
 */
export async function readReplay(
  id: string,
  fetchIt: (url: string) => Promise<Response> = (url) => fetch(url),
): Promise<Read<LoadedGame>> {
  if (!isReplayId(id)) return fail(SHARE_TEXT.badReplayId);
  let text: string;
  try {
    const response = await fetchIt(REPLAY_PATH + id);
    if (response.status === 404) return fail(SHARE_TEXT.replayMissing);
    if (!response.ok) return fail(SHARE_TEXT.replayUnreachable(`HTTP ${response.status}`));
    text = await response.text();
  } catch (e) {
    return fail(SHARE_TEXT.replayUnreachable(escapeText((e as Error).message, 80)));
  }
  const loaded = readAnySave(text);
  return loaded.ok ? loaded : fail(SHARE_TEXT.badRecord(loaded.error.message));
}

class RecordTooBig extends Error {}

/** `bytes` through a compression or decompression stream; stops past MAX_RECORD_BYTES. */
async function pipe(
  bytes: Uint8Array,
  transform: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(transform);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > MAX_RECORD_BYTES) throw new RecordTooBig();
    chunks.push(chunk);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Read<Uint8Array> {
  const bad = /[^A-Za-z0-9_-]/.exec(text);
  if (bad) return fail(SHARE_TEXT.badBase64(bad.index));
  if (!text) return fail(SHARE_TEXT.empty);
  if (text.length % 4 === 1) return fail(SHARE_TEXT.badLength);
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return ok(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
