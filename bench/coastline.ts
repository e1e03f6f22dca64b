/**
 * A coarse outline of Australia's coast (mainland clockwise from Cape York, then Tasmania), in
 * [latitude, longitude]. Only for spreading synthetic benchmark data along the coast's general
 * shape: it is not a map and no real beach comes from it.
 */
export const MAINLAND: ReadonlyArray<readonly [number, number]> = [
  [-10.7, 142.5],
  [-12.0, 143.2],
  [-14.5, 144.5],
  [-16.9, 145.8],
  [-19.3, 146.8],
  [-21.1, 149.2],
  [-23.4, 150.8],
  [-24.9, 152.4],
  [-26.4, 153.1],
  [-28.0, 153.45],
  [-29.4, 153.36],
  [-30.3, 153.15],
  [-31.4, 152.95],
  [-32.9, 151.8],
  [-33.9, 151.28],
  [-34.4, 150.9],
  [-35.7, 150.2],
  [-37.0, 149.95],
  [-37.8, 148.5],
  [-38.9, 146.3],
  [-38.5, 145.2],
  [-38.3, 144.6],
  [-38.8, 143.5],
  [-38.4, 142.5],
  [-38.1, 141.0],
  [-37.5, 140.0],
  [-35.8, 139.3],
  [-35.6, 138.4],
  [-34.9, 138.5],
  [-35.0, 137.5],
  [-34.8, 135.9],
  [-32.8, 134.2],
  [-31.9, 132.2],
  [-31.6, 129.0],
  [-33.9, 123.0],
  [-33.86, 121.9],
  [-35.0, 117.9],
  [-34.4, 115.1],
  [-33.6, 115.0],
  [-32.5, 115.7],
  [-31.95, 115.75],
  [-30.3, 115.0],
  [-28.8, 114.6],
  [-26.5, 113.5],
  [-24.9, 113.65],
  [-22.0, 114.1],
  [-20.7, 116.8],
  [-19.9, 120.0],
  [-17.96, 122.2],
  [-16.5, 123.0],
  [-15.0, 125.0],
  [-14.0, 127.0],
  [-15.0, 128.7],
  [-14.5, 129.5],
  [-12.46, 130.84],
  [-12.2, 132.5],
  [-12.0, 135.0],
  [-12.2, 136.8],
  [-14.0, 135.8],
  [-15.0, 135.5],
  [-16.5, 137.5],
  [-17.5, 139.5],
  [-17.0, 141.0],
  [-14.5, 141.6],
  [-12.5, 141.8],
  [-10.7, 142.5],
];

export const TASMANIA: ReadonlyArray<readonly [number, number]> = [
  [-40.9, 144.7],
  [-41.1, 146.4],
  [-40.9, 148.2],
  [-42.1, 148.3],
  [-43.1, 147.9],
  [-43.6, 146.9],
  [-42.5, 145.3],
  [-40.9, 144.7],
];

const toRad = (d: number) => (d * Math.PI) / 180;
function segmentKm(a: readonly [number, number], b: readonly [number, number]): number {
  const dLat = toRad(b[0] - a[0]);
  const dLng = toRad(b[1] - a[1]) * Math.cos(toRad((a[0] + b[0]) / 2));
  return Math.hypot(dLat, dLng) * 6371;
}

/** A point at fraction t (0..1) of the way along a polyline, by distance. */
export function pointAlong(line: ReadonlyArray<readonly [number, number]>, t: number): [number, number] {
  const lengths = line.slice(1).map((p, i) => segmentKm(line[i]!, p));
  const total = lengths.reduce((a, b) => a + b, 0);
  let target = Math.min(Math.max(t, 0), 1) * total;
  for (let i = 0; i < lengths.length; i++) {
    if (target <= lengths[i]! || i === lengths.length - 1) {
      const f = lengths[i]! === 0 ? 0 : target / lengths[i]!;
      const a = line[i]!;
      const b = line[i + 1]!;
      return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
    }
    target -= lengths[i]!;
  }
  return [line[0]![0], line[0]![1]];
}

/** A seeded pseudo-random generator, so runs are repeatable. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
