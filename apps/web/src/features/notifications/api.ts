import * as z from 'zod/mini';
import { request } from '../../data/api.ts';

/** The alerts API (issue 18): preferences, the VAPID key, this browser's subscription. */

const ChoicesSchema = z.object({
  status: z.boolean(),
  warnings: z.boolean(),
  water_quality: z.boolean(),
  wind: z.boolean(),
  uv: z.boolean(),
  rip: z.boolean(),
  swell_m: z.nullable(z.number()),
});
export type Choices = z.infer<typeof ChoicesSchema>;

export const PreferencesSchema = z.object({
  notification_enabled: z.boolean(),
  defaults: ChoicesSchema,
  quiet_hours: z.object({
    enabled: z.boolean(),
    start: z.string(),
    end: z.string(),
    time_zone: z.string(),
    hold_all: z.boolean(),
  }),
  beaches: z.array(
    z.extend(ChoicesSchema, {
      beach_id: z.number(),
      name: z.string(),
      path: z.string(),
      uses_defaults: z.boolean(),
    }),
  ),
  delivery: z.object({
    web_push_configured: z.boolean(),
    browser_subscriptions: z.array(z.string()),
    app_devices: z.number(),
  }),
  swell_choices: z.array(z.number()),
});
export type Preferences = z.infer<typeof PreferencesSchema>;
export type QuietHours = Preferences['quiet_hours'];

export interface PreferencesChange {
  defaults?: Partial<Choices>;
  quiet_hours?: Partial<QuietHours>;
  beaches?: Array<({ beach_id: number } & Partial<Choices>) | { beach_id: number; use_defaults: true }>;
}

export const preferencesQueryKey = ['notification-preferences'] as const;

export function fetchPreferences(signal?: AbortSignal): Promise<Preferences> {
  return request('/api/v5/notifications/preferences', PreferencesSchema, { signal });
}

export function savePreferences(change: PreferencesChange): Promise<Preferences> {
  return request('/api/v5/notifications/preferences', PreferencesSchema, { method: 'PUT', json: change });
}

const KeySchema = z.object({ key: z.string() });
const MessageSchema = z.object({ message: z.optional(z.string()) });

export async function fetchVapidKey(): Promise<string> {
  return (await request('/api/v5/push/vapid-public-key', KeySchema)).key;
}

export function registerSubscription(subscription: PushSubscriptionJSON) {
  return request('/api/v5/push/subscriptions', MessageSchema, { method: 'POST', json: subscription });
}

export function removeSubscription(endpoint: string) {
  return request('/api/v5/push/subscriptions', MessageSchema, { method: 'DELETE', json: { endpoint } });
}
