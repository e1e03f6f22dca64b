import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PbfReader } from 'pbf';
import { ImportFileError } from '../beach-rows.ts';
import type { OsmMember, OsmMemberType, OsmSource, OsmTags, ScanRequest } from './types.ts';

/**
 * A streaming reader for OpenStreetMap PBF extracts (https://wiki.openstreetmap.org/wiki/PBF_Format):
 * the file is a sequence of [4-byte big-endian BlobHeader length][BlobHeader][Blob], each Blob a
 * zlib-compressed (or raw) HeaderBlock or PrimitiveBlock. Blobs are read one at a time through a
 * file handle, so memory stays at one blob (at most 32 MiB by the format, typically < 1 MiB)
 * whatever the file's size. The first pass notes which blobs hold nodes, ways and relations, so
 * later passes read only the blobs they need.
 */

const MAX_BLOB_HEADER_BYTES = 64 * 1024;
const MAX_BLOB_BYTES = 32 * 1024 * 1024;
const SUPPORTED_FEATURES = new Set(['OsmSchema-V0.6', 'DenseNodes']);

const HAS_NODES = 1;
const HAS_WAYS = 2;
const HAS_RELATIONS = 4;

const inflate = promisify(zlib.inflate);
const utf8 = new TextDecoder('utf-8');

interface BlobLocation {
  offset: number;
  contents: number;
}

interface RawBlob {
  type: string;
  next: number;
  data: Promise<Uint8Array>;
}

function notPbf(detail: string): ImportFileError {
  return new ImportFileError(`Not a readable OpenStreetMap PBF file: ${detail}.`);
}

async function readExactly(file: fs.FileHandle, length: number, position: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await file.read(buffer, done, length - done, position + done);
    if (bytesRead === 0) throw notPbf(`the file ends inside a block at byte ${position + done}`);
    done += bytesRead;
  }
  return buffer;
}

function decodeBlob(blob: Uint8Array): Promise<Uint8Array> {
  const pbf = new PbfReader(blob);
  let raw: Uint8Array | null = null;
  let zlibData: Uint8Array | null = null;
  let rawSize = -1;
  let other: string | null = null;
  let field: number;
  while ((field = pbf.nextField())) {
    if (field === 1) raw = pbf.readBytes();
    else if (field === 2) rawSize = pbf.readVarint();
    else if (field === 3) zlibData = pbf.readBytes();
    else if (field >= 4 && field <= 7) other = ['lzma', 'bzip2', 'lz4', 'zstd'][field - 4]!;
  }
  if (raw) return Promise.resolve(raw);
  if (zlibData) {
    // One output chunk of the announced size, rather than 16 KiB pieces joined afterwards.
    const chunkSize = Math.max(64 * 1024, Math.min(rawSize, MAX_BLOB_BYTES));
    return inflate(zlibData, { chunkSize }).then((data) => {
      if (rawSize >= 0 && data.length !== rawSize) throw notPbf('a block inflates to the wrong size');
      return data;
    });
  }
  throw notPbf(other ? `${other} compression is not supported (use zlib)` : 'a block has no data');
}

/** Reads the blob at `offset`; null at the end of the file. Inflating starts at once (zlib's thread pool). */
async function readBlob(file: fs.FileHandle, offset: number): Promise<RawBlob | null> {
  const lengthBytes = Buffer.allocUnsafe(4);
  const { bytesRead } = await file.read(lengthBytes, 0, 4, offset);
  if (bytesRead === 0) return null;
  if (bytesRead < 4) throw notPbf('the file ends inside a block header');
  const headerLength = lengthBytes.readUInt32BE(0);
  if (headerLength === 0 || headerLength > MAX_BLOB_HEADER_BYTES) {
    throw notPbf(`block header of ${headerLength} bytes at byte ${offset}`);
  }
  const header = new PbfReader(await readExactly(file, headerLength, offset + 4));
  let type = '';
  let dataSize = -1;
  let field: number;
  while ((field = header.nextField())) {
    if (field === 1) type = header.readString();
    else if (field === 3) dataSize = header.readVarint();
  }
  if (type === '' || dataSize < 0 || dataSize > MAX_BLOB_BYTES) {
    throw notPbf(`bad block header at byte ${offset}`);
  }
  const blob = await readExactly(file, dataSize, offset + 4 + headerLength);
  return { type, next: offset + 4 + headerLength + dataSize, data: quiet(decodeBlob(blob)) };
}

/**
 * Marks a prefetched promise as handled: whoever awaits it still sees its error, but a prefetch
 * left unread when a pass stops early does not crash the process.
 */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

function checkHeaderBlock(data: Uint8Array): void {
  const pbf = new PbfReader(data);
  const unsupported: string[] = [];
  let field: number;
  while ((field = pbf.nextField())) {
    if (field === 4) {
      const feature = pbf.readString();
      if (!SUPPORTED_FEATURES.has(feature)) unsupported.push(feature);
    }
  }
  if (unsupported.length > 0) throw notPbf(`it requires unsupported feature(s) ${unsupported.join(', ')}`);
}

/** The block's string table, decoded lazily: most strings are never looked at. */
class StringTable {
  readonly data: Uint8Array;
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  private readonly cache: Array<string | undefined> = [];

  constructor(data: Uint8Array, start: number, end: number) {
    this.data = data;
    const pbf = new PbfReader(data);
    pbf.pos = start;
    let field: number;
    while ((field = pbf.nextField(end))) {
      if (field !== 1) continue;
      const length = pbf.readVarint();
      this.starts.push(pbf.pos);
      this.ends.push(pbf.pos + length);
      pbf.pos += length;
    }
  }

  get(index: number): string {
    const cached = this.cache[index];
    if (cached !== undefined) return cached;
    const start = this.starts[index];
    if (start === undefined) throw notPbf(`string ${index} is missing from a block's string table`);
    const value = utf8.decode(this.data.subarray(start, this.ends[index]));
    this.cache[index] = value;
    return value;
  }

  /** Index of a string, or -1. */
  find(needle: Uint8Array): number {
    outer: for (let i = 0; i < this.starts.length; i++) {
      const start = this.starts[i]!;
      if (this.ends[i]! - start !== needle.length) continue;
      for (let j = 0; j < needle.length; j++) if (this.data[start + j] !== needle[j]) continue outer;
      return i;
    }
    return -1;
  }
}

/**
 * A growable list of numbers over a Float64Array, reused for every element: decoding a block
 * allocates only what callers keep (int64 ids stay exact up to 2^53, far beyond OSM's).
 */
class Numbers {
  data = new Float64Array(1024);
  length = 0;

  clear(): this {
    this.length = 0;
    return this;
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}

/** Appends a repeated varint field (packed, or one value when a writer did not pack it). */
function readRepeated(pbf: PbfReader, into: Numbers, signed: boolean): void {
  if (pbf.type !== 2) {
    into.push(signed ? pbf.readSVarint() : pbf.readVarint());
    return;
  }
  const end = pbf.readVarint() + pbf.pos;
  while (pbf.pos < end) into.push(signed ? pbf.readSVarint() : pbf.readVarint());
}

/** Reads a packed sint64 field that starts at `at` (noted while scanning the message) into `into`. */
function readDeltasAt(pbf: PbfReader, at: number, into: Numbers): Numbers {
  into.clear();
  if (at === -1) return into;
  pbf.pos = at;
  pbf.type = 2;
  readRepeated(pbf, into, true);
  return into;
}

/** The request's interesting key=value pairs as string-table indices of one block. */
class InterestMatcher {
  readonly keys: number[] = [];
  readonly values: number[] = [];

  constructor(strings: StringTable, encoded: ReadonlyArray<readonly [Uint8Array, Uint8Array]>) {
    for (const [key, value] of encoded) {
      const k = strings.find(key);
      const v = k === -1 ? -1 : strings.find(value);
      if (k !== -1 && v !== -1) {
        this.keys.push(k);
        this.values.push(v);
      }
    }
  }

  matches(key: number, value: number): boolean {
    for (let i = 0; i < this.keys.length; i++) {
      if (this.keys[i] === key && this.values[i] === value) return true;
    }
    return false;
  }

  matchesAny(keys: Numbers, values: Numbers): boolean {
    if (this.keys.length === 0) return false;
    for (let i = 0; i < keys.length; i++) if (this.matches(keys.data[i]!, values.data[i] ?? -1)) return true;
    return false;
  }
}

function tagsOf(strings: StringTable, keys: Numbers, values: Numbers): OsmTags {
  const tags: OsmTags = {};
  for (let i = 0; i < keys.length; i++) tags[strings.get(keys.data[i]!)] = strings.get(values.data[i] ?? 0);
  return tags;
}

const MEMBER_TYPES: readonly OsmMemberType[] = ['node', 'way', 'relation'];

const scratch = {
  keys: new Numbers(),
  values: new Numbers(),
  a: new Numbers(),
  b: new Numbers(),
  c: new Numbers(),
  keysVals: new Numbers(),
  hits: new Numbers(),
  tagStarts: new Numbers(),
};

interface BlockContext {
  request: ScanRequest;
  strings: StringTable;
  interest: InterestMatcher;
  granularity: number;
  latOffset: number;
  lonOffset: number;
}

function degrees(offset: number, granularity: number, value: number): number {
  return 1e-9 * (offset + granularity * value);
}

function readDenseNodes(pbf: PbfReader, end: number, ctx: BlockContext): void {
  const { request, interest, strings } = ctx;
  const wantedIds = request.nodeIds;
  const ids = scratch.a.clear();
  const keysVals = scratch.keysVals.clear();
  let latsAt = -1;
  let lonsAt = -1;
  let field: number;
  while ((field = pbf.nextField(end))) {
    if (field === 1) readRepeated(pbf, ids, true);
    else if (field === 8) latsAt = pbf.pos;
    else if (field === 9) lonsAt = pbf.pos;
    else if (field === 10) readRepeated(pbf, keysVals, false);
  }
  // Find the nodes wanted (by tag or by id) first: most blocks have none, and then their
  // coordinates are never decoded.
  const hits = scratch.hits.clear();
  const tagStarts = scratch.tagStarts.clear();
  const idData = ids.data;
  const kvData = keysVals.data;
  const kvLength = keysVals.length;
  const anyInteresting = interest.keys.length > 0;
  let id = 0;
  let kv = 0;
  for (let i = 0; i < ids.length; i++) {
    id += idData[i]!;
    idData[i] = id;
    let interesting = false;
    const tagStart = kv;
    if (kv < kvLength) {
      while (kv < kvLength && kvData[kv] !== 0) {
        if (anyInteresting && interest.matches(kvData[kv]!, kvData[kv + 1]!)) interesting = true;
        kv += 2;
      }
      kv++;
    }
    if (interesting) {
      hits.push(i);
      tagStarts.push(tagStart);
    } else if (wantedIds?.has(id)) {
      hits.push(i);
      tagStarts.push(-1);
    }
  }
  if (hits.length === 0 || latsAt === -1 || lonsAt === -1) return;
  const lats = readDeltasAt(pbf, latsAt, scratch.b).data;
  const lons = readDeltasAt(pbf, lonsAt, scratch.c).data;
  pbf.pos = end;
  const keys = scratch.keys;
  const values = scratch.values;
  let lat = 0;
  let lon = 0;
  let at = 0;
  for (let h = 0; h < hits.length; h++) {
    const i = hits.data[h]!;
    for (; at <= i; at++) {
      lat += lats[at]!;
      lon += lons[at]!;
    }
    let tags: OsmTags | null = null;
    const tagStart = tagStarts.data[h]!;
    if (tagStart !== -1) {
      keys.clear();
      values.clear();
      for (let t = tagStart; t < kvLength && kvData[t] !== 0; t += 2) {
        keys.push(kvData[t]!);
        values.push(kvData[t + 1]!);
      }
      tags = tagsOf(strings, keys, values);
    }
    request.node!(
      idData[i]!,
      degrees(ctx.latOffset, ctx.granularity, lat),
      degrees(ctx.lonOffset, ctx.granularity, lon),
      tags,
    );
  }
}

function readPlainNode(pbf: PbfReader, end: number, ctx: BlockContext): void {
  const keys = scratch.keys.clear();
  const values = scratch.values.clear();
  let id = 0;
  let lat = 0;
  let lon = 0;
  let field: number;
  while ((field = pbf.nextField(end))) {
    if (field === 1) id = pbf.readSVarint();
    else if (field === 2) readRepeated(pbf, keys, false);
    else if (field === 3) readRepeated(pbf, values, false);
    else if (field === 8) lat = pbf.readSVarint();
    else if (field === 9) lon = pbf.readSVarint();
  }
  const interesting = ctx.interest.matchesAny(keys, values);
  if (!interesting && !ctx.request.nodeIds?.has(id)) return;
  ctx.request.node!(
    id,
    degrees(ctx.latOffset, ctx.granularity, lat),
    degrees(ctx.lonOffset, ctx.granularity, lon),
    interesting ? tagsOf(ctx.strings, keys, values) : null,
  );
}

function readWay(pbf: PbfReader, end: number, ctx: BlockContext): void {
  const keys = scratch.keys.clear();
  const values = scratch.values.clear();
  let id = 0;
  let refsAt = -1;
  let latsAt = -1;
  let lonsAt = -1;
  let field: number;
  while ((field = pbf.nextField(end))) {
    if (field === 1) id = pbf.readVarint(true);
    else if (field === 2) readRepeated(pbf, keys, false);
    else if (field === 3) readRepeated(pbf, values, false);
    else if (field === 8) refsAt = pbf.pos;
    else if (field === 9) latsAt = pbf.pos;
    else if (field === 10) lonsAt = pbf.pos;
  }
  const interesting = ctx.interest.matchesAny(keys, values);
  if (!interesting && !ctx.request.wayIds?.has(id)) return;
  const refDeltas = readDeltasAt(pbf, refsAt, scratch.a);
  const refs = new Float64Array(refDeltas.length);
  let ref = 0;
  for (let i = 0; i < refDeltas.length; i++) refs[i] = ref += refDeltas.data[i]!;
  let coords: Float64Array | null = null;
  if (latsAt !== -1 && lonsAt !== -1) {
    const lats = readDeltasAt(pbf, latsAt, scratch.b);
    const lons = readDeltasAt(pbf, lonsAt, scratch.c);
    coords = new Float64Array(lats.length * 2);
    let lat = 0;
    let lon = 0;
    for (let i = 0; i < lats.length; i++) {
      lat += lats.data[i]!;
      lon += lons.data[i] ?? 0;
      const latitude = degrees(ctx.latOffset, ctx.granularity, lat);
      const longitude = degrees(ctx.lonOffset, ctx.granularity, lon);
      // A writer marks a node it could not find with an impossible location: use the node ids then.
      if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
        coords = null;
        break;
      }
      coords[2 * i] = latitude;
      coords[2 * i + 1] = longitude;
    }
  }
  pbf.pos = end;
  ctx.request.way!({ id, tags: interesting ? tagsOf(ctx.strings, keys, values) : null, refs, coords });
}

function readRelation(pbf: PbfReader, end: number, ctx: BlockContext): void {
  const keys = scratch.keys.clear();
  const values = scratch.values.clear();
  const roles = scratch.a.clear();
  const memberIds = scratch.b.clear();
  const types = scratch.c.clear();
  let id = 0;
  let field: number;
  while ((field = pbf.nextField(end))) {
    if (field === 1) id = pbf.readVarint(true);
    else if (field === 2) readRepeated(pbf, keys, false);
    else if (field === 3) readRepeated(pbf, values, false);
    else if (field === 8) readRepeated(pbf, roles, false);
    else if (field === 9) readRepeated(pbf, memberIds, true);
    else if (field === 10) readRepeated(pbf, types, false);
  }
  if (!ctx.interest.matchesAny(keys, values)) return;
  const members: OsmMember[] = [];
  let ref = 0;
  for (let i = 0; i < memberIds.length; i++) {
    ref += memberIds.data[i]!;
    members.push({
      type: MEMBER_TYPES[types.data[i] ?? 0] ?? 'node',
      ref,
      role: ctx.strings.get(roles.data[i] ?? 0),
      coords: null,
    });
  }
  ctx.request.relation!({ id, tags: tagsOf(ctx.strings, keys, values), members });
}

/** Decodes one PrimitiveBlock for the request; returns which element kinds the block holds. */
function readPrimitiveBlock(
  data: Uint8Array,
  request: ScanRequest,
  encoded: ReadonlyArray<readonly [Uint8Array, Uint8Array]>,
): number {
  const pbf = new PbfReader(data);
  let stringsAt: [number, number] | null = null;
  const groups: Array<[number, number]> = [];
  let granularity = 100;
  let latOffset = 0;
  let lonOffset = 0;
  let field: number;
  while ((field = pbf.nextField())) {
    if (field === 1 || field === 2) {
      const length = pbf.readVarint();
      if (field === 1) stringsAt = [pbf.pos, pbf.pos + length];
      else groups.push([pbf.pos, pbf.pos + length]);
      pbf.pos += length;
    } else if (field === 17) granularity = pbf.readVarint();
    else if (field === 19) latOffset = pbf.readVarint(true);
    else if (field === 20) lonOffset = pbf.readVarint(true);
  }
  const strings = new StringTable(data, stringsAt?.[0] ?? 0, stringsAt?.[1] ?? 0);
  const ctx: BlockContext = {
    request,
    strings,
    interest: new InterestMatcher(strings, encoded),
    granularity,
    latOffset,
    lonOffset,
  };
  let contents = 0;
  for (const [start, end] of groups) {
    pbf.pos = start;
    while ((field = pbf.nextField(end))) {
      if (field < 1 || field > 4) continue;
      const kind = field <= 2 ? HAS_NODES : field === 3 ? HAS_WAYS : HAS_RELATIONS;
      contents |= kind;
      // Skip groups that cannot hold anything wanted: no interesting tag in this block's strings,
      // and no ids asked for.
      const anyInteresting = ctx.interest.keys.length > 0;
      const wanted =
        kind === HAS_NODES
          ? request.node && (anyInteresting || (request.nodeIds?.size ?? 0) > 0)
          : kind === HAS_WAYS
            ? request.way && (anyInteresting || (request.wayIds?.size ?? 0) > 0)
            : request.relation && anyInteresting;
      if (!wanted) continue;
      const messageEnd = pbf.readVarint() + pbf.pos;
      if (field === 1) readPlainNode(pbf, messageEnd, ctx);
      else if (field === 2) readDenseNodes(pbf, messageEnd, ctx);
      else if (field === 3) readWay(pbf, messageEnd, ctx);
      else readRelation(pbf, messageEnd, ctx);
      pbf.pos = messageEnd;
    }
  }
  return contents;
}

function contentsWanted(request: ScanRequest): number {
  return (
    (request.node ? HAS_NODES : 0) | (request.way ? HAS_WAYS : 0) | (request.relation ? HAS_RELATIONS : 0)
  );
}

export class PbfSource implements OsmSource {
  readonly format = 'pbf';
  readonly file: string;
  /** Where the data blobs are and what they hold; known after the first pass. */
  private blobs: BlobLocation[] | null = null;

  constructor(file: string) {
    this.file = file;
  }

  async scan(request: ScanRequest): Promise<void> {
    const encoder = new TextEncoder();
    const encoded = request.interesting.map(
      ([key, value]) => [encoder.encode(key), encoder.encode(value)] as const,
    );
    const file = await fs.open(this.file, 'r');
    try {
      if (this.blobs) {
        const wanted = this.blobs.filter((blob) => blob.contents & contentsWanted(request));
        // Read the next blob while this one is decoded.
        let next = wanted.length > 0 ? quiet(readBlob(file, wanted[0]!.offset)) : null;
        for (let i = 0; next; i++) {
          const blob = await next;
          next = i + 1 < wanted.length ? quiet(readBlob(file, wanted[i + 1]!.offset)) : null;
          if (blob) readPrimitiveBlock(await blob.data, request, encoded);
        }
        return;
      }
      const blobs: BlobLocation[] = [];
      let sawHeader = false;
      let offset = 0;
      let next = quiet(readBlob(file, 0));
      for (;;) {
        const blob = await next;
        if (!blob) break;
        next = quiet(readBlob(file, blob.next));
        if (blob.type === 'OSMHeader') {
          checkHeaderBlock(await blob.data);
          sawHeader = true;
        } else if (blob.type === 'OSMData') {
          if (!sawHeader) throw notPbf('the first block is not an OSMHeader');
          blobs.push({ offset, contents: readPrimitiveBlock(await blob.data, request, encoded) });
        }
        // Other blob types are skipped, as the format asks.
        offset = blob.next;
      }
      if (!sawHeader) throw notPbf('the file is empty');
      this.blobs = blobs;
    } finally {
      await file.close();
    }
  }
}
