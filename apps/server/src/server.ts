import { fork } from 'node:child_process';
import { buildApp } from './app.ts';
import { parseConfig, type Config } from './config.ts';
import { hasPgliteDatabase } from './db/client.ts';
import { commands } from './operations/commands.ts';
import { serveControl } from './operations/control-socket.ts';
import { createPrivateFiles, makePrivate } from './operations/private-files.ts';

/** Given to the short-lived process that seeds the demo: it builds the app, seeds it and exits. */
const seedDemoFlag = '--seed-demo';

/**
 * A new embedded database gets the demo (and its devices' year of uploads) from a short-lived
 * process: PGlite's WebAssembly heap never shrinks, and the seed would leave about 60 MB of it in
 * the server for good. The server then opens a database that is already seeded. Answers whether
 * it seeded, the seed having then printed the demo's login.
 */
async function seedNewEmbeddedDemo(config: Config): Promise<boolean> {
  if (!config.demo || config.databaseUrl || hasPgliteDatabase(config.dataDir)) return false;
  const child = fork(process.argv[1]!, [seedDemoFlag], { execArgv: process.execArgv, stdio: 'inherit' });
  // Stopped while seeding, the server stops the seed too rather than leave it writing to DATA_DIR.
  const stopSeed = (): void => void child.kill('SIGTERM');
  process.on('SIGTERM', stopSeed).on('SIGINT', stopSeed);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  process.off('SIGTERM', stopSeed).off('SIGINT', stopSeed);
  if (code !== 0) throw new Error(`seeding the demo failed (exit code ${code})`);
  return true;
}

// What the server and its commands write is its user's only.
createPrivateFiles();
const config = parseConfig();
const [command, argument] = process.argv.slice(2);
const operatorCommand = command !== undefined && Object.hasOwn(commands, command) ? commands[command] : undefined;
if (operatorCommand) {
  try {
    process.stdout.write(`${await operatorCommand(config, argument)}\n`);
    process.exit(0);
  } catch (error) {
    process.stderr.write(`${command} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
if (command !== undefined && command !== seedDemoFlag) {
  process.stderr.write(`unknown command ${command}: one of ${Object.keys(commands).join(', ')}, or none to serve\n`);
  process.exit(2);
}
if (command === seedDemoFlag) {
  await (await buildApp(config, { startJobs: false })).close();
  process.exit(0);
}
// And so is what an earlier version or a copy left, made so before anything else opens DATA_DIR.
await makePrivate(config.dataDir);
const seededDemo = await seedNewEmbeddedDemo(config);
const app = await buildApp(config, { printDemoLogin: !seededDemo });
const control = await serveControl(app, config);

let closing = false;
async function shutDown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // In-flight requests finish; a stuck close still ends the process.
  const timer = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    control?.close();
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  clearTimeout(timer);
  process.exit(0);
}
process.on('SIGTERM', () => void shutDown('SIGTERM'));
process.on('SIGINT', () => void shutDown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
// A supervisor that started the server with an IPC channel (the browser tests do) learns that it serves.
process.send?.('listening');
