// @ts-check
// The bare baseline of a cold start: Fastify and the embedded database opened on the same data, a
// health route, nothing else. Plain JavaScript, so that nothing is transpiled at start.
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const app = Fastify();
const db = await PGlite.create(join(dataDir, 'db'));
app.get('/api/healthz', () => ({ status: 'ok' }));
const stop = () =>
  void app
    .close()
    .then(() => db.close())
    .then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
