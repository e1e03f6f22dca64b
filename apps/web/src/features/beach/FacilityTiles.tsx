import { isSafeLinkUrl, type Facility, type FacilityGroup } from '@safeshore/domain';
import { facilityIcon, hazardIcon, RegulationIcon } from '../../ui/icons/index.ts';

const TILES: Array<{ group: FacilityGroup; heading: string }> = [
  { group: 'Information', heading: 'Information' },
  { group: 'Regulations', heading: 'Regulations' },
  { group: 'Hazards', heading: 'Hazards' },
];

/** Information (facilities), Regulations and Hazards tiles, grouped by the spec's rule. */
export function FacilityTiles({ groups }: { groups: Record<FacilityGroup, Facility[]> }) {
  return (
    <>
      {TILES.map(({ group, heading }) => (
        <section key={group} className="card" aria-labelledby={`tile-${group}`}>
          <h2 id={`tile-${group}`}>{heading}</h2>
          {groups[group].length === 0 ? (
            <p className="muted">No information</p>
          ) : (
            <ul className="facility-list">
              {groups[group].map((facility) => {
                const Icon =
                  group === 'Hazards'
                    ? hazardIcon(facility.name)
                    : group === 'Regulations'
                      ? RegulationIcon
                      : facilityIcon(facility.name);
                return (
                  <li key={`${facility.type}-${facility.name}`}>
                    <Icon size={22} />
                    {/* Only links that stay an https:// address or a path on this site (isSafeLinkUrl). */}
                    {facility.url && isSafeLinkUrl(facility.url) ? (
                      <a href={facility.url}>{facility.name}</a>
                    ) : (
                      facility.name
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}
