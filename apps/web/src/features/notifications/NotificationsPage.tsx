import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../data/session.ts';
import {
  fetchPreferences,
  preferencesQueryKey,
  savePreferences,
  type Choices,
  type Preferences,
  type PreferencesChange,
} from './api.ts';
import { currentSubscription, pushSupport, subscribeThisBrowser, unsubscribeThisBrowser } from './push.ts';
import './notifications.css';

/**
 * Notifications (issue 18): which alerts come for each followed beach, quiet hours, and this
 * browser's subscription. Reached from Profile and from a beach's Favourite control
 * (`?beach=<id>` brings that beach into view). Every change is saved at once.
 */

export const KIND_LABELS: Record<Exclude<keyof Choices, 'swell_m'>, { label: string; hint: string }> = {
  status: { label: 'Closures', hint: 'Closed or Inclement, and reopening, set by lifesavers' },
  warnings: {
    label: 'Marine and surf warnings',
    hint: 'Bureau of Meteorology warnings for the beach’s coast',
  },
  water_quality: { label: 'Pollution likely', hint: 'Beachwatch water-quality forecast (NSW)' },
  wind: { label: 'Strong wind', hint: 'Wind at or above 48 km/h, the Bureau’s strong-wind range' },
  uv: { label: 'UV extreme', hint: 'UV index 11 or more' },
  rip: {
    label: 'Rip outlook high (a model outlook)',
    hint: 'Our model outlook, at most once a day per beach; the flags and lifesavers come first',
  },
};
const KINDS = Object.keys(KIND_LABELS) as Array<keyof typeof KIND_LABELS>;

export const TIME_ZONES = [
  'Australia/Sydney',
  'Australia/Brisbane',
  'Australia/Melbourne',
  'Australia/Hobart',
  'Australia/Adelaide',
  'Australia/Darwin',
  'Australia/Perth',
  'Australia/Lord_Howe',
  'Australia/Eucla',
];

export function NotificationsPage() {
  usePageTitle('Notifications');
  const session = useSession();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const focusBeach = Number(params.get('beach')) || null;
  const [error, setError] = useState<string | null>(null);
  const prefs = useQuery({
    queryKey: [...preferencesQueryKey, session?.user.id ?? 0],
    queryFn: ({ signal }) => fetchPreferences(signal),
    enabled: session !== null,
  });
  const save = useMutation({
    mutationFn: (change: PreferencesChange) => savePreferences(change),
    onMutate: () => setError(null),
    onSuccess: (next) => queryClient.setQueryData([...preferencesQueryKey, session?.user.id ?? 0], next),
    onError: (e) => setError((e as Error).message || 'Could not save your notification choices.'),
  });

  useEffect(() => {
    if (focusBeach && prefs.data)
      document.getElementById(`alerts-beach-${focusBeach}`)?.scrollIntoView?.({ block: 'center' });
  }, [focusBeach, prefs.data]);

  if (!session)
    return (
      <div className="page page--narrow notifications">
        <h1>Signed out</h1>
        <p>
          <Link to="/login">Login</Link> to choose your alerts.
        </p>
      </div>
    );

  return (
    <div className="page page--narrow notifications">
      <h1>Notifications</h1>
      <p className="notifications__intro">
        Alerts about the beaches you follow, on this browser and on the SafeShore app on your devices. One
        alert per event, however many devices you have.
      </p>
      {prefs.isPending && <p role="status">Loading your notification choices…</p>}
      {prefs.isError && <p role="alert">Could not get your notification choices.</p>}
      {error && <p role="alert">{error}</p>}
      {prefs.data && (
        <>
          {!prefs.data.notification_enabled && (
            <p role="note" className="notifications__off">
              Notifications are off for your account, so nothing is sent. Turn them on in your{' '}
              <Link to="/profile">Profile</Link>.
            </p>
          )}
          <BrowserSection prefs={prefs.data} onChanged={() => void prefs.refetch()} />
          <DefaultsSection prefs={prefs.data} busy={save.isPending} save={save.mutate} />
          <QuietHoursSection prefs={prefs.data} busy={save.isPending} save={save.mutate} />
          <BeachesSection prefs={prefs.data} busy={save.isPending} save={save.mutate} focus={focusBeach} />
        </>
      )}
    </div>
  );
}

function BrowserSection({ prefs, onChanged }: { prefs: Preferences; onChanged: () => void }) {
  const support = pushSupport();
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void currentSubscription()
      .then((s) => live && setEndpoint(s?.endpoint ?? null))
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, []);
  const subscribed = endpoint ? prefs.delivery.browser_subscriptions.includes(endpoint) : false;
  const run = (work: () => Promise<unknown>) => async () => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      const s = await currentSubscription();
      setEndpoint(s?.endpoint ?? null);
      onChanged();
    } catch (e) {
      setProblem((e as Error).message || 'Could not change this browser’s alerts.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card notifications__section" aria-labelledby="alerts-browser-heading">
      <h2 id="alerts-browser-heading">This browser</h2>
      {!prefs.delivery.web_push_configured ? (
        <p>Browser alerts are not available on this server.</p>
      ) : support === 'unsupported' ? (
        <p>This browser cannot receive alerts. Install SafeShore or use a browser that supports Web Push.</p>
      ) : support === 'denied' ? (
        <p>Notifications are blocked for SafeShore in this browser’s settings.</p>
      ) : (
        <>
          <p data-testid="browser-alerts-state">
            {endpoint === undefined
              ? 'Checking…'
              : subscribed
                ? 'Alerts come to this browser.'
                : 'Alerts do not come to this browser.'}
          </p>
          {subscribed ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={run(unsubscribeThisBrowser)}
            >
              Stop alerts on this browser
            </button>
          ) : (
            <button
              type="button"
              className="button"
              disabled={busy || endpoint === undefined}
              onClick={run(subscribeThisBrowser)}
            >
              Get alerts on this browser
            </button>
          )}
        </>
      )}
      {problem && <p role="alert">{problem}</p>}
      <p className="notifications__hint">
        {prefs.delivery.app_devices === 1
          ? 'The SafeShore app on 1 device gets them too.'
          : `The SafeShore app on ${prefs.delivery.app_devices} devices gets them too.`}
      </p>
    </section>
  );
}

interface SectionProps {
  prefs: Preferences;
  busy: boolean;
  save: (change: PreferencesChange) => void;
}

function ChoiceFields({
  choices,
  swellChoices,
  disabled,
  idPrefix,
  onChange,
}: {
  choices: Choices;
  swellChoices: number[];
  disabled: boolean;
  idPrefix: string;
  onChange: (change: Partial<Choices>) => void;
}) {
  return (
    <div className="notifications__choices">
      {KINDS.map((kind) => (
        <label key={kind} className="checkbox" title={KIND_LABELS[kind].hint}>
          <input
            type="checkbox"
            name={`${idPrefix}-${kind}`}
            checked={choices[kind]}
            disabled={disabled}
            onChange={(event) => onChange({ [kind]: event.target.checked })}
          />
          {KIND_LABELS[kind].label}
        </label>
      ))}
      <label className="notifications__swell">
        Swell above{' '}
        <select
          name={`${idPrefix}-swell`}
          value={choices.swell_m === null ? '' : String(choices.swell_m)}
          disabled={disabled}
          onChange={(event) =>
            onChange({ swell_m: event.target.value === '' ? null : Number(event.target.value) })
          }
        >
          <option value="">off</option>
          {swellChoices.map((m) => (
            <option key={m} value={m}>
              {m} m
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function DefaultsSection({ prefs, busy, save }: SectionProps) {
  return (
    <section className="card notifications__section" aria-labelledby="alerts-defaults-heading">
      <h2 id="alerts-defaults-heading">For the beaches I follow</h2>
      <p className="notifications__hint">Used by every beach you have not set on its own below.</p>
      <ChoiceFields
        choices={prefs.defaults}
        swellChoices={prefs.swell_choices}
        disabled={busy}
        idPrefix="defaults"
        onChange={(change) => save({ defaults: change })}
      />
    </section>
  );
}

function QuietHoursSection({ prefs, busy, save }: SectionProps) {
  const q = prefs.quiet_hours;
  const zones = TIME_ZONES.includes(q.time_zone) ? TIME_ZONES : [q.time_zone, ...TIME_ZONES];
  return (
    <section className="card notifications__section" aria-labelledby="alerts-quiet-heading">
      <h2 id="alerts-quiet-heading">Quiet hours</h2>
      <p className="notifications__hint">
        Threshold and water-quality alerts wait until quiet hours end. Closures and warnings still come
        through, unless you hold them too.
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          name="quiet-enabled"
          checked={q.enabled}
          disabled={busy}
          onChange={(event) => save({ quiet_hours: { enabled: event.target.checked } })}
        />
        Quiet hours
      </label>
      <div className="form__row">
        <label>
          From{' '}
          <input
            type="time"
            name="quiet-start"
            value={q.start}
            disabled={busy || !q.enabled}
            onChange={(event) => event.target.value && save({ quiet_hours: { start: event.target.value } })}
          />
        </label>
        <label>
          Until{' '}
          <input
            type="time"
            name="quiet-end"
            value={q.end}
            disabled={busy || !q.enabled}
            onChange={(event) => event.target.value && save({ quiet_hours: { end: event.target.value } })}
          />
        </label>
        <label>
          Time zone{' '}
          <select
            name="quiet-zone"
            value={q.time_zone}
            disabled={busy}
            onChange={(event) => save({ quiet_hours: { time_zone: event.target.value } })}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace('Australia/', '').replace('_', ' ')}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          name="quiet-hold-all"
          checked={q.hold_all}
          disabled={busy || !q.enabled}
          onChange={(event) => save({ quiet_hours: { hold_all: event.target.checked } })}
        />
        Hold closures and warnings too
      </label>
    </section>
  );
}

function BeachesSection({ prefs, busy, save, focus }: SectionProps & { focus: number | null }) {
  return (
    <section className="card notifications__section" aria-labelledby="alerts-beaches-heading">
      <h2 id="alerts-beaches-heading">Each beach</h2>
      {prefs.beaches.length === 0 ? (
        <p>
          You follow no beaches yet. Press Favourite on a beach’s page to get its alerts.{' '}
          <Link to="/">Find a beach</Link>
        </p>
      ) : (
        <ul className="notifications__beaches">
          {prefs.beaches.map((beach) => (
            <li
              key={beach.beach_id}
              id={`alerts-beach-${beach.beach_id}`}
              className={
                focus === beach.beach_id
                  ? 'notifications__beach notifications__beach--focus'
                  : 'notifications__beach'
              }
              aria-label={beach.name}
            >
              <h3>
                <Link to={beach.path}>{beach.name}</Link>
              </h3>
              <label className="checkbox">
                <input
                  type="checkbox"
                  name={`beach-${beach.beach_id}-defaults`}
                  checked={beach.uses_defaults}
                  disabled={busy}
                  onChange={(event) =>
                    save({
                      beaches: [
                        event.target.checked
                          ? { beach_id: beach.beach_id, use_defaults: true }
                          : { beach_id: beach.beach_id, ...prefs.defaults },
                      ],
                    })
                  }
                />
                Same as for the beaches I follow
              </label>
              {!beach.uses_defaults && (
                <ChoiceFields
                  choices={beach}
                  swellChoices={prefs.swell_choices}
                  disabled={busy}
                  idPrefix={`beach-${beach.beach_id}`}
                  onChange={(change) => save({ beaches: [{ beach_id: beach.beach_id, ...change }] })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
