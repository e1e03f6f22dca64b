import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '@safeshore/domain';
import { devicesQuery } from '../../data/account-queries.ts';
import { changeDevice, failureText, type DeviceAction } from '../../data/accounts.ts';

const FAILURE: Record<DeviceAction, string> = {
  enable: ACCOUNT_MESSAGES.enableFailed,
  disable: ACCOUNT_MESSAGES.disableFailed,
  forget: ACCOUNT_MESSAGES.forgetFailed,
};

/** My Devices: type, model and "(disabled)"; Enable or Disable, and Remove (forget). */
export function DevicesSection({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const devices = useQuery(devicesQuery(userId));
  const [failure, setFailure] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: ({ id, action }: { id: number; action: DeviceAction }) => changeDevice(id, action),
    onSuccess: (list) => queryClient.setQueryData(devicesQuery(userId).queryKey, list),
    onError: (error, { action }) => setFailure(failureText(error, FAILURE[action])),
  });
  const act = (id: number, action: DeviceAction) => {
    setFailure(null);
    change.mutate({ id, action });
  };

  return (
    <section className="card profile__section" aria-labelledby="devices-heading">
      <h2 id="devices-heading">My Devices</h2>
      {failure && (
        <p role="alert" className="form-message form-message--error">
          {failure}
        </p>
      )}
      {devices.isPending ? (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading your devices…
        </p>
      ) : devices.isError ? (
        <div role="alert" className="form-message form-message--error">
          <p>{failureText(devices.error, ACCOUNT_MESSAGES.devicesFailed)}</p>
          <button type="button" className="button button--secondary" onClick={() => void devices.refetch()}>
            Try again
          </button>
        </div>
      ) : devices.data.length === 0 ? (
        <p className="muted">{ACCOUNT_MESSAGES.noDevices}</p>
      ) : (
        <ul className="device-list">
          {devices.data.map((device) => (
            <li key={device.id} className="device">
              <p className="device__name">
                <span>{device.type}</span> · <span>{device.model}</span>
                {!device.enabled && <span className="device__disabled"> (disabled)</span>}
              </p>
              <div className="device__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`${device.enabled ? 'Disable' : 'Enable'} ${device.model}`}
                  disabled={change.isPending}
                  onClick={() => act(device.id, device.enabled ? 'disable' : 'enable')}
                >
                  {device.enabled ? 'Disable' : 'Enable'}
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`Remove ${device.model}`}
                  disabled={change.isPending}
                  onClick={() => act(device.id, 'forget')}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
