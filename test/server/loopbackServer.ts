/** An HTTP handler of the server served alone on a free loopback port, for its tests. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  port: number;
  close(): Promise<void>;
}

/** Serve `handler`; a request it does not take (it returns false) gets 404. */
export async function serveOnLoopback(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => boolean | void,
): Promise<LoopbackServer> {
  const server = http.createServer((req, res) => {
    if (handler(req, res) === false) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A connection whose response the client has not read would hold the close until the
        // client's keep-alive timeout (seconds).
        server.closeAllConnections();
      }),
  };
}
