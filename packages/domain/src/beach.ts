/** Beach length is stored in metres and shown in km (spec: length / 1000). */
export function lengthKm(lengthMetres: number | null | undefined): number | null {
  if (
    lengthMetres === null ||
    lengthMetres === undefined ||
    !Number.isFinite(lengthMetres) ||
    lengthMetres <= 0
  ) {
    return null;
  }
  return lengthMetres / 1000;
}

/** "1.2 km"; "0.35 km"; null when unknown. */
export function formatLengthKm(lengthMetres: number | null | undefined): string | null {
  const km = lengthKm(lengthMetres);
  if (km === null) return null;
  return `${Number(km.toFixed(2))} km`;
}

export interface Facility {
  type: string;
  name: string;
  url?: string | null;
}

export type FacilityGroup = 'Information' | 'Regulations' | 'Hazards';

/** Spec section 4: which tile a facility type belongs to. */
const FACILITY_GROUP_BY_TYPE: Record<string, FacilityGroup> = {
  Facility: 'Information',
  Carpark: 'Information',
  Structure: 'Information',
  PublicTransport: 'Information',
  Regulation: 'Regulations',
  BioHazard: 'Hazards',
  Hazard: 'Hazards',
  Rip: 'Hazards',
};

export function facilityGroup(type: string): FacilityGroup | null {
  return FACILITY_GROUP_BY_TYPE[type] ?? null;
}

/** Groups facilities into the three tiles, keeping their order; unknown types are left out. */
export function groupFacilities(facilities: readonly Facility[]): Record<FacilityGroup, Facility[]> {
  const groups: Record<FacilityGroup, Facility[]> = { Information: [], Regulations: [], Hazards: [] };
  for (const facility of facilities) {
    const group = facilityGroup(facility.type);
    if (group) groups[group].push(facility);
  }
  return groups;
}

/** Description sections; the one titled "Beach" is the summary and comes first. */
export function orderedDescriptionSections(
  description: Record<string, string> | null | undefined,
): Array<{ title: string; body: string }> {
  if (!description) return [];
  const sections = Object.entries(description)
    .filter(([, body]) => body.trim() !== '')
    .map(([title, body]) => ({ title, body }));
  return sections.sort((a, b) => Number(b.title === 'Beach') - Number(a.title === 'Beach'));
}

export function descriptionSummary(description: Record<string, string> | null | undefined): string {
  return orderedDescriptionSections(description)[0]?.body ?? '';
}

/** A beach's page path from its url parts (spec route /beach/{state}/{area}/{location}/{beachSlug}). */
export function beachUrl(parts: {
  state: string;
  areaSlug: string;
  locationSlug: string;
  slug: string;
}): string {
  return `/${parts.state.toLowerCase()}/${parts.areaSlug}/${parts.locationSlug}/${parts.slug}`;
}

export function beachPagePath(url: string): string {
  return `/beach${url}`;
}
