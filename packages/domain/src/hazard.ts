export const HAZARD_MIN = 0;
export const HAZARD_MAX = 10;

export type HazardBand =
  'Least hazardous' | 'Moderately hazardous' | 'Highly hazardous' | 'Extremely hazardous';

/**
 * The General Hazard Rating label (spec section 2): below 3 least; above 3 up to 6 moderately;
 * above 6 up to 8 highly; above 8 up to 10 extremely. Exactly 3 has no label (null), as do values
 * outside the 0-10 scale. A missing rating is "not rated", which is different from "no label".
 */
export function hazardBand(hazard: number): HazardBand | null {
  if (!Number.isFinite(hazard) || hazard < HAZARD_MIN || hazard > HAZARD_MAX) return null;
  if (hazard < 3) return 'Least hazardous';
  if (hazard === 3) return null;
  if (hazard <= 6) return 'Moderately hazardous';
  if (hazard <= 8) return 'Highly hazardous';
  return 'Extremely hazardous';
}

export type HazardDisplay =
  { rated: false; text: 'Not rated' } | { rated: true; score: string; band: HazardBand | null };

/** What the beach page shows for a hazard value that may be unknown. */
export function hazardDisplay(hazard: number | null | undefined): HazardDisplay {
  if (hazard === null || hazard === undefined || !Number.isFinite(hazard)) {
    return { rated: false, text: 'Not rated' };
  }
  return { rated: true, score: `${formatNumber(hazard)}/10`, band: hazardBand(hazard) };
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
