// @ts-check
import zlib from 'node:zlib';

/*
 * Plain JavaScript (checked by tsc through JSDoc): the compression thread (compress-worker.js)
 * imports it, and a thread that loads no .ts file loads no TypeScript stripper (see
 * lib/thread-pool-worker.js).
 */

/**
 * Brotli quality and gzip level of one-off answers (CachePolicy.oneOff): on an 8.5 KB location answer
 * (12,000 synthetic beaches) brotli 0 takes ~15-20 us against ~75 us at the cache's quality 6, for
 * ~37% more bytes (1,386 against 1,012 on a 7.7 KB one); quality 1 is no smaller and ~10% slower.
 */
export const ONE_OFF_BROTLI_QUALITY = 0;
export const ONE_OFF_GZIP_LEVEL = 1;

/** @typedef {'br' | 'gzip'} FastEncoding */

/**
 * Brotli and gzip options of one-off bodies.
 * @param {Uint8Array} body
 */
export function fastCompressOptions(body) {
  // Output chunks near the expected size (zlib's default is 16 KB): a stream of one-off answers
  // then leaves less freed memory behind for the allocator to hold.
  const chunkSize = Math.max(1024, Math.ceil(body.length / 4));
  return {
    brotli: {
      chunkSize,
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: ONE_OFF_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    },
    gzip: { chunkSize, level: ONE_OFF_GZIP_LEVEL },
  };
}

/**
 * A one-off body compressed on the spot (synchronously: tens of microseconds for a small body).
 * @param {Uint8Array} body
 * @param {FastEncoding} encoding
 * @returns {Buffer}
 */
export function compressFastSync(body, encoding) {
  const options = fastCompressOptions(body);
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, options.brotli)
    : zlib.gzipSync(body, options.gzip);
}
