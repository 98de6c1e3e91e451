// Writes name.br and name.gz beside each text file of the built web apps, compressed once at the
// highest levels, for the server to send as they are (@fastify/static's preCompressed).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const textFile = /\.(?:html|js|mjs|css|json|webmanifest|svg|txt|xml|map)$/;

async function compress(path) {
  const content = await readFile(path);
  const variants = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }).then((data) => ['br', data]),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }).then((data) => ['gz', data]),
  ]);
  // A variant no smaller than the file is not written: the file itself is sent.
  await Promise.all(
    variants.filter(([, data]) => data.length < content.length).map(([ext, data]) => writeFile(`${path}.${ext}`, data)),
  );
}

for (const folder of process.argv.slice(2)) {
  const files = await readdir(folder, { recursive: true, withFileTypes: true });
  await Promise.all(
    files
      .filter((file) => file.isFile() && textFile.test(file.name))
      .map((file) => compress(join(file.parentPath, file.name))),
  );
}
