import { usePageTitle } from '../../app/page-title.ts';

const PRODUCT = 'SafeShore';
const STORE_LINKS = [
  { label: 'Get it on Google Play', url: import.meta.env.VITE_ANDROID_STORE_URL as string | undefined },
  { label: 'Download on the App Store', url: import.meta.env.VITE_IOS_STORE_URL as string | undefined },
];

/** Shown to users of an old app version: "UPDATE {product}" with the store links (when the apps are published). */
export function LegacyAppsPage() {
  usePageTitle('LegacyApps');
  const links = STORE_LINKS.filter((link): link is { label: string; url: string } => Boolean(link.url));
  return (
    <div className="page page--narrow">
      <h1>UPDATE {PRODUCT}</h1>
      <p>
        This version of the app is out of date. Please update to keep getting the latest beach information.
      </p>
      {links.length > 0 ? (
        <ul className="store-links">
          {links.map((link) => (
            <li key={link.label}>
              <a className="button" href={link.url} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">
          The store listings are not published yet. Until then, use SafeShore in your browser at this address.
        </p>
      )}
    </div>
  );
}
export default LegacyAppsPage;
