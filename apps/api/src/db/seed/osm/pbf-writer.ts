import fs from 'node:fs';
import zlib from 'node:zlib';
import { PbfWriter } from 'pbf';
import type { OsmMemberType, OsmTags } from './types.ts';

/**
 * A small OpenStreetMap PBF writer, for test fixtures and the benchmark's synthetic extracts (not
 * used by the import itself). Elements must come sorted as in real extracts: nodes, then ways,
 * then relations. Blocks are written as they fill, so a large file never sits in memory.
 */

export interface OsmNodeInput {
  id: number;
  lat: number;
  lon: number;
  tags?: OsmTags;
}

export interface OsmWayInput {
  id: number;
  refs: number[];
  tags?: OsmTags;
}

export interface OsmRelationInput {
  id: number;
  members: Array<{ type: OsmMemberType; ref: number; role: string }>;
  tags?: OsmTags;
}

export interface OsmPbfWriterOptions {
  /** Elements per block (real extracts use 8,000). */
  blockSize?: number;
  /** zlib-compress blocks (default) or store them raw. */
  compress?: boolean;
  /** DenseNodes (default) or one Node message per node. */
  denseNodes?: boolean;
}

type Kind = 'node' | 'way' | 'relation';
const KIND_ORDER: Record<Kind, number> = { node: 0, way: 1, relation: 2 };
const MEMBER_TYPE: Record<OsmMemberType, number> = { node: 0, way: 1, relation: 2 };
const encoder = new TextEncoder();

class StringTableBuilder {
  readonly strings: string[] = [''];
  private readonly index = new Map<string, number>([['', 0]]);

  id(value: string): number {
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.strings.length;
      this.strings.push(value);
      this.index.set(value, i);
    }
    return i;
  }

  tags(tags: OsmTags | undefined): { keys: number[]; values: number[] } {
    const entries = Object.entries(tags ?? {});
    return { keys: entries.map(([k]) => this.id(k)), values: entries.map(([, v]) => this.id(v)) };
  }
}

function deltas(values: number[]): number[] {
  return values.map((v, i) => (i === 0 ? v : v - values[i - 1]!));
}

const toUnits = (degrees: number) => Math.round(degrees * 1e7);

export class OsmPbfWriter {
  private readonly fd: number;
  private readonly blockSize: number;
  private readonly compress: boolean;
  private readonly dense: boolean;
  private kind: Kind = 'node';
  private nodes: OsmNodeInput[] = [];
  private ways: OsmWayInput[] = [];
  private relations: OsmRelationInput[] = [];

  constructor(file: string, options: OsmPbfWriterOptions = {}) {
    this.fd = fs.openSync(file, 'w');
    this.blockSize = options.blockSize ?? 8000;
    this.compress = options.compress ?? true;
    this.dense = options.denseNodes ?? true;
    const header = new PbfWriter();
    header.writeStringField(4, 'OsmSchema-V0.6');
    if (this.dense) header.writeStringField(4, 'DenseNodes');
    header.writeStringField(16, 'safeshore-pbf-writer');
    this.writeBlob('OSMHeader', header.finish());
  }

  private order(kind: Kind): void {
    if (KIND_ORDER[kind] < KIND_ORDER[this.kind]) throw new Error(`write ${kind}s before ${this.kind}s`);
    if (kind !== this.kind) this.flush();
    this.kind = kind;
  }

  addNode(node: OsmNodeInput): void {
    this.order('node');
    this.nodes.push(node);
    if (this.nodes.length >= this.blockSize) this.flush();
  }

  addWay(way: OsmWayInput): void {
    this.order('way');
    this.ways.push(way);
    if (this.ways.length >= this.blockSize) this.flush();
  }

  addRelation(relation: OsmRelationInput): void {
    this.order('relation');
    this.relations.push(relation);
    if (this.relations.length >= this.blockSize) this.flush();
  }

  close(): void {
    this.flush();
    fs.closeSync(this.fd);
  }

  private flush(): void {
    const strings = new StringTableBuilder();
    const group = new PbfWriter();
    if (this.nodes.length > 0) {
      if (this.dense) group.writeMessage(2, writeDenseNodes, { nodes: this.nodes, strings });
      else for (const node of this.nodes) group.writeMessage(1, writeNode, { node, strings });
    }
    for (const way of this.ways) group.writeMessage(3, writeWay, { way, strings });
    for (const relation of this.relations) group.writeMessage(4, writeRelation, { relation, strings });
    const count = this.nodes.length + this.ways.length + this.relations.length;
    this.nodes = [];
    this.ways = [];
    this.relations = [];
    if (count === 0) return;
    const groupBytes = group.finish();
    const block = new PbfWriter();
    block.writeMessage(
      1,
      (table: string[], pbf: PbfWriter) => {
        for (const s of table) pbf.writeBytesField(1, encoder.encode(s));
      },
      strings.strings,
    );
    block.writeBytesField(2, groupBytes);
    this.writeBlob('OSMData', block.finish());
  }

  private writeBlob(type: string, data: Uint8Array): void {
    const blob = new PbfWriter();
    if (this.compress) {
      blob.writeVarintField(2, data.length);
      blob.writeBytesField(3, zlib.deflateSync(data));
    } else {
      blob.writeBytesField(1, data);
    }
    const blobBytes = blob.finish();
    const header = new PbfWriter();
    header.writeStringField(1, type);
    header.writeVarintField(3, blobBytes.length);
    const headerBytes = header.finish();
    const length = Buffer.alloc(4);
    length.writeUInt32BE(headerBytes.length, 0);
    fs.writeSync(this.fd, length);
    fs.writeSync(this.fd, headerBytes);
    fs.writeSync(this.fd, blobBytes);
  }
}

function writeDenseNodes(
  { nodes, strings }: { nodes: OsmNodeInput[]; strings: StringTableBuilder },
  pbf: PbfWriter,
): void {
  pbf.writePackedSVarint(1, deltas(nodes.map((n) => n.id)));
  pbf.writePackedSVarint(8, deltas(nodes.map((n) => toUnits(n.lat))));
  pbf.writePackedSVarint(9, deltas(nodes.map((n) => toUnits(n.lon))));
  if (nodes.some((n) => n.tags && Object.keys(n.tags).length > 0)) {
    const keysVals: number[] = [];
    for (const node of nodes) {
      const { keys, values } = strings.tags(node.tags);
      keys.forEach((k, i) => keysVals.push(k, values[i]!));
      keysVals.push(0);
    }
    pbf.writePackedVarint(10, keysVals);
  }
}

function writeNode(
  { node, strings }: { node: OsmNodeInput; strings: StringTableBuilder },
  pbf: PbfWriter,
): void {
  const { keys, values } = strings.tags(node.tags);
  pbf.writeSVarintField(1, node.id);
  pbf.writePackedVarint(2, keys);
  pbf.writePackedVarint(3, values);
  pbf.writeSVarintField(8, toUnits(node.lat));
  pbf.writeSVarintField(9, toUnits(node.lon));
}

function writeWay({ way, strings }: { way: OsmWayInput; strings: StringTableBuilder }, pbf: PbfWriter): void {
  const { keys, values } = strings.tags(way.tags);
  pbf.writeVarintField(1, way.id);
  pbf.writePackedVarint(2, keys);
  pbf.writePackedVarint(3, values);
  pbf.writePackedSVarint(8, deltas(way.refs));
}

function writeRelation(
  { relation, strings }: { relation: OsmRelationInput; strings: StringTableBuilder },
  pbf: PbfWriter,
): void {
  const { keys, values } = strings.tags(relation.tags);
  pbf.writeVarintField(1, relation.id);
  pbf.writePackedVarint(2, keys);
  pbf.writePackedVarint(3, values);
  pbf.writePackedVarint(
    8,
    relation.members.map((m) => strings.id(m.role)),
  );
  pbf.writePackedSVarint(9, deltas(relation.members.map((m) => m.ref)));
  pbf.writePackedVarint(
    10,
    relation.members.map((m) => MEMBER_TYPE[m.type]),
  );
}

/** Writes a whole (small) extract at once. */
export function writeOsmPbf(
  file: string,
  data: { nodes?: OsmNodeInput[]; ways?: OsmWayInput[]; relations?: OsmRelationInput[] },
  options?: OsmPbfWriterOptions,
): void {
  const writer = new OsmPbfWriter(file, options);
  for (const node of [...(data.nodes ?? [])].sort((a, b) => a.id - b.id)) writer.addNode(node);
  for (const way of [...(data.ways ?? [])].sort((a, b) => a.id - b.id)) writer.addWay(way);
  for (const relation of [...(data.relations ?? [])].sort((a, b) => a.id - b.id))
    writer.addRelation(relation);
  writer.close();
}
