import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../src/config.ts';
import { allowedEndpoint } from '../src/modules/alerts/routes.ts';

/** The alerts settings are checked at start-up like the others: a bad value stops the server with a clear message. */
describe('alerts configuration', () => {
  const keys = webpush.generateVAPIDKeys();

  it('takes a VAPID key pair, both or neither', () => {
    const config = loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    expect(config.VAPID_PUBLIC_KEY).toBe(keys.publicKey);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY must be a base64url uncompressed P-256 point/,
    );
    expect(() => loadConfig({ ...keysEnv(keys), VAPID_SUBJECT: 'alerts@example.com' })).toThrow(
      /VAPID_SUBJECT/,
    );
    expect(loadConfig({}).VAPID_PUBLIC_KEY).toBeUndefined();
  });

  it('checks the Firebase service-account file at start-up', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcm-config-'));
    try {
      const good = path.join(dir, 'sa.json');
      fs.writeFileSync(
        good,
        JSON.stringify({
          type: 'service_account',
          project_id: 'p',
          client_email: 'a@p.iam.gserviceaccount.com',
          private_key: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n',
        }),
      );
      expect(loadConfig({ FCM_SERVICE_ACCOUNT_FILE: good }).FCM_SERVICE_ACCOUNT_FILE).toBe(good);
      const bad = path.join(dir, 'bad.json');
      fs.writeFileSync(bad, JSON.stringify({ type: 'authorized_user' }));
      expect(() => loadConfig({ FCM_SERVICE_ACCOUNT_FILE: bad })).toThrow(/is not a service-account key/);
      expect(() => loadConfig({ FCM_SERVICE_ACCOUNT_FILE: path.join(dir, 'missing.json') })).toThrow(
        /FCM_SERVICE_ACCOUNT_FILE: cannot read/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads WEB_PUSH_ALLOWED_ORIGINS as origins, and refuses what is not a URL', () => {
    expect(
      loadConfig({ WEB_PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:9000/x, https://push.example.org' })
        .WEB_PUSH_ALLOWED_ORIGINS,
    ).toEqual(['http://127.0.0.1:9000', 'https://push.example.org']);
    expect(() => loadConfig({ WEB_PUSH_ALLOWED_ORIGINS: 'ftp://x' })).toThrow(/WEB_PUSH_ALLOWED_ORIGINS/);
    expect(loadConfig({}).ALERTS_WORKER).toBe('on');
  });

  it('accepts endpoints of the known push services and the allowed origins only', () => {
    const allowed = ['http://127.0.0.1:9000'];
    expect(allowedEndpoint('https://fcm.googleapis.com/fcm/send/x', allowed)).toBe(true);
    expect(allowedEndpoint('https://jmt17.google.com.fcm.googleapis.com/x', allowed)).toBe(true);
    expect(allowedEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', allowed)).toBe(true);
    expect(allowedEndpoint('https://wns2-par02p.notify.windows.com/w/?token=x', allowed)).toBe(true);
    expect(allowedEndpoint('http://127.0.0.1:9000/push/1', allowed)).toBe(true);
    expect(allowedEndpoint('http://127.0.0.1:9001/push/1', allowed)).toBe(false);
    expect(allowedEndpoint('https://evilfcm.googleapis.com.attacker.net/x', allowed)).toBe(false);
    expect(allowedEndpoint('https://notfcm.googleapis.com/x', allowed)).toBe(false);
    expect(allowedEndpoint('https://10.0.0.1/x', allowed)).toBe(false);
  });
});

function keysEnv(keys: { publicKey: string; privateKey: string }) {
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}
