/**
 * The client's address for the per-address limits (issue #61 item 10): the socket's peer; a
 * forwarding header only behind proxies the server is told of (TRUST_PROXY), and then only the
 * address the outermost trusted proxy appended.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../src/server/addressLimits';
import { trustedProxiesFromEnv } from '../../src/server/server';

const request = (peer: string, headers: IncomingMessage['headers'] = {}) =>
  ({ socket: { remoteAddress: peer }, headers }) as IncomingMessage;

describe('clientAddress', () => {
  it("is the socket's peer, whatever headers the client writes, when no proxy is trusted", () => {
    const req = request('203.0.113.7', {
      'x-real-ip': '10.9.0.1',
      'x-forwarded-for': '10.9.0.2, 10.9.0.3',
    });
    expect(clientAddress(req, 0)).toBe('203.0.113.7');
  });

  it('behind trusted proxies, is the address the outermost of them appended', () => {
    // client 198.51.100.4 wrote "10.9.0.1"; proxy 1 appended the client, proxy 2 proxy 1.
    const req = request('192.0.2.2', {
      'x-real-ip': '10.9.0.1',
      'x-forwarded-for': '10.9.0.1, 198.51.100.4, 192.0.2.1',
    });
    expect(clientAddress(req, 1)).toBe('192.0.2.1');
    expect(clientAddress(req, 2)).toBe('198.51.100.4');
    // Several header lines are one list.
    const lines = request('192.0.2.2', {
      'x-forwarded-for': ['10.9.0.1', '198.51.100.4'] as never,
    });
    expect(clientAddress(lines, 1)).toBe('198.51.100.4');
  });

  it('a request that did not come through every trusted proxy counts as its socket', () => {
    expect(clientAddress(request('198.51.100.4'), 1)).toBe('198.51.100.4');
    expect(clientAddress(request('192.0.2.2', { 'x-forwarded-for': '10.9.0.1' }), 2)).toBe(
      '192.0.2.2',
    );
  });
});

describe('TRUST_PROXY', () => {
  it('is 0 unless set, and a number of proxies', () => {
    expect(trustedProxiesFromEnv({})).toBe(0);
    expect(trustedProxiesFromEnv({ TRUST_PROXY: '' })).toBe(0);
    expect(trustedProxiesFromEnv({ TRUST_PROXY: '2' })).toBe(2);
    for (const bad of ['yes', 'true', '-1', '1.5'])
      expect(() => trustedProxiesFromEnv({ TRUST_PROXY: bad }), bad).toThrow(
        `TRUST_PROXY must be how many proxies stand in front of the server (0, 1, 2, …), not "${bad}"`,
      );
  });
});
