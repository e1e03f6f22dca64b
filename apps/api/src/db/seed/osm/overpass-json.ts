import fs from 'node:fs';
import { ImportFileError } from '../beach-rows.ts';
import { hasInterestingTag } from './types.ts';
import type { OsmMember, OsmMemberType, OsmSource, OsmTags, ScanRequest } from './types.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Streams the objects of the top-level `"elements": [...]` array of a JSON document, one at a
 * time, without holding the document: a byte scanner tracks strings and nesting depth, cuts out
 * each element's text and hands it to JSON.parse. Memory is one read chunk plus the largest
 * element. Structural characters are ASCII, and no byte of a multi-byte UTF-8 character is ASCII,
 * so scanning bytes is safe.
 */
export async function forEachOverpassElement(
  file: string,
  onElement: (element: unknown) => void,
): Promise<void> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** Bytes of the string being read at depth 1 (object keys), to spot "elements". */
  let keyBytes: number[] | null = null;
  let lastKey = '';
  let inElements = false;
  let sawElements = false;
  /** Pieces of the element being read, when it spans chunks. */
  let pieces: Buffer[] = [];
  let elementStart = -1;
  let started = false;

  const stream = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const length = chunk.length;
    for (let i = 0; i < length; i++) {
      const byte = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) {
          inString = false;
          if (keyBytes) {
            lastKey = Buffer.from(keyBytes).toString('utf8');
            keyBytes = null;
          }
        } else if (keyBytes && keyBytes.length < 64) keyBytes.push(byte);
        continue;
      }
      if (byte === QUOTE) {
        inString = true;
        if (depth === 1) keyBytes = [];
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        if (depth === 0) {
          if (byte !== OPEN_BRACE)
            throw new ImportFileError('Expected a JSON object with an "elements" array.');
          started = true;
        } else if (depth === 1 && byte === OPEN_BRACKET && lastKey === 'elements') {
          inElements = sawElements = true;
        } else if (depth === 2 && inElements) {
          if (byte !== OPEN_BRACE) throw new ImportFileError('Each of "elements" must be an object.');
          elementStart = i;
        }
        depth++;
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        depth--;
        if (depth === 2 && inElements && elementStart !== -1) {
          pieces.push(chunk.subarray(elementStart, i + 1));
          const text =
            pieces.length === 1 ? pieces[0]!.toString('utf8') : Buffer.concat(pieces).toString('utf8');
          pieces = [];
          elementStart = -1;
          let element: unknown;
          try {
            element = JSON.parse(text);
          } catch (error) {
            throw new ImportFileError(`Not valid JSON: ${(error as Error).message}`);
          }
          onElement(element);
        } else if (depth === 1 && inElements) {
          inElements = false;
        } else if (depth < 0) {
          throw new ImportFileError('Not valid JSON: unbalanced brackets.');
        }
      } else if (depth === 0 && byte > 0x20 && !(byte === 0xef || byte === 0xbb || byte === 0xbf)) {
        throw new ImportFileError('Expected a JSON object with an "elements" array.');
      }
    }
    if (elementStart !== -1) {
      // Copy: the stream may reuse its buffers.
      pieces.push(Buffer.from(chunk.subarray(elementStart)));
      elementStart = 0;
    }
  }
  if (!started || depth !== 0 || inString)
    throw new ImportFileError('Not valid JSON: the file ends too early.');
  if (!sawElements) throw new ImportFileError('Expected Overpass JSON: no "elements" array.');
}

interface JsonElement {
  type?: unknown;
  id?: unknown;
  lat?: unknown;
  lon?: unknown;
  tags?: unknown;
  nodes?: unknown;
  geometry?: unknown;
  center?: unknown;
  members?: unknown;
}

function tagsOf(element: JsonElement): OsmTags | null {
  if (!element.tags || typeof element.tags !== 'object') return null;
  const tags: OsmTags = {};
  for (const [key, value] of Object.entries(element.tags as Record<string, unknown>)) {
    if (typeof value === 'string') tags[key] = value;
  }
  return tags;
}

function isLatLon(value: unknown): value is { lat: number; lon: number } {
  const point = value as { lat?: unknown; lon?: unknown } | null;
  return typeof point?.lat === 'number' && typeof point.lon === 'number';
}

/** Overpass `out geom` coordinates ([{lat, lon} | null, …]); null when absent. */
function coordsOf(geometry: unknown): Float64Array | null {
  if (!Array.isArray(geometry)) return null;
  const points = geometry.filter(isLatLon);
  const coords = new Float64Array(points.length * 2);
  points.forEach((point, i) => {
    coords[2 * i] = point.lat;
    coords[2 * i + 1] = point.lon;
  });
  return coords;
}

const MEMBER_TYPES = new Set<OsmMemberType>(['node', 'way', 'relation']);

/**
 * Overpass API JSON (`[out:json]`): nodes, ways with `nodes` (ids) and/or `geometry` (`out geom`)
 * or `center` (`out center`), relations with `members` (with `geometry` under `out geom`).
 * The file is streamed once per pass.
 */
export class OverpassJsonSource implements OsmSource {
  readonly format = 'overpass-json';
  readonly file: string;

  constructor(file: string) {
    this.file = file;
  }

  scan(request: ScanRequest): Promise<void> {
    return forEachOverpassElement(this.file, (value) => {
      const element = value as JsonElement;
      if (typeof element.id !== 'number') return;
      const id = element.id;
      const tags = tagsOf(element);
      const interesting = hasInterestingTag(tags, request.interesting);
      if (element.type === 'node') {
        if (!request.node || (!interesting && !request.nodeIds?.has(id))) return;
        if (typeof element.lat !== 'number' || typeof element.lon !== 'number') return;
        request.node(id, element.lat, element.lon, interesting ? tags : null);
      } else if (element.type === 'way') {
        if (!request.way || (!interesting && !request.wayIds?.has(id))) return;
        const refs = Array.isArray(element.nodes) ? element.nodes.filter((n) => typeof n === 'number') : [];
        let coords = coordsOf(element.geometry);
        if (!coords && refs.length === 0 && isLatLon(element.center)) {
          coords = new Float64Array([element.center.lat, element.center.lon]);
        }
        request.way({ id, tags: interesting ? tags : null, refs, coords });
      } else if (element.type === 'relation') {
        if (!request.relation || !interesting || !tags) return;
        const members: OsmMember[] = [];
        for (const member of Array.isArray(element.members) ? element.members : []) {
          const m = member as { type?: unknown; ref?: unknown; role?: unknown; geometry?: unknown };
          if (typeof m.ref !== 'number' || !MEMBER_TYPES.has(m.type as OsmMemberType)) continue;
          members.push({
            type: m.type as OsmMemberType,
            ref: m.ref,
            role: typeof m.role === 'string' ? m.role : '',
            coords: coordsOf(m.geometry),
          });
        }
        request.relation({ id, tags, members });
      }
    });
  }
}
