/**
 * Grid cells: beaches in the same cell share one cached upstream answer. A cell is a square of
 * `sizeDegrees` in latitude and longitude, anchored at 0°,0° so every process computes the same
 * cells. Each provider picks a size near the resolution of the model behind it (see providers/index.ts):
 * asking twice inside one model grid cell buys nothing.
 */
export interface GridCell {
  /** Stable key, e.g. "0.1:-339:1512". */
  key: string;
  /** South-west corner indices. */
  row: number;
  column: number;
}

export function gridCell(latitude: number, longitude: number, sizeDegrees: number): GridCell {
  const row = Math.floor(latitude / sizeDegrees + 1e-9);
  const column = Math.floor(longitude / sizeDegrees + 1e-9);
  return { key: `${sizeDegrees}:${row}:${column}`, row, column };
}
