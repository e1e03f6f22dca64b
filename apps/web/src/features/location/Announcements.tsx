import { Link } from 'react-router';
import type { Announcement } from '@safeshore/domain';

const isInternal = (url: string) => url.startsWith('/') && !url.startsWith('//');
const isWeb = (url: string) => /^https?:\/\//i.test(url);

/** Internal paths navigate in the app; web addresses open in a new tab. */
function AnnouncementButton({ label, url }: { label: string; url: string }) {
  if (isInternal(url)) {
    return (
      <Link to={url} className="button button--secondary">
        {label}
      </Link>
    );
  }
  return (
    <a href={url} className="button button--secondary" target="_blank" rel="noopener noreferrer">
      {label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** Announcements (spec section 3): title, description and an optional button. */
export function Announcements({ announcements }: { announcements: readonly Announcement[] }) {
  if (announcements.length === 0) return null;
  return (
    <section className="announcements" aria-label="Announcements">
      {announcements.map((announcement) => (
        <article key={announcement.id} className="announcement">
          <h2 className="announcement__title">{announcement.title}</h2>
          <p>{announcement.description}</p>
          {announcement.button_url &&
            (isInternal(announcement.button_url) || isWeb(announcement.button_url)) && (
              <AnnouncementButton
                label={announcement.button_label || 'Learn More'}
                url={announcement.button_url}
              />
            )}
        </article>
      ))}
    </section>
  );
}
