import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { FOOTER_LINKS } from '@safeshore/domain';
import { SearchBox } from '../features/search/index.ts';
import { isAppShell } from '../platform/shell.ts';
import { ExternalLinkIcon } from '../ui/icons/ui-icons.tsx';

// Below every page's content: downloaded after the page itself (Home's first load stays small).
const PromotionTiles = lazy(() => import('./PromotionTiles.tsx'));
const TranslateControl = lazy(() =>
  import('./TranslateControl.tsx').then((module) => ({ default: module.TranslateControl })),
);

export function Footer({ showSearch, showPromotions }: { showSearch: boolean; showPromotions: boolean }) {
  return (
    <>
      {showPromotions && (
        <Suspense fallback={null}>
          <PromotionTiles />
        </Suspense>
      )}
      <footer className="footer">
        {showSearch && (
          <div className="footer__search">
            <SearchBox id="footer-search" label="Search beaches and places" compact />
          </div>
        )}
        <div className="footer__inner">
          <p className="footer__emergency">
            <strong>In an emergency call Triple Zero (000).</strong> Always swim between the red and yellow
            flags.
          </p>
          <nav aria-label="Footer">
            <ul className="footer__links">
              {FOOTER_LINKS.map((link) => (
                <li key={link.label}>
                  {link.external ? (
                    <a href={link.to} target="_blank" rel="noopener noreferrer">
                      {link.label}
                      <ExternalLinkIcon size={14} title="(opens in a new tab)" />
                    </a>
                  ) : (
                    <Link to={link.to}>{link.label}</Link>
                  )}
                </li>
              ))}
              {!isAppShell() && (
                <li>
                  <Link to="/offline-settings">Offline use</Link>
                </li>
              )}
            </ul>
          </nav>
          <Suspense fallback={null}>
            <TranslateControl />
          </Suspense>
          <p className="footer__credits">
            Place names and postcodes: <a href="https://www.geonames.org/">GeoNames</a>,{' '}
            <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>. © SafeShore.
          </p>
        </div>
      </footer>
    </>
  );
}
