// Writes .br and .gz beside every text file of the web build, pre-rendered pages
// included, so the server sends pre-compressed files (src/server/http/static-files.ts)
// without compressing per request, or at each start.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? `${process.env.BUILD_DIR ?? 'build'}/client`;
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (COMPRESSIBLE.test(name)) compress(path);
  }
}

function compress(path) {
  const data = readFileSync(path);
  if (data.length < 512) return;
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

walk(root);
