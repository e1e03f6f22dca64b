import 'fake-indexeddb/auto';

/**
 * IndexedDB for jsdom tests (fake-indexeddb). It copies values with Node's structuredClone, which
 * turns jsdom's Blob into an empty object; browsers store Blobs as they are. Blobs are immutable,
 * so keeping the same Blob is a faithful copy: everything else still goes through structuredClone.
 * Import this before anything that loads Dexie.
 */
const nodeClone = globalThis.structuredClone;

function cloneKeepingBlobs<T>(value: T): T {
  if (value instanceof Blob) return value;
  if (Array.isArray(value)) return value.map(cloneKeepingBlobs) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, cloneKeepingBlobs(item)]),
    ) as T;
  }
  return nodeClone(value);
}

globalThis.structuredClone = ((value: unknown, options?: StructuredSerializeOptions) =>
  options ? nodeClone(value, options) : cloneKeepingBlobs(value)) as typeof structuredClone;
