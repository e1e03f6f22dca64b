/** OpenStreetMap tags of one element. */
export type OsmTags = Record<string, string>;

export type OsmMemberType = 'node' | 'way' | 'relation';

export interface OsmWay {
  id: number;
  /** Decoded only for ways that carry an interesting tag; null otherwise. */
  tags: OsmTags | null;
  /** Node ids, in order (may be empty when the source gives coordinates only). */
  refs: ArrayLike<number>;
  /** Coordinates as [lat, lon, lat, lon, …] when the source carries them (Overpass `out geom`, LocationsOnWays). */
  coords: Float64Array | null;
}

export interface OsmMember {
  type: OsmMemberType;
  ref: number;
  role: string;
  /** Coordinates of a way member when the source carries them (Overpass `out geom`). */
  coords: Float64Array | null;
}

export interface OsmRelation {
  id: number;
  tags: OsmTags;
  members: OsmMember[];
}

/**
 * One pass over a file. Readers decode as little as they can: an element's tags are decoded only
 * when it has one of the `interesting` key=value pairs, and blocks that can hold nothing wanted
 * are skipped.
 */
export interface ScanRequest {
  interesting: ReadonlyArray<readonly [key: string, value: string]>;
  /** Nodes with an interesting tag, and nodes whose id is in `nodeIds` (tags null when not interesting). */
  node?: (id: number, lat: number, lon: number, tags: OsmTags | null) => void;
  nodeIds?: IdSet;
  /** Ways with an interesting tag, and ways whose id is in `wayIds`. */
  way?: (way: OsmWay) => void;
  wayIds?: IdSet;
  /** Relations with an interesting tag. */
  relation?: (relation: OsmRelation) => void;
}

export interface IdSet {
  has(id: number): boolean;
  readonly size: number;
}

export interface OsmSource {
  /** What the file is, for reports. */
  readonly format: 'pbf' | 'overpass-json';
  scan(request: ScanRequest): Promise<void>;
}

/** True when the tags include one of the key=value pairs. */
export function hasInterestingTag(
  tags: OsmTags | undefined | null,
  interesting: ScanRequest['interesting'],
): boolean {
  if (!tags) return false;
  return interesting.some(([key, value]) => tags[key] === value);
}
