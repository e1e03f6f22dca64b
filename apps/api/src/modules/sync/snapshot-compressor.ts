import os from 'node:os';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/**
 * The sync snapshot's brotli encoder as a process of its own (modules/sync/snapshot.ts): JSON on
 * stdin, brotli on stdout. It lowers its own priority first, before any thread of libuv's pool
 * exists (threads inherit it), so on a busy machine the kernel runs the API's event loop before
 * minutes of brotli: compressing in the API's own thread pool is off the event loop but competes
 * with it for the cores. Arguments: quality, window (lgwin), size hint (bytes).
 */
try {
  os.setPriority(19);
} catch {
  // Not allowed here: compress at normal priority.
}
const [quality, lgwin, sizeHint] = process.argv.slice(2).map(Number);
// The API process may stop (or give up on this build) while it runs: its end of the pipes closes,
// and the write to stdout fails with EPIPE. Nobody is left to read the result, so end quietly
// instead of printing an uncaught error; any other failure is reported on stderr with exit 1.
await pipeline(
  process.stdin,
  zlib.createBrotliCompress({
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality!,
      [zlib.constants.BROTLI_PARAM_LGWIN]: lgwin!,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint!,
    },
  }),
  process.stdout,
).catch((error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') console.error(error);
  process.exitCode = 1;
});
