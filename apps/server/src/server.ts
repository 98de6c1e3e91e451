import { buildApp } from './app.ts';
import { parseConfig } from './config.ts';

const config = parseConfig();
const app = await buildApp(config);

let closing = false;
async function shutDown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // In-flight requests finish; a stuck close still ends the process.
  const timer = setTimeout(() => process.exit(1), 10_000).unref();
  try {
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
