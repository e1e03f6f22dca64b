const UNSET = -2147483648;
/** A bit per low 24 bits of an id: most ids a node pass meets are not wanted, and this says so without hashing. */
const FILTER_WORDS = 1 << 19;
const FILTER_MASK = FILTER_WORDS - 1;

/**
 * Coordinates of the node ids the import needs, in an open-addressing hash table over typed
 * arrays: 16 bytes a slot (id as a float64, which holds OSM ids exactly; lat/lon as int32 in 1e-7
 * degrees, OSM's own precision), about 32 bytes a node at the load factor kept, instead of
 * ~100 bytes a node in a Map.
 */
export class NodeIndex {
  private ids: Float64Array;
  private lats: Int32Array;
  private lons: Int32Array;
  private mask: number;
  private readonly filter = new Uint32Array(FILTER_WORDS);
  size = 0;

  constructor(capacity = 1024) {
    let slots = 16;
    while (slots < capacity * 2) slots *= 2;
    this.ids = new Float64Array(slots).fill(Number.NaN);
    this.lats = new Int32Array(slots).fill(UNSET);
    this.lons = new Int32Array(slots);
    this.mask = slots - 1;
  }

  private slot(id: number): number {
    // Mix the low and high 32 bits (ids pass 2^32).
    const low = id >>> 0;
    const high = Math.floor(id / 4294967296) | 0;
    let h = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 13;
    let i = h & this.mask;
    const ids = this.ids;
    for (;;) {
      const at = ids[i]!;
      if (at === id || at !== at) return i;
      i = (i + 1) & this.mask;
    }
  }

  /** Registers an id whose coordinates the next node pass should keep. */
  add(id: number): void {
    const i = this.slot(id);
    if (this.ids[i] === id) return;
    const low = id >>> 0;
    const word = (low >>> 5) & FILTER_MASK;
    this.filter[word] = this.filter[word]! | (1 << (low & 31));
    this.ids[i] = id;
    this.size++;
    if (this.size * 2 > this.mask) this.grow();
  }

  has(id: number): boolean {
    const low = id >>> 0;
    if ((this.filter[(low >>> 5) & FILTER_MASK]! & (1 << (low & 31))) === 0) return false;
    return this.ids[this.slot(id)] === id;
  }

  /** Stores the coordinates of a registered id; ignores ids nobody asked for. */
  set(id: number, lat: number, lon: number): void {
    if (!this.has(id)) return;
    const i = this.slot(id);
    if (this.ids[i] !== id) return;
    this.lats[i] = Math.round(lat * 1e7);
    this.lons[i] = Math.round(lon * 1e7);
  }

  /** Writes [lat, lon] of a known node into `out` at `at`; false when the node was not found. */
  get(id: number, out: Float64Array, at: number): boolean {
    const i = this.slot(id);
    if (this.ids[i] !== id || this.lats[i] === UNSET) return false;
    out[at] = this.lats[i]! / 1e7;
    out[at + 1] = this.lons[i]! / 1e7;
    return true;
  }

  private grow(): void {
    const { ids, lats, lons } = this;
    const slots = ids.length * 2;
    this.ids = new Float64Array(slots).fill(Number.NaN);
    this.lats = new Int32Array(slots).fill(UNSET);
    this.lons = new Int32Array(slots);
    this.mask = slots - 1;
    for (let j = 0; j < ids.length; j++) {
      const id = ids[j]!;
      if (id !== id) continue;
      const i = this.slot(id);
      this.ids[i] = id;
      this.lats[i] = lats[j]!;
      this.lons[i] = lons[j]!;
    }
  }
}
