import { configuredClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { importBeaches } from './db/seed/beaches.ts';
import { ImportFileError } from './db/seed/beach-rows.ts';
import fs from 'node:fs';
import { importArticles } from './db/seed/articles.ts';
import { exportBeaches } from './db/seed/export.ts';
import { seedBundledData } from './db/seed/index.ts';
import { importPlaces } from './db/seed/places.ts';
import { importAnnouncements } from './db/seed/announcements.ts';
import { importIpRanges } from './db/seed/ip-ranges.ts';
import { formatOsmReport, importOsm } from './db/seed/osm/import.ts';
import { importAttendance } from './db/seed/attendance.ts';
import { importHolidays } from './db/seed/holidays.ts';
import { formatImportReport } from './db/seed/import-file.ts';
import { importPatrols } from './db/seed/patrols.ts';
import { importPosts } from './db/seed/posts.ts';
import { loadSampleData, removeSampleData } from './db/seed/sample.ts';
import { removeBeach } from './db/seed/remove-beach.ts';
import { createSyncRepository } from './modules/sync/sync.repository.ts';
import { createSyncService } from './modules/sync/sync.service.ts';
import { SYNC_TOMBSTONE_RETENTION_DAYS } from '@safeshore/domain';
import { createLocalStorage } from './modules/algal/storage.ts';
import { HttpError } from './http/errors.ts';
import { createAccounts } from './modules/accounts/index.ts';
import { createAlgalRepository } from './modules/algal/algal.repository.ts';
import { RoleArgumentError, parseConsoleRoleArgs, setConsoleRoles } from './modules/console/admin-roles.ts';
import { formatWaterQualityReport, importWaterQualitySites } from './modules/water-quality/import-sites.ts';
import { providerFromConfig } from './modules/water-quality/index.ts';
import { createRip, formatCalibration, formatRefresh, formatSkillReport } from './modules/rip/index.ts';
import { resolveWeatherSettings } from './modules/weather/index.ts';
import { createWeatherProviders } from './providers/index.ts';
import {
  formatOperatorReport,
  readImportCsv,
  readPhotoFolder,
  runImport,
} from './modules/console/imports/index.ts';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  migrate                   create or upgrade the database schema
  seed [--force]            load the bundled places and starter beaches (once; --force loads them again)
  import-beaches FILE       import beaches from CSV or GeoJSON (format: data/beaches/FORMAT.md)
  import-places FILE        import places from a GeoNames AU postal-code file
  import-osm FILE           import named beaches from an OpenStreetMap extract (.osm.pbf or Overpass JSON)
  import-articles           load the articles in content/ (CONTENT_DIR) now
  import-announcements FILE load Home announcements from YAML or JSON (format: data/announcements/FORMAT.md)
  import-ip-ranges FILE     load IP ranges -> postcode from CSV (start_ip,end_ip,postcode[,source]) for the
                            no-body location lookup; replaces the stored ranges of the sources it names
  import-patrols FILE       patrol seasons, hours and exceptions from CSV (format: data/sample/FORMAT.md)
  import-attendance FILE    hourly public attendance from CSV
  import-posts FILE         today's posts (Today's Conditions tiles) from CSV
  import-holidays FILE      public holidays per state from CSV (the bundled list loads on start)
  load-sample               load the sample patrols, attendance and posts in data/sample (flagged as sample)
  remove-sample             delete every sample row (is_sample = 1); real data is kept
  export-beaches [--format csv|geojson] [--out FILE]
                            write every beach in the import format (stdout by default)
  create-user --email EMAIL --first FIRST --last LAST [--password PASSWORD] [--verified]
                            create an account (a random password is printed when none is given;
                            --verified: you vouch for the address, as if its owner had confirmed it)
  grant-role EMAIL algal    give a user the algal role (the algal bloom metrics)
  grant-role EMAIL lifesaver --beach KEY|ID [--beach KEY|ID …] | --club ID [--club ID …]
                            a lifesaver of those beaches or clubs (a club covers its beaches): may set
                            the beach's live status, patrol now and today's conditions posts
  grant-role EMAIL operator --state STATE [--state …] | --area AREA [--area …]
                            an operator of a state (NSW, VIC, …) or an area (the council area as beach
                            urls name it: NSW/waverley, or its name when only one state has it): a
                            lifesaver's rights on every beach in scope, plus lifesaver grants, imports
                            and the audit log
  revoke-role EMAIL ROLE [same options]
                            take a role (or those scopes of it) away
  algal-add-beach KEY|ID    add a beach to the algal bloom monitoring programme
  algal-remove-beach KEY|ID take a beach out of the programme (its metrics and photos are kept)
  algal-list                list the programme's beaches
  remove-beach KEY|ID       delete a beach and everything attached to it; offline databases delete it
                            at their next sync
  import-rosters FILE [--dry-run]         patrol seasons and rosters by club and beach (CSV; README "Operators' imports")
  import-facilities FILE [--dry-run]      facilities, regulations, hazards and the has_* facts per beach (CSV)
  import-hazard-ratings FILE [--dry-run]  hazard rating (1-10) and beach type with their source (CSV)
  import-photos DIR [--dry-run]           beach photos: DIR holds photos.csv (licence, credit) and the images
  import-water-quality-sites FILE  the operator's Beachwatch site -> beach mapping (CSV site_id,beach_key;
                            beach_key "none": the site speaks for no beach); replaces the stored mapping
  rip-refresh               compute every beach's rip-current outlook now (one batched wave request per
                            100+ grid cells; needs WEATHER_PROVIDERS=on)
  rip-skill [--region AREA] lifesavers' rip observations against the outlook, per region and beach: count,
                            Brier score, base-rate Brier score and skill score
  calibrate-rip-model --region AREA
                            refit the rip model on a region's observations (AREA: NSW/waverley); refuses
                            under 200 observations or when the refit does not beat the NOAA coefficients
  rollback-rip-model --region AREA
                            stop using the region's latest refit (the one before it, or NOAA's)
  prune-tombstones          forget beach deletions older than ${SYNC_TOMBSTONE_RETENTION_DAYS} days (clients that last
                            synced before the oldest one kept get a full resync)

The database is SQLite at SQLITE_PATH (default var/safeshore.sqlite), or PostgreSQL when DATABASE_URL is set.`;

/** The value after `--name` in args, if any. */
function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const config = loadConfig();
  // Real time, unless SAFESHORE_CLOCK_* moves it (testing and demos: the browser tests' shared day).
  const { clock } = configuredClock(config);
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle);
    switch (command) {
      case 'migrate':
        console.log(`Database ready (${handle.dialect}: ${handle.location}).`);
        return 0;
      case 'seed': {
        const report = await seedBundledData(handle.db, config.DATA_DIR, { force: args.includes('--force') });
        console.log(
          report.skipped
            ? 'Bundled data was already loaded (use --force to load it again).'
            : JSON.stringify(report, null, 2),
        );
        if (report.skipped && report.shoreNormals)
          console.log(`Shore normals applied (their file changed): ${JSON.stringify(report.shoreNormals)}`);
        return 0;
      }
      case 'import-beaches': {
        const file = args[0];
        if (!file) throw new ImportFileError('import-beaches needs a FILE (.csv or .geojson).');
        const report = await importBeaches(handle.db, file);
        console.log(
          `${report.file}: ${report.added} added, ${report.updated} updated, ${report.unchanged} unchanged, ${report.rejected.length} rejected`,
        );
        for (const r of report.rejected)
          console.log(`  line ${r.line}${r.title ? ` (${r.title})` : ''}: ${r.reasons.join('; ')}`);
        return report.rejected.length > 0 ? 1 : 0;
      }
      case 'import-places': {
        const file = args[0];
        if (!file) throw new ImportFileError('import-places needs a FILE.');
        const report = await importPlaces(handle.db, file);
        console.log(
          `${file}: ${report.added} added, ${report.unchanged} unchanged, ${report.rejected.length} rejected`,
        );
        for (const r of report.rejected) console.log(`  line ${r.line}: ${r.reason}`);
        return report.rejected.length > 0 ? 1 : 0;
      }
      case 'import-announcements': {
        const file = args[0];
        if (!file) throw new ImportFileError('import-announcements needs a FILE (.yaml, .yml or .json).');
        const report = await importAnnouncements(handle.db, file);
        console.log(
          report.rejected.length > 0
            ? `${report.file}: ${report.rejected.length} rejected; nothing was changed`
            : `${report.file}: ${report.added} added, ${report.updated} updated, ${report.unchanged} unchanged`,
        );
        for (const r of report.rejected)
          console.log(`  row ${r.row}${r.key ? ` (${r.key})` : ''}: ${r.reasons.join('; ')}`);
        return report.rejected.length > 0 ? 1 : 0;
      }
      case 'import-ip-ranges': {
        const file = args[0];
        if (!file) throw new ImportFileError('import-ip-ranges needs a FILE (.csv).');
        const report = await importIpRanges(handle.db, file);
        console.log(
          report.rejected.length > 0
            ? `${report.file}: ${report.rejected.length} rejected; nothing was changed`
            : `${report.file}: ${report.added} ranges added (replacing ${report.replaced})`,
        );
        for (const r of report.rejected) console.log(`  line ${r.line}: ${r.reasons.join('; ')}`);
        return report.rejected.length > 0 ? 1 : 0;
      }
      case 'import-patrols':
      case 'import-attendance':
      case 'import-posts':
      case 'import-holidays': {
        const file = args[0];
        if (!file) throw new ImportFileError(`${command} needs a FILE (.csv).`);
        const now = clock();
        const importer = {
          'import-patrols': (db: typeof handle.db, f: string) => importPatrols(db, f, { now }),
          'import-attendance': (db: typeof handle.db, f: string) => importAttendance(db, f, { now }),
          'import-posts': (db: typeof handle.db, f: string) => importPosts(db, f, { now }),
          'import-holidays': importHolidays,
        }[command];
        const report = await importer(handle.db, file);
        for (const line of formatImportReport(report)) console.log(line);
        return report.rejected.length > 0 ? 1 : 0;
      }
      case 'load-sample': {
        const storage = createLocalStorage(config.UPLOADS_DIR);
        const report = await loadSampleData(handle.db, { dataDir: config.DATA_DIR, storage, now: clock() });
        for (const part of [report.patrols, report.attendance, report.posts])
          for (const line of formatImportReport(part)) console.log(line);
        console.log(`Sample images stored: ${report.media.join(', ') || 'none'}`);
        const failed = [report.patrols, report.attendance, report.posts].some((r) => !r.written);
        return failed ? 1 : 0;
      }
      case 'remove-sample': {
        const storage = createLocalStorage(config.UPLOADS_DIR);
        const report = await removeSampleData(handle.db, { dataDir: config.DATA_DIR, storage });
        console.log(
          `Removed sample data: ${report.patrolSeasons} patrol seasons, ${report.attendanceRecords} attendance records, ${report.posts} posts, ${report.media} images.`,
        );
        return 0;
      }
      case 'export-beaches': {
        const format =
          option(args, '--format') ?? (option(args, '--out')?.endsWith('.geojson') ? 'geojson' : 'csv');
        if (format !== 'csv' && format !== 'geojson')
          throw new ImportFileError('--format must be csv or geojson.');
        const file = option(args, '--out');
        const out = file ? fs.createWriteStream(file) : process.stdout;
        const count = await exportBeaches(handle.db, format, out);
        if (file) {
          await new Promise<void>((resolve, reject) =>
            out.end((error?: Error | null) => (error ? reject(error) : resolve())),
          );
          console.error(`${count} beaches written to ${file}`);
        }
        return 0;
      }
      case 'import-osm': {
        const file = args[0];
        if (!file) throw new ImportFileError('import-osm needs a FILE (.osm.pbf or Overpass .json).');
        const started = performance.now();
        const report = await importOsm(handle.db, file);
        for (const line of formatOsmReport(report)) console.log(line);
        console.log(`  took ${((performance.now() - started) / 1000).toFixed(1)} s`);
        return 0;
      }
      case 'import-articles': {
        const report = await importArticles(handle.db, config.CONTENT_DIR);
        console.log(
          `${report.loaded} articles loaded, ${report.unpublished} unpublished, ${report.errors.length} rejected`,
        );
        for (const e of report.errors) console.log(`  ${e.file}: ${e.reason}`);
        return report.errors.length > 0 ? 1 : 0;
      }
      case 'create-user': {
        const accounts = createAccounts(handle.db, config, { clock });
        const { user, password } = await accounts.createUser({
          email: option(args, '--email') ?? '',
          first_name: option(args, '--first') ?? '',
          last_name: option(args, '--last') ?? '',
          password: option(args, '--password'),
          email_verified: args.includes('--verified'),
        });
        console.log(`Created user ${user.id}: ${user.first_name} ${user.last_name} <${user.email}>`);
        if (password) console.log(`Password (shown once): ${password}`);
        return 0;
      }
      case 'algal-add-beach':
      case 'algal-remove-beach': {
        const [ref] = args;
        if (!ref) throw new ImportFileError(`${command} needs a beach KEY or ID.`);
        const beach = await handle.db
          .selectFrom('beaches')
          .select(['id', 'key', 'title'])
          .where((eb) => (/^\d{1,9}$/.test(ref) ? eb('id', '=', Number(ref)) : eb('key', '=', ref)))
          .executeTakeFirst();
        if (!beach) throw new ImportFileError(`No beach with key or id ${ref}.`);
        const repo = createAlgalRepository(handle.db);
        const adding = command === 'algal-add-beach';
        const changed = adding
          ? await repo.addBeach(beach.id, clock().toISOString())
          : await repo.removeBeach(beach.id);
        const label = `${beach.title} (${beach.key}, id ${beach.id})`;
        console.log(
          changed
            ? `${label} ${adding ? 'added to' : 'removed from'} the algal bloom programme.`
            : `Nothing to do: ${label} is ${adding ? 'already' : 'not'} in the programme.`,
        );
        return 0;
      }
      case 'algal-list': {
        const beaches = await createAlgalRepository(handle.db).programmeBeaches();
        if (beaches.length === 0) console.log('No beaches in the algal bloom programme.');
        for (const beach of beaches) console.log(`${beach.id}\t${beach.key}\t${beach.title}`);
        return 0;
      }
      case 'remove-beach': {
        const [ref] = args;
        if (!ref) throw new ImportFileError('remove-beach needs a beach KEY or ID.');
        const removed = await removeBeach(handle.db, ref, clock());
        if (!removed) throw new ImportFileError(`No beach with key or id ${ref}.`);
        const storage = createLocalStorage(config.UPLOADS_DIR);
        for (const key of removed.photoKeys) await storage.delete(key);
        console.log(`Removed ${removed.title} (${removed.key}, id ${removed.id}).`);
        return 0;
      }
      case 'import-rosters':
      case 'import-facilities':
      case 'import-hazard-ratings':
      case 'import-photos': {
        const target = args.find((a) => !a.startsWith('--'));
        const dryRun = args.includes('--dry-run');
        const photos = command === 'import-photos';
        if (!target) throw new ImportFileError(`${command} needs a ${photos ? 'DIR' : 'FILE (.csv)'}.`);
        const kind = command.slice('import-'.length) as 'rosters' | 'facilities' | 'hazard-ratings';
        const report = await runImport(
          handle.db,
          photos
            ? { kind: 'photos', upload: await readPhotoFolder(target) }
            : { kind, file: await readImportCsv(target) },
          { now: clock(), dryRun },
          { storage: createLocalStorage(config.UPLOADS_DIR), maxPhotoBytes: config.ALGAL_PHOTO_MAX_BYTES },
        );
        for (const line of formatOperatorReport(target, report, dryRun)) console.log(line);
        return report.rejected.length > 0 ? 1 : 0;
      }
      case 'import-water-quality-sites': {
        const file = args[0];
        if (!file) throw new ImportFileError('import-water-quality-sites needs a FILE (.csv).');
        // The live feed (once, when providers are on) only for the matching report.
        const provider = providerFromConfig(config, () => clock().getTime());
        const feed = provider ? await provider.get() : null;
        const report = await importWaterQualitySites(handle.db, file, {
          now: clock(),
          sites: feed?.value.sites ?? null,
        });
        for (const line of formatWaterQualityReport(report)) console.log(line);
        return report.rejected.length > 0 ? 1 : 0;
      }
      case 'rip-refresh':
      case 'rip-skill':
      case 'calibrate-rip-model':
      case 'rollback-rip-model': {
        const rip = createRip(handle.db, {
          providers: createWeatherProviders(resolveWeatherSettings(config), { now: () => clock().getTime() }),
          clock,
          callsPerDay: config.OPEN_METEO_CALLS_PER_DAY,
        });
        const region = option(args, '--region');
        if (command === 'rip-refresh') {
          console.log(formatRefresh(await rip.refresh()));
          return 0;
        }
        if (command === 'rip-skill') {
          const [state, areaSlug] = region ? region.split('/') : [];
          const report = await rip.skillReport({
            ...(state ? { state } : {}),
            ...(areaSlug ? { areaSlug } : {}),
          });
          for (const out of formatSkillReport(report)) console.log(out);
          return 0;
        }
        if (!region || !/^[A-Z]{2,3}\/[a-z0-9-]+$/.test(region))
          throw new ImportFileError(`${command} needs --region STATE/area-slug (e.g. NSW/waverley).`);
        if (command === 'calibrate-rip-model') {
          const result = await rip.calibrate(region, 'admin calibrate-rip-model');
          for (const out of formatCalibration(region, result)) console.log(out);
          return result.ok ? 0 : 1;
        }
        const retired = await rip.rollback(region);
        console.log(
          retired
            ? `Rolled back ${region}: the refit of ${retired.fitted_at} (${retired.observations} observations) is retired.`
            : `Nothing to roll back: ${region} uses the NOAA coefficients.`,
        );
        return retired ? 0 : 1;
      }
      case 'prune-tombstones': {
        const { pruned, floorSeq } = await createSyncService(
          createSyncRepository(handle.db),
          clock,
        ).pruneTombstones();
        console.log(`${pruned} tombstones pruned; cursors below ${floorSeq} now get a full resync.`);
        return 0;
      }
      case 'grant-role':
      case 'revoke-role': {
        if (args[1] === 'lifesaver' || args[1] === 'operator') {
          const lines = await setConsoleRoles(
            handle.db,
            parseConsoleRoleArgs(args),
            command === 'grant-role',
            clock(),
          );
          for (const line of lines) console.log(line);
          return 0;
        }
        const [email, role] = args;
        if (!email || !role) throw new ImportFileError(`${command} needs an EMAIL and a ROLE.`);
        const granted = command === 'grant-role';
        const { changed, user } = await createAccounts(handle.db, config, { clock }).setRole(
          email,
          role,
          granted,
        );
        const verb = granted ? 'granted to' : 'revoked from';
        console.log(
          changed
            ? `Role ${role} ${verb} ${user.email}.`
            : `Nothing to do: ${user.email} ${granted ? 'already has' : 'does not have'} role ${role}.`,
        );
        return 0;
      }
      default:
        console.error(`Unknown command "${command}".\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof HttpError) {
      console.error(`Error: ${error.message}`);
      for (const [field, messages] of Object.entries(error.errors ?? {}))
        for (const message of messages) console.error(`  ${field}: ${message}`);
      return 2;
    }
    if (
      error instanceof ImportFileError ||
      error instanceof RoleArgumentError ||
      (error as NodeJS.ErrnoException).code === 'ENOENT'
    ) {
      console.error(`Error: ${(error as Error).message}`);
      return 2;
    }
    throw error;
  } finally {
    await handle.db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
