import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { HttpError, notFound, parseInput, validationFailed } from '../../http/errors.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { requireUser, sessionOf } from '../accounts/auth.ts';
import { isKnownTimeZone } from '../weather/wall-clock.ts';
import { SWELL_CHOICES } from './sources.ts';
import { BUILT_IN_DEFAULTS, beachesById } from './store.ts';
import { DEFAULT_QUIET_END, DEFAULT_QUIET_START, DEFAULT_TIME_ZONE } from './quiet-hours.ts';

/**
 * Web Push subscriptions and notification preferences (issue 18):
 * GET /api/v5/push/vapid-public-key, POST/DELETE /api/v5/push/subscriptions,
 * GET/PUT /api/v5/notifications/preferences.
 */

/** Push services browsers use (Chrome/Edge via FCM, Firefox, Safari, Windows). */
export const KNOWN_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

export const MSG = {
  notConfigured: 'Web Push is not configured on this server.',
  endpoint: 'The endpoint must be an https:// URL of a known push service.',
  subscriptionNotFound: 'No such push subscription for this account.',
  notFollowed: 'Follow this beach first to choose its alerts.',
  created: 'This browser will get alerts.',
  removed: 'This browser will no longer get alerts.',
};

const base64url = (bytes: number, name: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url.`)
    .refine((value) => Buffer.from(value, 'base64url').length === bytes, `${name} must be ${bytes} bytes.`);

export function allowedEndpoint(endpoint: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowedOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  return KNOWN_PUSH_SERVICES.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

export const SubscriptionBodySchema = z.object({
  endpoint: z.string().min(1).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64url(65, 'keys.p256dh').refine(
      (value) => Buffer.from(value, 'base64url')[0] === 4,
      'keys.p256dh must be an uncompressed P-256 point.',
    ),
    auth: base64url(16, 'keys.auth'),
  }),
});
const UnsubscribeBodySchema = z.object({ endpoint: z.string().min(1).max(2000) });

const flag = z.boolean();
const swell = z
  .number()
  .refine(
    (v) => (SWELL_CHOICES as readonly number[]).includes(v),
    `Choose one of ${SWELL_CHOICES.join(', ')} m.`,
  )
  .nullable();
export const ChoicesSchema = z.object({
  status: flag,
  warnings: flag,
  water_quality: flag,
  wind: flag,
  uv: flag,
  rip: flag,
  swell_m: swell,
});
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24-hour).');
export const PreferencesBodySchema = z.object({
  defaults: ChoicesSchema.partial().optional(),
  quiet_hours: z
    .object({
      enabled: flag,
      start: hhmm,
      end: hhmm,
      time_zone: z.string().max(64).refine(isKnownTimeZone, 'Unknown time zone.'),
      hold_all: flag,
    })
    .partial()
    .optional(),
  beaches: z
    .array(
      z.union([
        z.object({ beach_id: z.number().int().positive(), use_defaults: z.literal(true) }),
        ChoicesSchema.partial().extend({ beach_id: z.number().int().positive() }),
      ]),
    )
    .max(1000)
    .optional(),
});

type Choices = z.infer<typeof ChoicesSchema>;

export interface PushRoutesOptions {
  db: Kysely<DB>;
  accounts: AccountsService;
  clock: () => Date;
  vapidPublicKey: string | null;
  allowedOrigins: readonly string[];
}

export function alertsRoutes(app: FastifyInstance, options: PushRoutesOptions): void {
  const { db, clock } = options;
  const signedIn = { preHandler: requireUser(options.accounts) };
  const now = () => clock().toISOString();

  app.get('/api/v5/push/vapid-public-key', async (_request, reply) => {
    if (!options.vapidPublicKey) return reply.status(404).send({ message: MSG.notConfigured });
    return { key: options.vapidPublicKey };
  });

  app.post('/api/v5/push/subscriptions', signedIn, async (request, reply) => {
    const session = sessionOf(request);
    const body = parseInput(SubscriptionBodySchema, request.body);
    if (!allowedEndpoint(body.endpoint, options.allowedOrigins))
      throw validationFailed({ endpoint: [MSG.endpoint] });
    if (!options.vapidPublicKey) throw new HttpError(404, MSG.notConfigured);
    const at = now();
    // One account per endpoint: subscribed again on another account, it moves.
    const row = await db
      .insertInto('push_subscriptions')
      .values({
        user_id: session.user.id,
        api_token_id: session.tokenId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        created_at: at,
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: session.user.id,
          api_token_id: session.tokenId,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          created_at: at,
        }),
      )
      .returning(['id', 'endpoint', 'created_at'])
      .executeTakeFirstOrThrow();
    return reply.status(201).send({ message: MSG.created, subscription: row });
  });

  app.delete('/api/v5/push/subscriptions', signedIn, async (request) => {
    const session = sessionOf(request);
    const query = request.query as { endpoint?: unknown };
    const body = parseInput(
      UnsubscribeBodySchema,
      typeof query.endpoint === 'string' ? { endpoint: query.endpoint } : request.body,
    );
    const result = await db
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', body.endpoint)
      .where('user_id', '=', session.user.id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound(MSG.subscriptionNotFound);
    return { message: MSG.removed };
  });

  async function preferencesOf(userId: number) {
    const [user, settings, follows, own, subscriptions, devices] = await Promise.all([
      db
        .selectFrom('users')
        .select('notification_enabled')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow(),
      db.selectFrom('alert_settings').selectAll().where('user_id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('follows')
        .select('beach_id')
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      db.selectFrom('alert_beach_preferences').selectAll().where('user_id', '=', userId).execute(),
      db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).execute(),
      db.selectFrom('devices').select('id').where('user_id', '=', userId).where('enabled', '=', 1).execute(),
    ]);
    const defaults: Choices = {
      status: (settings?.status ?? BUILT_IN_DEFAULTS.status) === 1,
      warnings: (settings?.warnings ?? BUILT_IN_DEFAULTS.warnings) === 1,
      water_quality: (settings?.water_quality ?? BUILT_IN_DEFAULTS.water_quality) === 1,
      wind: (settings?.wind ?? BUILT_IN_DEFAULTS.wind) === 1,
      uv: (settings?.uv ?? BUILT_IN_DEFAULTS.uv) === 1,
      rip: (settings?.rip ?? BUILT_IN_DEFAULTS.rip) === 1,
      swell_m: settings ? settings.swell_m : BUILT_IN_DEFAULTS.swell_m,
    };
    const byBeach = new Map(own.map((p) => [p.beach_id, p]));
    const beaches = await beachesById(
      db,
      follows.map((f) => f.beach_id),
    );
    return {
      notification_enabled: user.notification_enabled === 1,
      defaults,
      quiet_hours: {
        enabled: (settings?.quiet_enabled ?? 1) === 1,
        start: settings?.quiet_start ?? DEFAULT_QUIET_START,
        end: settings?.quiet_end ?? DEFAULT_QUIET_END,
        time_zone: settings?.time_zone ?? DEFAULT_TIME_ZONE,
        hold_all: settings?.quiet_holds_all === 1,
      },
      beaches: follows.map((f) => {
        const p = byBeach.get(f.beach_id);
        const beach = beaches.get(f.beach_id);
        return {
          beach_id: f.beach_id,
          name: beach?.name ?? '',
          path: beach?.path ?? '',
          uses_defaults: !p,
          ...(p
            ? {
                status: p.status === 1,
                warnings: p.warnings === 1,
                water_quality: p.water_quality === 1,
                wind: p.wind === 1,
                uv: p.uv === 1,
                rip: p.rip === 1,
                swell_m: p.swell_m,
              }
            : defaults),
        };
      }),
      delivery: {
        web_push_configured: options.vapidPublicKey !== null,
        browser_subscriptions: subscriptions.map((s) => s.endpoint),
        app_devices: devices.length,
      },
      swell_choices: SWELL_CHOICES,
    };
  }

  app.get('/api/v5/notifications/preferences', signedIn, async (request) =>
    preferencesOf(sessionOf(request).user.id),
  );

  app.put('/api/v5/notifications/preferences', signedIn, async (request) => {
    const userId = sessionOf(request).user.id;
    const body = parseInput(PreferencesBodySchema, request.body);
    const at = now();
    const current = await preferencesOf(userId);
    const followed = new Set(current.beaches.map((b) => b.beach_id));
    const errors: Record<string, string[]> = {};
    (body.beaches ?? []).forEach((b, i) => {
      if (!followed.has(b.beach_id)) errors[`beaches.${i}.beach_id`] = [MSG.notFollowed];
    });
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const int = (v: boolean) => (v ? 1 : 0);
    await db.transaction().execute(async (trx) => {
      if (body.defaults || body.quiet_hours) {
        const d = { ...current.defaults, ...body.defaults };
        const q = { ...current.quiet_hours, ...body.quiet_hours };
        const values = {
          status: int(d.status),
          warnings: int(d.warnings),
          water_quality: int(d.water_quality),
          wind: int(d.wind),
          uv: int(d.uv),
          rip: int(d.rip),
          swell_m: d.swell_m,
          quiet_enabled: int(q.enabled),
          quiet_start: q.start,
          quiet_end: q.end,
          time_zone: q.time_zone,
          quiet_holds_all: int(q.hold_all),
          updated_at: at,
        };
        await trx
          .insertInto('alert_settings')
          .values({ user_id: userId, ...values })
          .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
          .execute();
      }
      const defaults = { ...current.defaults, ...body.defaults };
      for (const b of body.beaches ?? []) {
        if ('use_defaults' in b && b.use_defaults === true) {
          await trx
            .deleteFrom('alert_beach_preferences')
            .where('user_id', '=', userId)
            .where('beach_id', '=', b.beach_id)
            .execute();
          continue;
        }
        const was = current.beaches.find((x) => x.beach_id === b.beach_id)!;
        const start = was.uses_defaults ? defaults : was;
        const c = { ...start, ...(b as Partial<Choices>) };
        const values = {
          status: int(c.status),
          warnings: int(c.warnings),
          water_quality: int(c.water_quality),
          wind: int(c.wind),
          uv: int(c.uv),
          rip: int(c.rip),
          swell_m: c.swell_m,
          updated_at: at,
        };
        await trx
          .insertInto('alert_beach_preferences')
          .values({ user_id: userId, beach_id: b.beach_id, ...values })
          .onConflict((oc) => oc.columns(['user_id', 'beach_id']).doUpdateSet(values))
          .execute();
      }
    });
    return preferencesOf(userId);
  });
}
