/**
 * Compact copies of database rows for the in-memory indexes (issue 20's memory budget).
 *
 * A row from node:sqlite is an object in V8's dictionary mode: each carries a hash table of its
 * properties and its own hidden class, about 600 bytes for a dozen columns before its values. A
 * heap snapshot of one process with 50,000 beaches held 143,000 such property tables (73 MB) and
 * 160,000 hidden classes (12 MB), nearly all of them index rows. The copies made here are
 * ordinary objects built field by field in the row's own key order, so every row of a query
 * shares one hidden class and serialises exactly as the row did (same keys, same order), at about
 * a quarter of the size. Repeated short strings (states, postcodes, slugs of areas and towns) are
 * shared: the database hands out a new string for every row.
 */

/** Shares equal strings: one instance per distinct value (for values that repeat across rows). */
export class StringPool {
  readonly #strings = new Map<string, string>();

  get size(): number {
    return this.#strings.size;
  }

  intern<S extends string | null>(value: S): S {
    if (value === null) return value;
    const known = this.#strings.get(value);
    if (known !== undefined) return known as S;
    this.#strings.set(value, value);
    return value;
  }
}

/**
 * Copies of `rows` as fast (non-dictionary) objects with the same keys in the same order; string
 * values of the `shared` keys go through `pool`.
 */
export function compactRows<T extends object>(
  rows: readonly T[],
  shared: ReadonlyArray<keyof T & string> = [],
  pool: StringPool = new StringPool(),
): T[] {
  if (rows.length === 0) return [];
  const keys = Object.keys(rows[0]!) as Array<keyof T & string>;
  const sharedKeys = new Set<string>(shared);
  const out = new Array<T>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]! as Record<string, unknown>;
    const copy: Record<string, unknown> = {};
    for (const key of keys) {
      const value = row[key];
      copy[key] = sharedKeys.has(key) && typeof value === 'string' ? pool.intern(value) : value;
    }
    out[i] = copy as T;
  }
  return out;
}

/**
 * The key to read a table from (`where id > BEFORE_ANY_ID`): the smallest 32-bit integer, the type of
 * the tables' ids on PostgreSQL, which rejects a larger literal (Number.MIN_SAFE_INTEGER is out of
 * range there, and the index build failed on PostgreSQL).
 */
export const BEFORE_ANY_ID = -2_147_483_648;

/** Rows read per query when an index is built (see readInChunks). */
export const BUILD_CHUNK_ROWS = 5_000;

/**
 * Reads a table in chunks (keyset pagination: `fetch` returns up to `limit` rows after the last row
 * of the previous chunk, in key order), handing each chunk to `take` before reading the next, so
 * an index build never holds all of a large table as database rows at once (they are several
 * times the size of what is kept, and a peak of them stays as resident memory the heap does not
 * give back).
 */
export async function readInChunks<T>(
  fetch: (after: T | null, limit: number) => Promise<T[]>,
  take: (rows: T[]) => void,
  limit = BUILD_CHUNK_ROWS,
): Promise<void> {
  let after: T | null = null;
  for (;;) {
    const rows = await fetch(after, limit);
    take(rows);
    if (rows.length < limit) return;
    after = rows[rows.length - 1]!;
  }
}
