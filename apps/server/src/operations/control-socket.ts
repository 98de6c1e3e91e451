import { chmod, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { writeBackup } from './backup.ts';

/**
 * Commands to a running server over a Unix socket in DATA_DIR, such as a backup of its embedded
 * database, which only the process that has it open may read. The socket is its owner's alone
 * (mode 600), so no token guards it: whoever may connect may read DATA_DIR anyway.
 */
export const controlSocketPath = (dataDir: string): string => join(resolve(dataDir), 'control.sock');

export type ControlHandlers = Record<string, (body: Record<string, unknown>) => Promise<Record<string, unknown>>>;

/**
 * The running server's commands, when it has an embedded database: only this process may read
 * it, so a backup of a running server is asked of it.
 */
export async function serveControl(
  app: FastifyInstance,
  config: Pick<Config, 'dataDir' | 's3'>,
): Promise<Server | undefined> {
  const { dumpDatabase } = app;
  if (!dumpDatabase) return undefined;
  return listenForControl(config.dataDir, {
    ping: () => Promise.resolve({}),
    async backup({ file }) {
      if (typeof file !== 'string') throw new Error('backup needs a file');
      await writeBackup({ dataDir: config.dataDir, dumpDatabase, withUploads: !config.s3, file });
      app.log.info({ file }, 'backup written');
      return { file };
    },
  });
}

async function listenForControl(dataDir: string, handlers: ControlHandlers): Promise<Server> {
  const path = controlSocketPath(dataDir);
  // A socket left by a server that crashed would refuse the listen.
  await rm(path, { force: true });
  const server = createServer((incoming, reply) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const handler = handlers[(incoming.url ?? '').slice(1)];
      const answer = (status: number, body: Record<string, unknown>): void => {
        reply.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      if (incoming.method !== 'POST' || !handler) return answer(404, { error: 'no such command' });
      handler(JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>).then(
        (body) => answer(200, body),
        (error: unknown) => answer(500, { error: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  await new Promise<void>((done, fail) => server.once('error', fail).listen(path, done));
  await chmod(path, 0o600);
  return server;
}

/** Sends a command to the server running on DATA_DIR; undefined when none is running there. */
export function sendControl(
  dataDir: string,
  command: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  return new Promise((done, fail) => {
    const sent = request({ socketPath: controlSocketPath(dataDir), method: 'POST', path: `/${command}` }, (reply) => {
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk));
      reply.on('end', () => {
        const answer = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
        if (reply.statusCode === 200) done(answer);
        else fail(new Error(`the running server refused ${command}: ${String(answer.error)}`));
      });
    });
    sent.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? done(undefined) : fail(error),
    );
    sent.end(JSON.stringify(body));
  });
}
