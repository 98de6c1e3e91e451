import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import { FailedCode, firstLanguage, translate } from '@clinic/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageOf } from './errors.ts';

/** Where the patient web client is served; the clinician's app has the rest. */
export const patientWebPrefix = '/patient/';

/**
 * Vite's hashed files under assets/ never change, so they are cached for a year; everything else
 * (index.html, the service worker, the manifest) is revalidated on every use. Each text file is
 * sent as the .br or .gz written beside it at build time, as the browser accepts. A folder is no
 * file: its address goes to the app's page, whatever the client accepts (the files' route alone
 * would refuse it with a 403 to a client that accepts no compression).
 */
function staticOptions(root: string): FastifyStaticOptions {
  const assets = join(root, 'assets') + sep;
  return {
    root,
    // One route for every file, rather than one per file found at start (hundreds, each compressed twice).
    wildcard: true,
    index: false,
    preCompressed: true,
    allowedPath: (path) => !path.endsWith('/'),
    setHeaders(reply: FastifyReply, path: string): void {
      void reply.header('cache-control', path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  };
}

/**
 * The page the web app's build made for a path (apps/web/vite-page-preloads.ts): index.html with links
 * that fetch the first screen's code and strings beside the entry. Its strings are those of the
 * language the app will start in, as far as the request tells: the lang query, the lang cookie (kept
 * with consent), the browser's languages; a choice kept only in the browser's storage is not sent.
 */
function pageFinder(webDist: string): (request: FastifyRequest, path: string) => string {
  const folder = join(webDist, 'pages');
  const manifest = join(folder, 'pages.json');
  const pages = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>) : {};
  const built = new Set(existsSync(folder) ? readdirSync(folder) : []);
  return (request, path) => {
    const page = pages[path.length > 1 ? path.replace(/\/$/, '') : path];
    if (!page) return 'index.html';
    const query = request.query as Record<string, unknown>;
    const cookie = /(?:^|;\s*)lang=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];
    const language = firstLanguage([
      typeof query.lang === 'string' ? query.lang : undefined,
      cookie,
      languageOf(request),
    ]);
    const file = `${page}.${language}.html`;
    // A build without that page's language still serves the app.
    return built.has(file) ? `pages/${file}` : 'index.html';
  };
}

/**
 * Serves the built web apps with a history-mode fallback: any GET outside /api that is not a file
 * answers the app's index.html. Hashed assets are cached for a year; index.html is always revalidated.
 */
export async function registerWeb(app: FastifyInstance, webDist: string, patientWebDist: string): Promise<void> {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  const hasPatientWeb = existsSync(join(patientWebDist, 'index.html'));
  const pageOf = pageFinder(webDist);
  // The page differs by language: a cache keeps one per request headers it was chosen from.
  const sendPage = (request: FastifyRequest, reply: FastifyReply, path: string) =>
    reply.header('cache-control', 'no-cache').header('vary', 'accept-language, cookie').sendFile(pageOf(request, path));
  if (hasWeb) {
    await app.register(fastifyStatic, staticOptions(webDist));
    // The root is a page, not the folder of the files.
    app.get('/', (request, reply) => sendPage(request, reply, '/'));
  } else {
    app.log.warn({ webDist }, 'the web app is not built; run npm run build');
  }
  if (hasPatientWeb) {
    await app.register(fastifyStatic, {
      ...staticOptions(patientWebDist),
      prefix: patientWebPrefix,
      decorateReply: !hasWeb,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api');
    if (isPage && !/\.[a-z0-9]+$/i.test(path)) {
      const isPatientPage = path === patientWebPrefix.slice(0, -1) || path.startsWith(patientWebPrefix);
      if (isPatientPage && hasPatientWeb)
        return reply.header('cache-control', 'no-cache').sendFile('index.html', patientWebDist);
      if (!isPatientPage && hasWeb) return sendPage(request, reply, path);
    }
    return reply.code(404).send({
      isSuccess: false,
      failedCode: FailedCode.NotFound,
      message: translate(languageOf(request), FailedCode.NotFound),
    });
  });
}
