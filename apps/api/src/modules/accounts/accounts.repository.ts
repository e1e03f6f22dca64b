import type { Kysely, Selectable, Transaction } from 'kysely';
import type { BeachRow, DB, DevicesTable, EmailVerificationsTable, UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type VerificationRow = Selectable<EmailVerificationsTable>;
export type VerificationPurpose = 'register' | 'verify' | 'change';

/** SQLite and PostgreSQL both report a unique-constraint violation; this recognises either. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown };
  return e?.code === '23505' || e?.errcode === 2067 || /UNIQUE constraint failed/.test(String(e?.message));
}

/** Every query of the accounts module. Timestamps are ISO-8601 strings passed in by the service. */
function accountsQueries(db: Kysely<DB> | Transaction<DB>) {
  return {
    // Users and roles

    findUserById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    async emailTaken(email: string, exceptUserId?: number): Promise<boolean> {
      let query = db.selectFrom('users').select('id').where('email', '=', email);
      if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insertUser(user: {
      first_name: string;
      last_name: string;
      email: string;
      password_hash: string | null;
      email_verified_at?: string | null;
      at: string;
    }): Promise<number> {
      const row = await db
        .insertInto('users')
        .values({
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          password_hash: user.password_hash,
          email_verified_at: user.email_verified_at ?? null,
          created_at: user.at,
          updated_at: user.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateUser(
      id: number,
      fields: Partial<
        Pick<
          UserRow,
          | 'first_name'
          | 'last_name'
          | 'email'
          | 'password_hash'
          | 'notification_enabled'
          | 'email_verified_at'
        >
      >,
      at: string,
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...fields, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Deletes the user; tokens, roles, devices, follows, identities, codes and links go with it
     * (cascade); algal observations and photos stay, no longer linked to the user (set null).
     */
    async deleteUser(id: number, email: string): Promise<void> {
      await db.deleteFrom('password_resets').where('email', '=', email).execute();
      await db.deleteFrom('devices').where('user_id', '=', id).execute();
      await db.deleteFrom('email_verifications').where('user_id', '=', id).execute();
      await db.deleteFrom('users').where('id', '=', id).execute();
    },

    async rolesOf(userId: number): Promise<string[]> {
      const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
      return rows.map((row) => row.role);
    },

    async grantRole(userId: number, role: string, at: string): Promise<boolean> {
      const result = await db
        .insertInto('user_roles')
        .values({ user_id: userId, role, granted_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async revokeRole(userId: number, role: string): Promise<boolean> {
      const result = await db
        .deleteFrom('user_roles')
        .where('user_id', '=', userId)
        .where('role', '=', role)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    // Bearer tokens

    async insertToken(token: {
      user_id: number;
      name: string;
      token_hash: string;
      created_at: string;
      expires_at: string;
    }): Promise<number> {
      const row = await db.insertInto('api_tokens').values(token).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    findToken(id: number) {
      return db
        .selectFrom('api_tokens')
        .select(['id', 'user_id', 'token_hash', 'created_at', 'expires_at', 'revoked_at', 'last_used_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async touchToken(id: number, at: string): Promise<void> {
      await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    /**
     * Revokes one token of this user, and removes the push devices that session registered;
     * false when the user has no such live token.
     */
    async revokeToken(userId: number, tokenId: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('api_tokens')
        .set({ revoked_at: at })
        .where('id', '=', tokenId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await db
        .deleteFrom('devices')
        .where('user_id', '=', userId)
        .where('api_token_id', '=', tokenId)
        .execute();
      // And the browsers that session subscribed to alerts (issue 18).
      await db
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('api_token_id', '=', tokenId)
        .execute();
      return true;
    },

    /**
     * Revokes every live token of the user except `keepIds` (the sessions that stay), and removes
     * every push device not registered by a session that stays.
     */
    async revokeTokens(userId: number, at: string, keepIds: readonly number[] = []): Promise<void> {
      let query = db
        .updateTable('api_tokens')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (keepIds.length > 0) query = query.where('id', 'not in', keepIds);
      await query.execute();
      let devices = db.deleteFrom('devices').where('user_id', '=', userId);
      if (keepIds.length > 0)
        devices = devices.where((eb) =>
          eb.or([eb('api_token_id', 'is', null), eb('api_token_id', 'not in', keepIds)]),
        );
      await devices.execute();
      let subscriptions = db.deleteFrom('push_subscriptions').where('user_id', '=', userId);
      if (keepIds.length > 0)
        subscriptions = subscriptions.where((eb) =>
          eb.or([eb('api_token_id', 'is', null), eb('api_token_id', 'not in', keepIds)]),
        );
      await subscriptions.execute();
    },

    /** Rows of revoked and expired tokens are kept a while for audit, then removed with their devices. */
    async deleteDeadTokens(before: string): Promise<void> {
      const dead = db
        .selectFrom('api_tokens')
        .select('id')
        .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]));
      await db.deleteFrom('devices').where('api_token_id', 'in', dead).execute();
      await db
        .deleteFrom('api_tokens')
        .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
        .execute();
    },

    // Password resets

    /** A new reset link; the address's earlier links stop working (only the newest one is valid). */
    async insertReset(reset: { email: string; token_hash: string; created_at: string; expires_at: string }) {
      await db.deleteFrom('password_resets').where('email', '=', reset.email).execute();
      await db.insertInto('password_resets').values(reset).execute();
    },

    latestResetFor(email: string) {
      return db
        .selectFrom('password_resets')
        .select(['created_at'])
        .where('email', '=', email)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
    },

    findResetByHash(tokenHash: string) {
      return db
        .selectFrom('password_resets')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** Marks a reset used; false when it was used already (a concurrent request won). */
    async useReset(id: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('password_resets')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Removes the other outstanding resets of an address (after a reset, or when the address changes). */
    async deleteResets(email: string, exceptId?: number): Promise<void> {
      let query = db.deleteFrom('password_resets').where('email', '=', email);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      await query.execute();
    },

    async deleteExpiredResets(before: string): Promise<void> {
      await db.deleteFrom('password_resets').where('expires_at', '<', before).execute();
    },

    // Anti-spam questions

    async insertChallenge(challenge: {
      id: string;
      answer_hash: string;
      created_at: string;
      expires_at: string;
    }) {
      await db.insertInto('question_challenges').values(challenge).execute();
    },

    findChallenge(id: string) {
      return db.selectFrom('question_challenges').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Uses a live challenge up; false when it was used or expired already. */
    async useChallenge(id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('question_challenges')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async deleteExpiredChallenges(before: string): Promise<void> {
      await db.deleteFrom('question_challenges').where('expires_at', '<', before).execute();
    },

    // Devices

    devicesOf(userId: number): Promise<DeviceRow[]> {
      return db.selectFrom('devices').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    findDevice(userId: number, deviceId: number): Promise<DeviceRow | undefined> {
      return db
        .selectFrom('devices')
        .selectAll()
        .where('id', '=', deviceId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async setDeviceEnabled(userId: number, deviceId: number, enabled: boolean): Promise<void> {
      await db
        .updateTable('devices')
        .set({ enabled: enabled ? 1 : 0 })
        .where('id', '=', deviceId)
        .where('user_id', '=', userId)
        .execute();
    },

    async deleteDevice(userId: number, deviceId: number): Promise<void> {
      await db.deleteFrom('devices').where('id', '=', deviceId).where('user_id', '=', userId).execute();
    },

    /**
     * Registers a push token for the user and the session, or updates its model, type and session
     * when the user has it already. A push token belongs to one account: registered on another
     * account, it moves (the phone now belongs to whoever signed in on it last).
     */
    async upsertDevice(device: {
      user_id: number;
      token: string;
      model: string;
      type: string;
      api_token_id: number;
      at: string;
    }) {
      await db
        .deleteFrom('devices')
        .where('token', '=', device.token)
        .where('user_id', '!=', device.user_id)
        .execute();
      await db
        .insertInto('devices')
        .values({
          user_id: device.user_id,
          token: device.token,
          model: device.model,
          type: device.type,
          api_token_id: device.api_token_id,
          created_at: device.at,
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'token'])
            .doUpdateSet({ model: device.model, type: device.type, api_token_id: device.api_token_id }),
        )
        .execute();
    },

    // Follows

    findBeach(id: number): Promise<BeachRow | undefined> {
      return db.selectFrom('beaches').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async follow(userId: number, beachId: number, at: string): Promise<void> {
      await db
        .insertInto('follows')
        .values({ user_id: userId, beach_id: beachId, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'beach_id']).doNothing())
        .execute();
    },

    async unfollow(userId: number, beachId: number): Promise<void> {
      await db.deleteFrom('follows').where('user_id', '=', userId).where('beach_id', '=', beachId).execute();
    },

    /** The user's followed beaches, oldest follow first. */
    followedBeaches(userId: number): Promise<BeachRow[]> {
      return db
        .selectFrom('follows')
        .innerJoin('beaches', 'beaches.id', 'follows.beach_id')
        .selectAll('beaches')
        .where('follows.user_id', '=', userId)
        .orderBy('follows.created_at')
        .orderBy('beaches.id')
        .execute();
    },

    // Social identities and the web sign-in flow

    async userIdForIdentity(provider: string, subject: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('social_identities')
        .select('user_id')
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.user_id;
    },

    async deleteIdentities(userId: number): Promise<void> {
      await db.deleteFrom('social_identities').where('user_id', '=', userId).execute();
    },

    async insertIdentity(identity: { user_id: number; provider: string; subject: string; at: string }) {
      await db
        .insertInto('social_identities')
        .values({
          user_id: identity.user_id,
          provider: identity.provider,
          subject: identity.subject,
          created_at: identity.at,
        })
        .execute();
    },

    async insertOAuthState(state: {
      state_hash: string;
      provider: string;
      created_at: string;
      expires_at: string;
    }) {
      await db.insertInto('oauth_states').values(state).execute();
    },

    /** Uses a live state up; false when it is unknown, used or expired. */
    async useOAuthState(stateHash: string, provider: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('oauth_states')
        .set({ used_at: at })
        .where('state_hash', '=', stateHash)
        .where('provider', '=', provider)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insertOAuthCode(code: {
      code_hash: string;
      user_id: number;
      provider: string;
      created_at: string;
      expires_at: string;
    }) {
      await db.insertInto('oauth_codes').values(code).execute();
    },

    /** Uses a live one-time code up and answers its user; undefined when unknown, used or expired. */
    async useOAuthCode(codeHash: string, provider: string, at: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('oauth_codes')
        .select('user_id')
        .where('code_hash', '=', codeHash)
        .where('provider', '=', provider)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      if (!row) return undefined;
      const result = await db
        .updateTable('oauth_codes')
        .set({ used_at: at })
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0 ? row.user_id : undefined;
    },

    // Mailed confirmation links

    async insertVerification(row: {
      purpose: VerificationPurpose;
      email: string;
      user_id?: number | null;
      first_name?: string | null;
      last_name?: string | null;
      password_hash?: string | null;
      api_token_id?: number | null;
      token_hash: string;
      created_at: string;
      expires_at: string;
    }): Promise<number> {
      const inserted = await db
        .insertInto('email_verifications')
        .values({
          purpose: row.purpose,
          email: row.email,
          user_id: row.user_id ?? null,
          first_name: row.first_name ?? null,
          last_name: row.last_name ?? null,
          password_hash: row.password_hash ?? null,
          api_token_id: row.api_token_id ?? null,
          token_hash: row.token_hash,
          created_at: row.created_at,
          expires_at: row.expires_at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    findVerificationByHash(tokenHash: string): Promise<VerificationRow | undefined> {
      return db
        .selectFrom('email_verifications')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** The newest live registration waiting for `email` to confirm it. */
    pendingRegistration(email: string, at: string): Promise<VerificationRow | undefined> {
      return db
        .selectFrom('email_verifications')
        .selectAll()
        .where('purpose', '=', 'register')
        .where('email', '=', email)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    /** A new secret for a waiting link (resend): the old link stops working. */
    async renewVerification(id: number, tokenHash: string, at: string, expiresAt: string): Promise<void> {
      await db
        .updateTable('email_verifications')
        .set({ token_hash: tokenHash, created_at: at, expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
    },

    /** Uses a live link up; false when it was used or expired already (a concurrent request won). */
    async useVerification(id: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('email_verifications')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Removes the user's links of the given purposes (a credential changed: they must not work any more). */
    async deleteUserVerifications(userId: number, purposes: readonly VerificationPurpose[]): Promise<void> {
      await db
        .deleteFrom('email_verifications')
        .where('user_id', '=', userId)
        .where('purpose', 'in', purposes)
        .execute();
    },

    /** Removes the registrations waiting for `email` (an account now has it). */
    async deleteRegistrations(email: string): Promise<void> {
      await db
        .deleteFrom('email_verifications')
        .where('purpose', '=', 'register')
        .where('email', '=', email)
        .execute();
    },

    async deleteExpiredVerifications(before: string): Promise<void> {
      await db.deleteFrom('email_verifications').where('expires_at', '<', before).execute();
    },

    async deleteExpiredOAuth(before: string): Promise<void> {
      await db.deleteFrom('oauth_states').where('expires_at', '<', before).execute();
      await db.deleteFrom('oauth_codes').where('expires_at', '<', before).execute();
    },
  };
}

export type AccountsQueries = ReturnType<typeof accountsQueries>;

export function createAccountsRepository(db: Kysely<DB>) {
  return {
    ...accountsQueries(db),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction<T>(work: (trx: AccountsQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(accountsQueries(trx)));
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
