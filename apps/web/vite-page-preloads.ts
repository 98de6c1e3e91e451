import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** The languages the app ships strings for, one folder each. */
const languages = readdirSync(join(import.meta.dirname, 'src/locales'));

/** A page whose first screen is known from its path: the modules that screen loads at once. */
export interface PageScreen {
  paths: readonly string[];
  /**
   * Source files whose chunks the screen imports on its first load, relative to the app (or to the
   * repository, in a workspace package).
   */
  modules: readonly string[];
  /** The screen waits for the signed-in part of its language's strings too. */
  signedIn: boolean;
}

/** A stylesheet link as Vite writes it, with the whitespace before it. */
const stylesheetLink = /\s*<link rel="stylesheet"[^>]*>/g;

/** Where the app renders, after the clinic's mark. */
const rootElement = '<div id="root">';

/** Where the server finds each path's page (`pages/<name>.<language>.html`); other paths get index.html. */
export const pagesManifest = 'pages/pages.json';

/** The chunks of a language's strings: the app's part, the contract's messages and dayjs' locale. */
function languageModules(language: string, signedIn: boolean): RegExp[] {
  const escaped = language.replace('-', '\\-');
  return [
    new RegExp(`/locales/${escaped}/translation\\.json\\?part=start$`),
    new RegExp(`/contract/src/messages/${escaped}\\.ts$`),
    new RegExp(`/dayjs/(?:esm/)?locale/${escaped.toLowerCase()}\\.js$`),
    ...(signedIn ? [new RegExp(`/locales/${escaped}/translation\\.json\\?part=signedIn$`)] : []),
  ];
}

/**
 * Writes a copy of index.html for each page and language, with links that fetch the first screen's
 * chunks, stylesheets and strings beside the entry, while the HTML is read. Otherwise they are asked
 * for only once the entry has run and the router has matched, one round trip after the other: on a
 * phone's network most of a screen's first load. The server sends the page of a path in the
 * language it reads from the request (the server's web plugin). In index.html and in each page the
 * stylesheets follow the clinic's mark (below).
 */
export function pagePreloads(pages: Record<string, PageScreen>): Plugin {
  return {
    name: 'page-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('page-preloads: no index.html in the bundle');
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (roots: readonly Rollup.OutputChunk[]): Rollup.OutputChunk[] => {
        const seen = new Map<string, Rollup.OutputChunk>();
        const visit = (chunk: Rollup.OutputChunk): void => {
          if (seen.has(chunk.fileName)) return;
          seen.set(chunk.fileName, chunk);
          for (const file of chunk.imports) visit(byFile.get(file)!);
        };
        roots.forEach(visit);
        return [...seen.values()];
      };
      const entry = new Set(closure(chunks.filter((chunk) => chunk.isEntry)).map((chunk) => chunk.fileName));
      // The chunk a module was bundled into: its own, or one it shares with the code that uses it.
      const matching = (test: (id: string) => boolean): Rollup.OutputChunk[] =>
        chunks.filter((chunk) => chunk.moduleIds.some(test));
      const chunksOf = (roots: Rollup.OutputChunk[]): Rollup.OutputChunk[] =>
        closure(roots).filter((chunk) => !entry.has(chunk.fileName));
      const preloads = (chunks: Rollup.OutputChunk[]): string[] =>
        chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.fileName}">`);
      const stylesheetsOf = (chunks: Rollup.OutputChunk[]): string[] => [
        ...new Set(
          chunks.flatMap((chunk) =>
            [...(chunk.viteMetadata?.importedCss ?? [])].map(
              (css) => `<link rel="stylesheet" crossorigin href="/${css}">`,
            ),
          ),
        ),
      ];

      // The stylesheets go between the clinic's mark and #root: the mark is then drawn as soon as the HTML
      // is read, where in the head they would hold it back until they had loaded. The app's module scripts
      // run only once they have loaded, and its first module moves them to the head, before any stylesheet
      // loaded later (src/app/first-stylesheets.ts).
      const source = String(html.source);
      if (!source.includes(rootElement)) throw new Error(`page-preloads: no ${rootElement} in index.html`);
      const entryStylesheets = (source.match(stylesheetLink) ?? []).map((link) => link.trim());
      const page = (headLinks: string[], stylesheets: string[]): string =>
        source
          .replace(stylesheetLink, '')
          .replace('</head>', headLinks.map((link) => `  ${link}\n  `).join('') + '</head>')
          .replace(
            rootElement,
            [...entryStylesheets, ...stylesheets].map((link) => `${link}\n    `).join('') + rootElement,
          );
      html.source = page([], []);
      const manifest: Record<string, string> = {};
      for (const [name, pageScreen] of Object.entries(pages)) {
        const screen = pageScreen.modules.map((module) => {
          const found = matching((id) => id.endsWith(`/${module}`));
          if (found.length !== 1) throw new Error(`page-preloads: ${name}: ${module} is in ${found.length} chunks`);
          return found[0]!;
        });
        for (const language of languages) {
          const strings = languageModules(language, pageScreen.signedIn).flatMap((pattern) =>
            matching((id) => pattern.test(id)),
          );
          // The screen's own chunk first: what it needs most is asked for first.
          const firstLoad = [...new Set([...chunksOf(screen), ...chunksOf(strings)])];
          this.emitFile({
            type: 'asset',
            fileName: `pages/${name}.${language}.html`,
            source: page(preloads(firstLoad), stylesheetsOf(firstLoad)),
          });
        }
        for (const path of pageScreen.paths) manifest[path] = name;
      }
      this.emitFile({ type: 'asset', fileName: pagesManifest, source: JSON.stringify(manifest) });
    },
  };
}
