import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { rateLimit } from '../../http/security.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { createAccountsService, type AccountsLogger, type AccountsService } from './accounts.service.ts';
import { registerAuth } from './auth.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { createAppleProvider } from './social/apple.ts';
import { createFacebookProvider } from './social/facebook.ts';

export type AccountsSettings = Pick<
  Config,
  | 'PUBLIC_URL'
  | 'PASSWORD_SCRYPT_LOG_N'
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'OUTBOX_DIR'
  | 'RATE_LIMIT_LOGIN_PER_MINUTE'
  | 'RATE_LIMIT_REGISTER_PER_MINUTE'
  | 'RATE_LIMIT_RESET_PER_MINUTE'
  | 'RATE_LIMIT_QUESTION_PER_MINUTE'
  | 'APPLE_CLIENT_ID'
  | 'APPLE_JWKS_URL'
  | 'APPLE_AUTHORIZE_URL'
  | 'FACEBOOK_APP_ID'
  | 'FACEBOOK_APP_SECRET'
  | 'FACEBOOK_GRAPH_URL'
>;

/** Account settings: the given values over the defaults of an empty environment. */
export function resolveAccountsSettings(config: Partial<AccountsSettings>): AccountsSettings {
  const given = Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined));
  return { ...loadConfig({}), ...given } as AccountsSettings;
}

/** The accounts service wired to its repository, mailer and identity providers. */
export function createAccounts(
  db: Database,
  settings: AccountsSettings,
  options: { clock?: () => Date; log?: AccountsLogger; mailer?: Mailer } = {},
): AccountsService {
  return createAccountsService({
    repo: createAccountsRepository(db),
    config: settings,
    mailer: options.mailer ?? createMailer(settings),
    apple: createAppleProvider({
      clientIds: settings.APPLE_CLIENT_ID,
      jwksUrl: settings.APPLE_JWKS_URL,
      ...(options.clock ? { clock: options.clock } : {}),
    }),
    facebook: createFacebookProvider({
      appId: settings.FACEBOOK_APP_ID,
      appSecret: settings.FACEBOOK_APP_SECRET,
      graphUrl: settings.FACEBOOK_GRAPH_URL,
    }),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
}

/** Registers the accounts routes, the request's `user`, and the stricter per-route rate limits. */
export function registerAccounts(
  app: FastifyInstance,
  db: Database,
  settings: AccountsSettings,
  clock?: () => Date,
): AccountsService {
  const service = createAccounts(db, settings, { ...(clock ? { clock } : {}), log: app.log });
  const perMinute = (max: number) => rateLimit(app, { max, windowMs: 60_000 });
  registerAuth(app);
  accountsRoutes(
    app,
    service,
    {
      login: perMinute(settings.RATE_LIMIT_LOGIN_PER_MINUTE),
      register: perMinute(settings.RATE_LIMIT_REGISTER_PER_MINUTE),
      reset: perMinute(settings.RATE_LIMIT_RESET_PER_MINUTE),
      question: perMinute(settings.RATE_LIMIT_QUESTION_PER_MINUTE),
    },
    settings.PUBLIC_URL,
  );
  app.addHook('onClose', () => service.drainMail());
  return service;
}
