import type { Kysely, Selectable, Transaction } from 'kysely';
import type { BeachRow, DB, DevicesTable, UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;
export type DeviceRow = Selectable<DevicesTable>;

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
      at: string;
    }): Promise<number> {
      const row = await db
        .insertInto('users')
        .values({
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          password_hash: user.password_hash,
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
        Pick<UserRow, 'first_name' | 'last_name' | 'email' | 'password_hash' | 'notification_enabled'>
      >,
      at: string,
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...fields, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the user; tokens, roles, devices, follows, identities and codes go with it (cascade). */
    async deleteUser(id: number, email: string): Promise<void> {
      await db.deleteFrom('password_resets').where('email', '=', email).execute();
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
        .select(['id', 'user_id', 'token_hash', 'expires_at', 'revoked_at', 'last_used_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async touchToken(id: number, at: string): Promise<void> {
      await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    /** Revokes one token of this user; false when the user has no such live token. */
    async revokeToken(userId: number, tokenId: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('api_tokens')
        .set({ revoked_at: at })
        .where('id', '=', tokenId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Revokes every live token of the user except `keepId` (the one in use, when there is one). */
    async revokeTokens(userId: number, at: string, keepId?: number): Promise<void> {
      let query = db
        .updateTable('api_tokens')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (keepId !== undefined) query = query.where('id', '!=', keepId);
      await query.execute();
    },

    /** Rows of revoked and expired tokens are kept a while for audit, then removed. */
    async deleteDeadTokens(before: string): Promise<void> {
      await db
        .deleteFrom('api_tokens')
        .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
        .execute();
    },

    // Password resets

    async insertReset(reset: { email: string; token_hash: string; created_at: string; expires_at: string }) {
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

    /** Registers a push token for the user, or updates its model and type when it is known already. */
    async upsertDevice(device: { user_id: number; token: string; model: string; type: string; at: string }) {
      await db
        .insertInto('devices')
        .values({
          user_id: device.user_id,
          token: device.token,
          model: device.model,
          type: device.type,
          created_at: device.at,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'token']).doUpdateSet({ model: device.model, type: device.type }),
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
