import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** A socket that sends a request line, then its headers one byte every 100 ms, never ending them. */
function trickle(): { socket: Socket; closed: Promise<number> } {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write('GET /api/healthz HTTP/1.1\r\nHost: clinic.test\r\nX-Slow: ');
  const timer = setInterval(() => socket.write('a'), 100);
  const start = Date.now();
  const closed = new Promise<number>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve(Date.now() - start);
    }),
  );
  return { socket, closed };
}

describe('slow clients', () => {
  it('cuts sockets that trickle their headers in, and keeps serving the others', async () => {
    const slow = Array.from({ length: 10 }, trickle);
    try {
      const lifetimes = await Promise.all(slow.map((client) => client.closed));
      // Headers get 10 s, checked every second (Node's own default: 60 s, checked every 30 s).
      for (const lifetime of lifetimes) expect(lifetime).toBeLessThan(20_000);
      const health = await fetch(`http://127.0.0.1:${port}/api/healthz`);
      expect(await health.json()).toEqual({ status: 'ok' });
    } finally {
      for (const client of slow) client.socket.destroy();
    }
  }, 30_000);

  it('keeps an idle keep-alive connection open longer than the headers may take', async () => {
    const socket = connect(port, '127.0.0.1');
    let replies = 0;
    socket.on('data', (chunk: Buffer) => (replies += chunk.toString().split('HTTP/1.1 200').length - 1));
    const request = 'GET /api/healthz HTTP/1.1\r\nHost: clinic.test\r\n\r\n';
    socket.write(request);
    await expect.poll(() => replies).toBe(1);
    const idleSince = Date.now();
    // Idle past the headers' 10 s (and a check), the connection still takes the next request.
    await expect.poll(() => Date.now() - idleSince, { timeout: 13_000, interval: 500 }).toBeGreaterThan(11_500);
    expect(socket.destroyed).toBe(false);
    socket.write(request);
    await expect.poll(() => replies).toBe(2);
    socket.destroy();
  }, 20_000);
});
