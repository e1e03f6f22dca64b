import { chooseEnvironment, currentEnvironment, environmentOptions } from '../platform/environment.ts';
import { Dialog } from '../ui/Dialog.tsx';

/**
 * The hidden environment switcher (spec section 2): choosing Production or Staging remembers the
 * choice and reloads the app against that API; closing the dialog changes nothing.
 */
export default function EnvironmentSwitcher({ onClose }: { onClose: () => void }) {
  const current = currentEnvironment();
  return (
    <Dialog open title="Choose environment" onClose={onClose}>
      <p>The app reloads and uses the API of the environment you choose.</p>
      <ul className="environment-list">
        {environmentOptions().map((option) => {
          const inUse = option.name === current.name;
          return (
            <li key={option.name}>
              <button
                type="button"
                className={`button${inUse ? '' : ' button--secondary'}`}
                disabled={option.key === null}
                aria-describedby={`environment-${option.name}`}
                onClick={() => chooseEnvironment(option)}
              >
                {option.name}
              </button>{' '}
              <span id={`environment-${option.name}`} className="environment-list__address">
                {option.key === null
                  ? 'not configured in this build'
                  : option.key === ''
                    ? "this app's own server"
                    : option.key}
                {inUse && ' (in use)'}
              </span>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
