import { Link } from 'react-router';
import { isAppShell } from '../platform/shell.ts';
import { useRememberedFlag } from '../platform/storage.ts';
import { CloseIcon, ExternalLinkIcon } from '../ui/icons/ui-icons.tsx';
import { StingerIcon } from '../ui/icons/hazard-icons.tsx';

/** Web users are invited to install the app until they dismiss it (remembered on this device). */
export function InstallBanner() {
  const [dismissed, dismiss] = useRememberedFlag('safeshore.installBanner.dismissed');
  if (dismissed || isAppShell()) return null;
  return (
    <aside className="banner banner--install" aria-label="Install the app">
      <p>
        <strong>Keep SafeShore on your phone.</strong> Add it to your home screen for quick access at the
        beach. <Link to="/apps">How to install</Link>
      </p>
      <button type="button" className="icon-button" aria-label="Dismiss the install banner" onClick={dismiss}>
        <CloseIcon size={20} />
      </button>
    </aside>
  );
}

export const BLUEBOTTLE_SURVEY_URL = 'https://inaturalist.ala.org.au/';

/** Invites visitors to record bluebottle sightings on a citizen-science platform. */
export function SurveyBanner() {
  const [dismissed, dismiss] = useRememberedFlag('safeshore.surveyBanner.dismissed');
  if (dismissed) return null;
  return (
    <aside className="banner banner--survey" aria-label="Citizen science">
      <StingerIcon size={28} />
      <p>
        Seen bluebottles on the beach? Help scientists by recording your sighting with a photo on{' '}
        <a href={BLUEBOTTLE_SURVEY_URL} target="_blank" rel="noopener noreferrer">
          iNaturalist Australia
          <ExternalLinkIcon size={14} title="(opens in a new tab)" />
        </a>
        .
      </p>
      <button type="button" className="icon-button" aria-label="Dismiss the survey banner" onClick={dismiss}>
        <CloseIcon size={20} />
      </button>
    </aside>
  );
}
