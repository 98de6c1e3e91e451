import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';

/**
 * A TCP port free on every interface at the time of asking, drawn at random below the kernel's
 * ephemeral range (32768 on): browser test files run side by side, and two of them asking the
 * kernel at once were handed the same port just released.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = randomInt(20_000, 32_768);
    if (await isFree(port)) return port;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, () => server.close(() => done(true)));
  });
}
