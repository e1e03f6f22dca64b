import type { RipCalibration, RipSkillReport, RipSkillRow } from '@safeshore/domain';
import type { RipRefreshResult } from './rip.service.ts';

function figure(value: number | null, digits = 3): string {
  return value === null ? '—' : value.toFixed(digits);
}

function line(row: RipSkillRow): string {
  return [
    row.name.padEnd(36),
    String(row.observations).padStart(5),
    figure(row.brier).padStart(8),
    figure(row.brier_base).padStart(8),
    figure(row.skill).padStart(8),
  ].join(' ');
}

/** The skill report as the admin command prints it. */
export function formatSkillReport(report: RipSkillReport): string[] {
  if (report.regions.length === 0) return ['No rip observations yet.'];
  const header = `${'Region / beach'.padEnd(36)} ${'obs'.padStart(5)} ${'Brier'.padStart(8)} ${'base'.padStart(8)} ${'skill'.padStart(8)}`;
  const lines = [header];
  for (const region of report.regions) {
    lines.push(line(region));
    for (const beach of report.beaches.filter((b) => b.region === region.key)) lines.push(`  ${line(beach)}`);
  }
  lines.push(
    'Brier: mean squared error of the outlook against what lifesavers saw (some or strong = 1); base: of the',
    'observed rate itself; skill = 1 - Brier/base (above 0: better than always forecasting the usual rate).',
  );
  return lines;
}

export function formatCalibration(region: string, result: RipCalibration): string[] {
  const scores = `cross-validated Brier ${figure(result.brierCv)} against ${figure(result.brierNoaaCv)} for the NOAA coefficients`;
  if (!result.ok)
    return [`Not calibrated (${region}, ${result.observations} usable observations): ${result.reason}`];
  const c = result.coefficients;
  return [
    `Calibrated ${region} on ${result.observations} observations: ${scores}.`,
    `x = ${c.intercept.toFixed(4)} + ${c.height.toFixed(4)}·ln(Hs) + ${c.angle.toFixed(4)}·|θ| + ${c.event.toFixed(4)}·E + ${c.level.toFixed(4)}·η`,
    'The region\u2019s outlooks use these from the next refresh (npm run admin -- rip-refresh to do it now).',
  ];
}

export function formatRefresh(result: RipRefreshResult): string {
  return `${result.outlooks} outlooks for ${result.beaches} beaches with a shore direction (${result.cells} wave cells, ${result.calls} Open-Meteo calls, ${result.failedBatches} failed batches).`;
}
