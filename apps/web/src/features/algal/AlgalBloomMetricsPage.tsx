import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import {
  ALGAL_MESSAGES as M,
  coerceMetric,
  type AlgalListItemSchema,
  type MetricBody,
} from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { ApiError } from '../../data/api.ts';
import { algalListQuery, removePhotoOfDay, saveMetrics, uploadPhotoOfDay } from '../../data/algal.ts';
import { useSession } from '../../data/session.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { BeachIcon } from '../../ui/icons/index.ts';
import { SignedOutNotice } from '../account/form.tsx';
import { FILE_INPUT_ACCEPT, isAcceptedImage, relativeAge } from './format.ts';
import { MetricBadge } from './MetricBadge.tsx';
import { MetricsDialog } from './MetricsDialog.tsx';
import { ToastRegion, useToasts } from './Toasts.tsx';

const CAPTURED = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

type Item = z.infer<typeof AlgalListItemSchema>;

const LARGE = '(min-width: 1000px)';
function useLargeScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia?.(LARGE);
      mql?.addEventListener('change', onChange);
      return () => mql?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(LARGE).matches ?? window.innerWidth >= 1000,
    () => true,
  );
}

/** Re-renders every 30 s so relative times ("5 minutes ago") stay true. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The server's own message, or null when there is none (network failure, no message in the body). */
function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0) return null;
  if (/^Request failed \(\d+\)$/.test(error.message) || error.message.startsWith('SafeShore sent data')) {
    return null;
  }
  return error.message;
}

/** Spec section 2: the Algal Bloom Metrics page. Guests are sent to Login by the route guard. */
export function AlgalBloomMetricsPage() {
  usePageTitle('Algal Bloom Metrics');
  const session = useSession();
  if (!session) return <SignedOutNotice />;
  if (!session.user.has_algal_role) {
    return (
      <div className="page algal">
        <div className="card algal__denied" role="alert">
          <h1>{M.accessDenied}</h1>
          <p>{M.noPermission}</p>
          <p>{M.contactAdmin}</p>
        </div>
      </div>
    );
  }
  return <AlgalMetrics userId={session.user.id} />;
}

function AlgalMetrics({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const query = algalListQuery(userId);
  const { data, error, isPending, isFetching, refetch, dataUpdatedAt } = useQuery(query);
  const large = useLargeScreen();
  const now = useNow();
  const { toasts, show, dismiss } = useToasts();
  const [editing, setEditing] = useState<Item | null>(null);
  const [saving, setSaving] = useState(false);
  const [viewing, setViewing] = useState<Item | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());

  const reload = () => queryClient.invalidateQueries({ queryKey: query.queryKey });
  const setFlag = (id: number, on: boolean) =>
    setBusy((set) => {
      const next = new Set(set);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function onSave(item: Item, body: MetricBody) {
    setSaving(true);
    try {
      await saveMetrics(item.id, body);
      show('success', M.metricsUpdated);
      setEditing(null);
    } catch (e) {
      const message = serverMessage(e);
      show('danger', message ? `Error: ${message}` : M.saveFailed);
    } finally {
      setSaving(false);
      await reload();
    }
  }

  async function onUpload(item: Item, file: File) {
    if (!isAcceptedImage(file)) {
      show('warning', M.invalidImage);
      return;
    }
    setFlag(item.id, true);
    try {
      show('success', await uploadPhotoOfDay(item.id, file, item.photo_of_today?.id));
    } catch (e) {
      const message = serverMessage(e);
      const fieldError = e instanceof ApiError ? e.errors?.photo?.[0] : undefined;
      show('danger', message ? `Error: ${message}` : (fieldError ?? M.uploadFailed));
    } finally {
      setFlag(item.id, false);
      await reload();
    }
  }

  async function onRemove(item: Item) {
    if (!item.photo_of_today || !window.confirm(M.confirmRemove(item.title))) return;
    setFlag(item.id, true);
    try {
      show('success', await removePhotoOfDay(item.photo_of_today.id));
    } catch (e) {
      const message = serverMessage(e);
      show('danger', message ? `Error: ${message}` : M.removeFailed);
    } finally {
      setFlag(item.id, false);
      await reload();
    }
  }

  const rowProps = (item: Item): RowProps => ({
    item,
    now,
    busy: busy.has(item.id),
    onEdit: () => setEditing(item),
    onView: () => setViewing(item),
    onUpload: (file) => void onUpload(item, file),
    onRemove: () => void onRemove(item),
  });

  return (
    <div className="page algal" aria-busy={isFetching}>
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
      <h1>Algal Bloom Metrics</h1>
      {isPending ? (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading beaches…
        </p>
      ) : error && !data ? (
        <div role="alert" className="form-message form-message--error">
          <h2>{M.loadErrorTitle}</h2>
          <p>{serverMessage(error) ?? M.loadFailed}</p>
          <button
            type="button"
            className="button button--secondary"
            disabled={isFetching}
            onClick={() => void refetch()}
          >
            Retry
          </button>
        </div>
      ) : (
        <>
          <div className="algal__summary">
            <p>{M.showingBeaches(data.length)}</p>
            <p className="muted">Last updated: {relativeAge(new Date(dataUpdatedAt), now)}</p>
            <button
              type="button"
              className="button button--secondary"
              disabled={isFetching}
              onClick={() => void refetch()}
            >
              {isFetching ? 'Refreshing…' : 'Refresh'}
            </button>
          </div>
          {data.length === 0 ? (
            <div className="card">
              <h2>{M.emptyTitle}</h2>
              <p>{M.emptyBody}</p>
            </div>
          ) : large ? (
            <table className="algal-table">
              <thead>
                <tr>
                  {[
                    'Beach',
                    'Photo of Today',
                    'Abnormal water colour',
                    'Abnormal foam',
                    'Beach cleaned',
                    'Last Updated',
                    'Actions',
                  ].map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.map((item) => (
                  <TableRow key={item.id} {...rowProps(item)} />
                ))}
              </tbody>
            </table>
          ) : (
            <ul className="algal-cards">
              {data.map((item) => (
                <CardItem key={item.id} {...rowProps(item)} />
              ))}
            </ul>
          )}
        </>
      )}
      {editing && (
        <MetricsDialog
          key={editing.id}
          beachTitle={editing.title}
          initial={editing.latest_algal_bloom_metric}
          saving={saving}
          onSave={(body) => void onSave(editing, body)}
          onClose={() => setEditing(null)}
        />
      )}
      {viewing?.photo_of_today && (
        <Dialog
          open
          title={`Photo of the Day - ${viewing.title}`}
          width={800}
          onClose={() => setViewing(null)}
        >
          <img
            className="algal__photo-large"
            src={viewing.photo_of_today.meta.image_url}
            alt={viewing.title}
          />
          <p>
            {viewing.title} · Captured {CAPTURED.format(new Date(viewing.photo_of_today.created_at))}
          </p>
        </Dialog>
      )}
    </div>
  );
}

interface RowProps {
  item: Item;
  now: Date;
  busy: boolean;
  onEdit: () => void;
  onView: () => void;
  onUpload: (file: File) => void;
  onRemove: () => void;
}

function BeachThumb({ item }: { item: Item }) {
  return (
    <Link to={`/beach${item.url}`} className="algal__beach">
      {item.image ? (
        <img src={item.image} alt="" className="algal__thumb" loading="lazy" />
      ) : (
        <span className="algal__thumb algal__thumb--placeholder" aria-hidden="true">
          <BeachIcon size={24} />
        </span>
      )}
      <span>{item.title}</span>
    </Link>
  );
}

function PhotoCell({ item, now, busy, onView, onUpload, onRemove }: RowProps) {
  const input = useRef<HTMLInputElement>(null);
  const photo = item.photo_of_today;
  const picker = (
    <input
      ref={input}
      type="file"
      accept={FILE_INPUT_ACCEPT}
      hidden
      data-testid={`photo-input-${item.id}`}
      aria-label={`Photo of today for ${item.title}`}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onUpload(file);
      }}
    />
  );
  const pick = () => input.current?.click();
  if (!photo) {
    return (
      <div className="algal__photo">
        <span className="muted">{M.noPhotoToday}</span>
        {picker}
        <button type="button" className="button button--secondary" disabled={busy} onClick={pick}>
          {busy ? 'Uploading…' : M.uploadPhoto}
        </button>
      </div>
    );
  }
  return (
    <div className="algal__photo">
      <button
        type="button"
        className="algal__photo-thumb"
        onClick={onView}
        aria-label={`View photo of today for ${item.title}`}
      >
        <img src={photo.meta.thumbnail_url} alt="" />
      </button>
      <span className="muted">{relativeAge(photo.created_at, now)}</span>
      {picker}
      <span className="algal__photo-actions">
        <button type="button" className="button button--secondary" disabled={busy} onClick={pick}>
          Replace
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={onRemove}>
          Remove
        </button>
      </span>
    </div>
  );
}

function LastUpdated({ item, now }: { item: Item; now: Date }) {
  const metric = item.latest_algal_bloom_metric;
  if (!metric) return <span className="muted">{M.neverUpdated}</span>;
  const name = metric.user ? `${metric.user.first_name} ${metric.user.last_name}`.trim() : '';
  return (
    <span>
      {name || M.unknownUser}
      <br />
      <span className="muted">{relativeAge(metric.created_at, now)}</span>
    </span>
  );
}

function badges(item: Item) {
  const m = item.latest_algal_bloom_metric;
  return {
    water: <MetricBadge kind="water_discolour" value={coerceMetric(m?.water_discolour)} />,
    foam: <MetricBadge kind="beach_foam" value={coerceMetric(m?.beach_foam)} />,
    clean: <MetricBadge kind="clean_rating" value={coerceMetric(m?.clean_rating)} />,
  };
}

function TableRow(props: RowProps) {
  const { item, now, onEdit } = props;
  const b = badges(item);
  return (
    <tr>
      <td>
        <BeachThumb item={item} />
      </td>
      <td>
        <PhotoCell {...props} />
      </td>
      <td>{b.water}</td>
      <td>{b.foam}</td>
      <td>{b.clean}</td>
      <td>
        <LastUpdated item={item} now={now} />
      </td>
      <td>
        <button type="button" className="button" onClick={onEdit}>
          {item.latest_algal_bloom_metric ? 'Update' : 'Add'}
        </button>
      </td>
    </tr>
  );
}

function CardItem(props: RowProps) {
  const { item, now, onEdit } = props;
  const b = badges(item);
  const metric = item.latest_algal_bloom_metric;
  return (
    <li className="card algal-card">
      <BeachThumb item={item} />
      <PhotoCell {...props} />
      {metric ? (
        <dl className="algal-card__metrics">
          <div>
            <dt>Abnormal water colour</dt>
            <dd>{b.water}</dd>
          </div>
          <div>
            <dt>Abnormal foam</dt>
            <dd>{b.foam}</dd>
          </div>
          <div>
            <dt>Beach cleaned</dt>
            <dd>{b.clean}</dd>
          </div>
          <div>
            <dt>Last Updated</dt>
            <dd>
              <LastUpdated item={item} now={now} />
            </dd>
          </div>
        </dl>
      ) : (
        <p className="muted">{M.noMetricsYet}</p>
      )}
      <button type="button" className="button" onClick={onEdit}>
        {metric ? 'Update Metrics' : 'Add First Metrics'}
      </button>
    </li>
  );
}
