import { OFFLINE_BANNER_TEXT } from '@safeshore/domain';
import { useOnline } from '../platform/online.ts';

export function OfflineBanner() {
  const online = useOnline();
  return (
    <div
      role="status"
      aria-live="polite"
      className={online ? 'offline-banner offline-banner--hidden' : 'offline-banner'}
    >
      {online ? '' : OFFLINE_BANNER_TEXT}
    </div>
  );
}
