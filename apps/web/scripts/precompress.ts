import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Writes .gz and .br next to each text asset so the server can send them without compressing per request. */
const dist = path.resolve(process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '..', 'dist'));
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Dot folders (.server: the server entry; .vite: the build manifest) are never sent to browsers.
    if (entry.isDirectory() && entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  const data = fs.readFileSync(file);
  if (data.length < 512) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count++;
}
// The stamp records the build settings too, so `npm start` rebuilds when they change.
const settings = Object.fromEntries(
  Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b)),
);
fs.writeFileSync(
  path.join(dist, '.build-complete'),
  JSON.stringify({ builtAt: new Date().toISOString(), settings }),
);
console.log(`precompressed ${count} files`);
