// The production server: apps/server/dist/server.js and its chunks (ES modules), started with plain
// node. The workspace packages (TypeScript) and most dependencies go into them, so a start neither
// transpiles nor resolves and parses hundreds of CommonJS files one by one.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const server = join(import.meta.dirname, '..');
const dist = join(server, 'dist');

/**
 * Loaded from node_modules at run time: packages that read their own files (PGlite's WebAssembly,
 * the OpenAPI viewer's pages), the native addons (argon2, sharp's libvips), and the clients loaded only when configured
 * (PostgreSQL, Redis, S3).
 */
const fromNodeModules =
  /^(?:node:|@electric-sql\/pglite|@node-rs\/argon2|@fastify\/swagger|pg$|ioredis$|drizzle-orm\/node-postgres|@aws-sdk\/client-s3$|sharp$)/;

const external = {
  name: 'external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      fromNodeModules.test(args.path) ? { path: args.path, external: true } : undefined,
    );
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [join(server, 'src/server.ts')],
  outdir: dist,
  // What loads only when used (passkeys, the mailer, QR codes, backups…) goes into chunks of its own,
  // which a start neither reads nor compiles.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  plugins: [external],
  // The CommonJS packages inside call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
  // Without spaces and comments the file is read and compiled at start in about 15% less time;
  // names are kept, so a stack trace in the log still reads.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
});
// Read at run time beside the compiled code (db/client.ts resolves them from its own folder).
cpSync(join(server, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });
