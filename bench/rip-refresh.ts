import { sql } from 'kysely';
import { seededRandom } from '@safeshore/domain';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/connection.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { createRip, refreshIntervalHours, formatRefresh } from '../apps/api/src/modules/rip/index.ts';
import { parseWavesBatch, type WavesClient } from '../apps/api/src/providers/open-meteo-waves.ts';
import { createTideProvider } from '../apps/api/src/providers/tides.ts';
import { createSyntheticDatabase } from './generate-beaches.ts';

/**
 * The rip outlook's whole refresh (issue 29) on a database: every beach's shore direction, one
 * wave "request" per batch of 0.2° cells answered by a synthetic Open-Meteo (the real parser reads
 * it: no network), tides from neaps per station, the model per beach, and the rows written in one
 * transaction. Prints the CPU and wall time, the cells, the Open-Meteo calls a refresh costs and
 * how often the call budget lets it run.
 *
 *   npm run bench:rip-refresh                    # 12,000 synthetic beaches
 *   BEACHES=50000 npm run bench:rip-refresh
 *
 * `fillRipOutlooks(sqlitePath)` is also what bench:load uses to give its database outlooks to read.
 * Synthetic beaches get a synthetic shore direction (they are not real beaches; the scratch database
 * is marked as synthetic and the server refuses it without SAFESHORE_ALLOW_SYNTHETIC).
 */

/** Open-Meteo's marine answer for a point, as the real API shapes it: 7 days from UTC midnight 3 days ago. */
function syntheticAnswer(latitude: number, longitude: number, now: number, random: () => number) {
  const start = Math.floor(now / 86_400_000) * 86_400_000 - 3 * 86_400_000;
  const base = 0.3 + random() * 1.6;
  const from = random() * 360;
  const phase = random() * Math.PI * 2;
  const time: number[] = [];
  const height: number[] = [];
  const direction: number[] = [];
  for (let h = 0; h < 168; h += 1) {
    time.push((start + h * 3_600_000) / 1000);
    height.push(Math.round(base * (1 + 0.5 * Math.sin(phase + h / 20)) * 100) / 100);
    direction.push(Math.round((from + 40 * Math.sin(h / 30) + 360) % 360));
  }
  return { latitude, longitude, hourly: { time, wave_height: height, wave_direction: direction } };
}

export async function fillRipOutlooks(
  sqlitePath: string,
  now = new Date(),
  tides = createTideProvider({ now: () => now.getTime() }),
) {
  const handle = openDatabase(loadConfig({ SQLITE_PATH: sqlitePath }));
  try {
    await migrateToLatest(handle);
    const random = seededRandom(29);
    // Synthetic beaches only: a real beach's shore direction comes from the coastline or an operator.
    await handle.db
      .updateTable('beaches')
      .set(() => ({
        shore_normal_deg: sql<number>`(id * 37) % 360`,
        shore_normal_source: 'osm-coastline',
        shore_normal_confidence: 'high',
        shore_normal_note: 'synthetic benchmark beach',
      }))
      .where('shore_normal_deg', 'is', null)
      .where('data_source', 'like', 'Synthetic benchmark%')
      .execute();
    let requests = 0;
    const waves: WavesClient = {
      source: { name: 'synthetic', attribution: '', url: null },
      fetchBatch: async (points) => {
        requests += 1;
        const body = points.map((p) => syntheticAnswer(p.latitude, p.longitude, now.getTime(), random));
        // Through JSON, as a real answer arrives.
        return parseWavesBatch(JSON.parse(JSON.stringify(body)), points.length);
      },
    };
    const rip = createRip(handle.db, {
      providers: { waves, tides },
      clock: () => now,
      callsPerDay: loadConfig({}).OPEN_METEO_CALLS_PER_DAY,
    });
    const cpu = process.cpuUsage();
    const wall = performance.now();
    const result = await rip.refresh();
    const used = process.cpuUsage(cpu);
    return {
      result,
      requests,
      cpuSeconds: (used.user + used.system) / 1e6,
      wallSeconds: (performance.now() - wall) / 1000,
    };
  } finally {
    await handle.db.destroy();
  }
}

if (import.meta.main) {
  const beaches = Number(process.env.BEACHES ?? 12_000);
  const path = await createSyntheticDatabase(beaches);
  // The first refresh of a process also finds each beach's tide station (remembered after) and
  // warms the JIT; later ones, as a running server's, reuse both.
  const now = new Date();
  const tides = createTideProvider({ now: () => now.getTime() });
  const cold = await fillRipOutlooks(path, now, tides);
  const { result, requests, cpuSeconds, wallSeconds } = await fillRipOutlooks(path, now, tides);
  const callsPerDay = loadConfig({}).OPEN_METEO_CALLS_PER_DAY;
  const interval = refreshIntervalHours(result.cells, callsPerDay);
  console.log(`rip outlook refresh at ${beaches} synthetic beaches:`);
  console.log(`  ${formatRefresh(result)} ${requests} HTTP requests (batched).`);
  console.log(
    `  first refresh of a process (each beach's tide station looked up): CPU ${cold.cpuSeconds.toFixed(2)} s, wall ${cold.wallSeconds.toFixed(2)} s`,
  );
  console.log(`  later refreshes: CPU ${cpuSeconds.toFixed(2)} s, wall ${wallSeconds.toFixed(2)} s`);
  console.log(
    `  budget: OPEN_METEO_CALLS_PER_DAY=${callsPerDay}, refresh share 50 %: every ${interval} h = ${Math.round((result.calls * 24) / interval)} calls a day`,
  );
}
