import { memo, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  STATE_NAMES,
  descriptionSummary,
  formatLengthKm,
  groupFacilities,
  isStateCode,
  orderedDescriptionSections,
  hazardDisplay,
  teaser,
  type Beach,
  type BeachDetailResponse,
  type WeatherState,
} from '@safeshore/domain';
import { patrolsQuery } from '../../data/patrols.ts';
import { useRipOutlook } from '../../data/rip.ts';
import { useDataMode } from '../../data/source.ts';
import { beachWeatherQuery } from '../../data/weather.ts';
import { useOnline } from '../../platform/online.ts';
import { BeachCard } from '../../ui/BeachCard.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { HazardRating } from '../../ui/HazardRating.tsx';
import { DirectionsIcon, RulerIcon } from '../../ui/icons/index.ts';
import { BeachConditions, ConditionsSources, useNow } from '../conditions/index.ts';
import { BeachMapSection } from '../map/index.ts';
import { AlgalWidget } from './AlgalWidget.tsx';
import { AttendanceSection } from './AttendanceSection.tsx';
import { BeachPhotos } from './BeachPhotos.tsx';
import { BeachStatus } from './BeachStatus.tsx';
import { FacilityTiles } from './FacilityTiles.tsx';
import { PatrolsSection } from './PatrolsSection.tsx';
import { WaterQualityCard, WaterQualityRightNowItem } from '../conditions/WaterQuality.tsx';
import { RightNowPanel } from './RightNowPanel.tsx';
import { TodayConditions } from './TodayConditions.tsx';
import './beach.css';

const SHOWN_NEARBY = 3;

/**
 * A beach page (spec section 2), ordered by what keeps people safe (issue 16): the title, then
 * "Right now" (patrol now, warnings, hazard, conditions), patrols, hazards and conditions, then the
 * rest. Sections we have no data for collapse into one honest line instead of empty cards.
 * `actions` sit beside Directions in the header (the Favourite button, which needs the session).
 *
 * Only the header (title, status, actions, Right now) renders with the page's queries and clock.
 * The sections below it are one memoised component ({@link BeachBody}) whose parts each sit in a
 * Suspense boundary: a server-rendered page hydrates the header first and each section afterwards,
 * in its own slices of work, and the header's updates (the browser's clock replacing the server's
 * after hydration, the weather arriving) re-render the header only, never the whole page (issue 23:
 * a slow phone's Total Blocking Time). Sections that show ages read the clock themselves.
 */
export function BeachDetail({ detail, actions }: { detail: BeachDetailResponse; actions?: ReactNode }) {
  const { beach } = detail;
  const stateName = isStateCode(beach.state) ? STATE_NAMES[beach.state] : beach.state;
  const now = useNow();
  const offline = useDataMode() === 'offline';
  const online = useOnline();
  // The same requests the Conditions card and the Patrols card make (one each, shared by key).
  const weather = useQuery({ ...beachWeatherQuery(beach.id), enabled: online });
  const patrols = useQuery({ ...patrolsQuery(beach.id, null), enabled: online });
  // Online from the server, offline the last one kept here (the conditions card shares it by key).
  const rip = useRipOutlook(beach);
  const weatherState: WeatherState = !online
    ? 'offline'
    : weather.data
      ? 'loaded'
      : weather.isError
        ? 'unavailable'
        : 'loading';
  const mapBeach = useMapBeach(beach);

  return (
    <article className="beach" aria-labelledby="beach-title">
      <header className="beach__header">
        <div className="page">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <ol>
              <li>
                <Link to={beach.state_url}>{stateName}</Link>
              </li>
              {/* "Cottesloe › Cottesloe" says nothing twice: the area goes when the city shares its name. */}
              {!sameName(beach.area, beach.city) && (
                <li>
                  <Link to={beach.area_url}>{beach.area}</Link>
                </li>
              )}
              <li>
                {/* Spec section 2: the city link goes to a postcode page; offline, /postcode/{postcode}. */}
                <Link to={offline ? `/postcode/${beach.postcode}` : beach.postcode_url}>{beach.city}</Link>
              </li>
            </ol>
          </nav>
          <h1 id="beach-title" className="beach__title">
            {beach.title}
          </h1>
          <BeachStatus beach={beach} />
          <div className="beach__actions">
            <a
              className="button button--secondary"
              href={`https://www.google.com/maps/dir/?api=1&destination=${beach.latitude},${beach.longitude}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <DirectionsIcon size={18} /> Directions{' '}
              <span className="visually-hidden">(opens in a new tab)</span>
            </a>
            <BeachMapSection beach={mapBeach} beaches={detail.nearBy} placement="actions" />
            {actions}
          </div>
          <RightNowPanel
            beach={beach}
            weather={weather.data ?? null}
            weatherState={weatherState}
            patrols={patrols.data ?? null}
            ripOutlook={rip.data ?? null}
            now={now}
            extraItems={
              beach.water_quality ? (
                <WaterQualityRightNowItem wq={beach.water_quality} now={now} timeZone={beach.timezone} />
              ) : undefined
            }
          />
        </div>
      </header>

      <BeachBody detail={detail} mapBeach={mapBeach} />
    </article>
  );
}

type MapBeach = Parameters<typeof BeachMapSection>[0]['beach'];

/** The beach as the map sections take it, the same object while the beach is the same. */
function useMapBeach(beach: Beach): MapBeach {
  const { id, title, latitude, longitude, length, url } = beach;
  return useMemo(
    () => ({ id, title, latitude, longitude, length, url }),
    [id, title, latitude, longitude, length, url],
  );
}

/**
 * A section hydrated on its own (React leaves a server-rendered Suspense boundary's HTML in place
 * and hydrates it after the rest, at low priority). Nothing inside suspends on the server or in a
 * client-rendered page, so the fallback is never shown.
 */
function Deferred({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * Everything below the header. Memoised on the beach's data (the same objects until the beach is
 * fetched again), so the header's updates do not reach it; see {@link BeachDetail}.
 */
const BeachBody = memo(function BeachBody({
  detail,
  mapBeach,
}: {
  detail: BeachDetailResponse;
  mapBeach: MapBeach;
}) {
  const { beach } = detail;
  const groups = groupFacilities(beach.facilities);
  const rated = hazardDisplay(beach.hazard).rated;
  const hasFacilities = Object.values(groups).some((list) => list.length > 0);
  const nearBy = detail.nearBy.slice(0, SHOWN_NEARBY);
  const shownNearBy = new Set(nearBy.map((b) => b.id));
  // Related beaches (same council area) that Near By does not already show.
  const related = detail.relatedBeaches.filter((b) => !shownNearBy.has(b.id)).slice(0, SHOWN_NEARBY);

  return (
    <>
      <div className="page beach__grid">
        <Deferred>
          <PatrolsSection key={`patrols-${beach.id}`} beach={beach} />
        </Deferred>

        {rated && (
          <section className="card" aria-labelledby="hazard-heading">
            <h2 id="hazard-heading">General Hazard Rating</h2>
            <HazardRating hazard={beach.hazard} />
            <p>
              <Link to="/surf-safety/flags-and-signs">Beach flags and signs explained</Link>
            </p>
          </section>
        )}

        {hasFacilities ? (
          <Deferred>
            <FacilityTiles groups={groups} />
          </Deferred>
        ) : (
          <section className="card beach__wide beach__none" aria-labelledby="facilities-heading">
            <h2 id="facilities-heading">Facilities, regulations and hazards</h2>
            <p className="muted" data-testid="facilities-unknown">
              {rated ? 'No' : 'No hazard rating,'} facilities, regulations or hazard notes recorded for this
              beach yet. That does not mean there are none: check the signs at the beach.{' '}
              <Link to="/surf-safety/flags-and-signs">Beach flags and signs explained</Link>
            </p>
          </section>
        )}

        <Deferred>
          <BeachConditions beach={beach} />
        </Deferred>

        {beach.water_quality && (
          <Deferred>
            <WithNow>
              {(now) => <WaterQualityCard wq={beach.water_quality!} now={now} timeZone={beach.timezone} />}
            </WithNow>
          </Deferred>
        )}

        {detail.todayPosts.length > 0 && (
          <Deferred>
            <TodayConditions posts={detail.todayPosts} beachTitle={beach.title} />
          </Deferred>
        )}

        {beach.show_algal_bloom_widget && beach.algal_bloom != null && (
          <Deferred>
            <WithNow>
              {(now) => <AlgalWidget algalBloom={beach.algal_bloom} timeZone={beach.timezone} now={now} />}
            </WithNow>
          </Deferred>
        )}

        <Deferred>
          <AboutSection beach={beach} />
        </Deferred>

        {detail.images.length > 0 && (
          <Deferred>
            <BeachPhotos images={detail.images} beachTitle={beach.title} />
          </Deferred>
        )}

        <Deferred>
          <WithNow>
            {(now) => (
              <AttendanceSection
                key={`attendance-${beach.id}`}
                attendances={beach.attendances}
                isSample={beach.attendance_is_sample}
                timeZone={beach.timezone}
                now={now}
              />
            )}
          </WithNow>
        </Deferred>

        <Deferred>
          <BeachMapSection beach={mapBeach} beaches={detail.nearBy} placement="body" />
        </Deferred>

        <Deferred>
          <section className="card" aria-labelledby="nearby-heading">
            <h2 id="nearby-heading">Near By Beaches</h2>
            {nearBy.length > 0 ? (
              <ul className="beach-list">
                {nearBy.map((b) => (
                  <BeachCard key={b.id} beach={b} />
                ))}
              </ul>
            ) : (
              <p className="muted">No other beaches nearby in SafeShore yet.</p>
            )}
          </section>

          {related.length > 0 && (
            <section className="card" aria-labelledby="related-heading">
              <h2 id="related-heading">Related Beaches</h2>
              <ul className="beach-list">
                {related.map((b) => (
                  <BeachCard key={b.id} beach={b} />
                ))}
              </ul>
            </section>
          )}
        </Deferred>
      </div>

      <Deferred>
        <BeachFooter beach={beach} />
      </Deferred>
    </>
  );
});

/** The page's clock (useNow) for a section that shows ages, read inside the section's boundary. */
function WithNow({ children }: { children: (now: Date) => ReactNode }) {
  return children(useNow());
}

/** "About this beach" and its full description in a dialog. */
function AboutSection({ beach }: { beach: Beach }) {
  const [descriptionOpen, setDescriptionOpen] = useState(false);
  const sections = orderedDescriptionSections(beach.description);
  const summary = teaser(descriptionSummary(beach.description), 50);
  const length = formatLengthKm(beach.length);
  return (
    <>
      <section className="card" aria-labelledby="about-heading">
        <h2 id="about-heading">About this beach</h2>
        {summary.text ? <p>{summary.text}</p> : <p className="muted">No description of this beach yet.</p>}
        {(summary.truncated || sections.length > 1) && (
          <button type="button" className="link-button" onClick={() => setDescriptionOpen(true)}>
            Read more
          </button>
        )}
        <dl className="facts">
          <div>
            <dt>
              <RulerIcon size={18} /> Beach length
            </dt>
            <dd data-testid="beach-length">{length ?? 'Not known'}</dd>
          </div>
          <div>
            <dt>Surf life saving club{beach.clubs.length === 1 ? '' : 's'}</dt>
            <dd>
              {beach.clubs.length > 0 ? beach.clubs.map((club) => club.title).join(', ') : 'Not recorded'}
            </dd>
          </div>
        </dl>
      </section>
      <Dialog open={descriptionOpen} title="Beach Description" onClose={() => setDescriptionOpen(false)}>
        {sections.map((section) => (
          <section key={section.title} className="description-section">
            <h3>{section.title === 'Beach' ? 'Summary' : section.title}</h3>
            {section.body.split(/\n{2,}/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </section>
        ))}
      </Dialog>
    </>
  );
}

/** Two place names that read the same ("Cottesloe", "cottesloe "). */
function sameName(a: string, b: string): boolean {
  return a.trim().localeCompare(b.trim(), 'en-AU', { sensitivity: 'base' }) === 0;
}

/**
 * Where the page's information comes from: the beach data's source and licence, then the conditions'
 * sources and credits (issue 30: these sit here, not in the middle of the page). The beach key and
 * the render time are for us, not the public (issue 30): they stay in the page as data attributes.
 */
function BeachFooter({ beach }: { beach: Beach }) {
  const precision = beach.source.coordinate_precision_m;
  return (
    <footer className="page beach__footer" data-beach-key={beach.key} data-rendered-at={beach.rendered_at}>
      <h2 id="beach-sources-heading" className="beach__footer-heading">
        Where this information comes from
      </h2>
      <p data-testid="beach-source">
        Source: {beach.source.name}
        {beach.source.licence && ` (${beach.source.licence})`}
        {beach.source.contributors
          .map((c) => `; ${c.attribution ?? c.source}${c.licence ? ` (${c.licence})` : ''}`)
          .join('')}
        {precision !== null &&
          `. Location accurate to about ${precision >= 1000 ? `${precision / 1000} km` : `${precision} m`}`}
        . <Link to="/data">About our data</Link>
      </p>
      <ConditionsSources beachId={beach.id} />
    </footer>
  );
}
