// The production server: one ES module, apps/server/dist/server.js, started with plain node. The
// workspace packages (@clinic/*) are TypeScript, so they go into the bundle; every other package
// stays in node_modules and is loaded from there, as are PGlite's WebAssembly and data files.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const server = join(import.meta.dirname, '..');
const dist = join(server, 'dist');

/** Bare imports stay imports, except our own workspace packages. */
const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@clinic/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [join(server, 'src/server.ts')],
  outfile: join(dist, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  plugins: [nodeModulesExternal],
  logLevel: 'warning',
});
// Read at run time beside the compiled code (db/client.ts resolves them from its own folder).
cpSync(join(server, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });
