/**
 * The page's profile client (issue #64 item 4): which page a path names, and what a failed
 * request says (offline, no such player, an answer it cannot read).
 */
import { describe, expect, it } from 'vitest';
import { fetchGames, fetchLeaderboard, fetchProfile } from '../../src/online/profileApi';
import { pathOfRoute, routeOfPath } from '../../src/online/profileRoute';
import { PROFILE_TEXT } from '../../src/text';

const answer = (status: number, body: string) => async () =>
  new Response(body, { status, headers: { 'content-type': 'application/json' } });

describe('profile paths', () => {
  it("reads a player's page (any name, %-encoded), a pool's leaderboard, and nothing else", () => {
    expect(routeOfPath('/player/Ada')).toEqual({ kind: 'player', name: 'Ada' });
    expect(routeOfPath('/player/%C3%85sa%20B.')).toEqual({ kind: 'player', name: 'Åsa B.' });
    expect(routeOfPath('/leaderboard/5-8')).toEqual({ kind: 'leaderboard', pool: '5-8' });
    expect(routeOfPath('/leaderboard/9')).toEqual({ kind: 'bad' });
    expect(routeOfPath('/player/%E0%A4%A')).toEqual({ kind: 'bad' });
    expect(routeOfPath('/player/')).toEqual({ kind: 'bad' });
    expect(routeOfPath('/')).toBeNull();
    expect(routeOfPath('/replay/abc')).toBeNull();
  });

  it('writes the path a link opens, and reads it back', () => {
    const route = { kind: 'player', name: 'Åsa/B?' } as const;
    expect(pathOfRoute(route)).toBe('/player/%C3%85sa%2FB%3F');
    expect(routeOfPath(pathOfRoute(route))).toEqual(route);
  });
});

describe('profile requests', () => {
  it('ask the paths of the API, and hand back the answer', async () => {
    const asked: string[] = [];
    const fetchIt = async (url: string) => {
      asked.push(url);
      return answer(200, '{"x":1}')();
    };
    expect(await fetchProfile('Å B', fetchIt)).toEqual({ ok: true, value: { x: 1 } });
    await fetchGames('Å B', 2, fetchIt);
    await fetchLeaderboard('5-8', 3, fetchIt);
    expect(asked).toEqual([
      '/api/players/%C3%85%20B',
      '/api/players/%C3%85%20B/games?page=2',
      '/api/leaderboard/5-8?page=3',
    ]);
  });

  it("say the server's message (no such player), an unreadable answer, and an unreachable server", async () => {
    const missing = answer(
      404,
      '{"error":{"code":"no-player","message":"no player is named \\"Bo\\""}}',
    );
    expect(await fetchProfile('Bo', missing)).toEqual({
      ok: false,
      error: 'No player is named "Bo".',
    });
    const sentence = answer(503, '{"error":{"code":"x","message":"The archive is down."}}');
    expect(await fetchProfile('Bo', sentence)).toEqual({
      ok: false,
      error: 'The archive is down.',
    });
    expect(await fetchProfile('Bo', answer(502, '<html>'))).toEqual({
      ok: false,
      error: PROFILE_TEXT.badAnswer(502),
    });
    expect(await fetchProfile('Bo', answer(500, '{}'))).toEqual({
      ok: false,
      error: 'The game server refused (HTTP 500).',
    });
    const down = async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    };
    expect(await fetchProfile('Bo', down)).toEqual({
      ok: false,
      error: 'The game server could not be reached (Failed to fetch).',
    });
  });
});
