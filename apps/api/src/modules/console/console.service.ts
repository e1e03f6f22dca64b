import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { safeParse } from 'zod/mini';
import {
  ALGAL_MESSAGES,
  AuditQuerySchema,
  PatrolBodySchema,
  PostTextSchema,
  RoleBodySchema,
  StatusBodySchema,
  AUDIT_PAGE_DEFAULT,
  CONDITIONS_POST_POINT_ID,
  CONSOLE_BEACHES_MAX,
  CONSOLE_MESSAGES as MSG,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_RETENTION_HOURS,
  NO_LIVE_STATUS,
  STATE_NAMES,
  STATUS_MAX_EXPIRY_DAYS,
  addDays,
  isStateCode,
  liveStatusAt,
  localClock,
  localDate,
  zonedInstant,
  type AuditEntry,
  type AuditResponse,
  type BeachLivePatrol,
  type BeachLiveStatus,
  type ConsoleBeach,
  type ConsoleMeResponse,
  type ConsoleRole,
  type ConsoleRoleGrant,
  type CurrentLiveStatus,
  type PatrolBody,
  type PatrolledToday,
  type RoleBody,
  type RoleResponse,
  type StatusBody,
  type TodayPost,
  type User,
  localTimestamp,
  RipObservationBodySchema,
  type RipObservation,
  type RipObservationBody,
  type RipSkillReport,
  type RipSkillRow,
} from '@safeshore/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError, notFound, parseInput, validationFailed } from '../../http/errors.ts';
import { isUniqueViolation } from '../accounts/accounts.repository.ts';
import { processPhoto } from '../algal/images.ts';
import type { FileStorage } from '../algal/storage.ts';
import { beachRowUrl } from '../beaches/beaches.presenter.ts';
import type { ConsoleQueries, ConsoleRepository } from './console.repository.ts';
import type { RipModelHour } from '../rip/index.ts';
import { onBeachStatusChanged } from './events.ts';
import { areaKey, operatorCoversPlace, roleOnBeach, type ConsoleScope, type RoleGrant } from './scope.ts';

type ConsoleBeachRow = NonNullable<Awaited<ReturnType<ConsoleQueries['beach']>>>;

/** The patrols module's answer for today (the roster with the console's patrol now in its place). */
export interface ConsolePatrolFacts {
  patrolledToday(beachIds: number[], now: Date): Promise<Map<number, PatrolledToday>>;
}

/** The rip outlook's model hour for a beach (modules/rip), frozen beside each observation. */
export interface ConsoleRipFacts {
  modelHour(beachId: number, at: Date): Promise<RipModelHour | null>;
  skillReport(): Promise<RipSkillReport>;
}

export interface ConsoleDeps {
  repo: ConsoleRepository;
  scope: ConsoleScope;
  patrols: ConsolePatrolFacts;
  storage: FileStorage;
  /** Absent: observations are stored without a model hour. */
  rip?: ConsoleRipFacts;
  clock?: () => Date;
}

/** A write's answer: the status code and body a replay of its Idempotency-Key returns. */
export interface WriteResult<T = unknown> {
  status: number;
  body: T;
}

/** The caller of a write and the Idempotency-Key header it came with (if any). */
export interface WriteContext {
  user: User;
  idempotencyKey: string | undefined;
}

const forbidden = (message: string) => new HttpError(403, message);
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The CSV export reads at most this many entries. */
export const AUDIT_CSV_MAX = 50_000;

function actorOf(user: User): string {
  return `${user.first_name} ${user.last_name} <${user.email}>`.trim();
}

function sha256(text: string | Buffer): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

/** The Idempotency-Key header: absent, or 1-100 visible ASCII characters. */
export function parseIdempotencyKey(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (
    value === undefined ||
    value.length < 1 ||
    value.length > IDEMPOTENCY_KEY_MAX ||
    !/^[\x21-\x7e]+$/.test(value)
  )
    throw validationFailed({ 'Idempotency-Key': [MSG.idempotencyKeyInvalid] });
  return value;
}

/** The status fields an audit entry records (null: no status). */
function statusSnapshot(status: CurrentLiveStatus): Record<string, unknown> | null {
  if (!status.status) return null;
  return {
    status: status.status,
    reason: status.status_reason,
    message: status.status_message,
    expires_at: status.status_expires_at,
  };
}

function patrolSnapshot(patrol: PatrolledToday | null): Record<string, unknown> | null {
  return patrol ? { flag: patrol.flag, start: patrol.start, end: patrol.end } : null;
}

function presentAudit(row: {
  id: number;
  at: string;
  actor: string;
  actor_role: string | null;
  actor_user_id: number | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_email: string | null;
  beach_id: number | null;
  beach_name: string | null;
  action: string;
  from_json: string | null;
  to_json: string | null;
}): AuditEntry {
  const parse = (text: string | null) =>
    text === null ? null : (JSON.parse(text) as Record<string, unknown>);
  return {
    id: Number(row.id),
    at: row.at,
    actor: row.actor,
    actor_role: row.actor_role,
    actor_user_id: row.actor_user_id === null ? null : Number(row.actor_user_id),
    actor_now:
      row.actor_email === null
        ? null
        : `${row.actor_first_name ?? ''} ${row.actor_last_name ?? ''} <${row.actor_email}>`.trim(),
    beach_id: row.beach_id === null ? null : Number(row.beach_id),
    beach_name: row.beach_name,
    action: row.action,
    from: parse(row.from_json),
    to: parse(row.to_json),
  };
}

export function createConsoleService(deps: ConsoleDeps) {
  const { repo, scope, patrols, storage } = deps;
  const clock = deps.clock ?? (() => new Date());

  /**
   * The beach and the role the user acts in on it, or 403 (no console role, or the beach is out
   * of scope) / 404 (no such beach, for a user who has a console role).
   */
  async function authorize(
    user: User,
    beachId: number,
    action: 'lifesaver' | 'operator' = 'lifesaver',
  ): Promise<{ role: ConsoleRole; beach: ConsoleBeachRow; grants: RoleGrant[] }> {
    const decision = await scope.canActOnBeach(user, beachId, action);
    const hasRole = decision.grants.some((grant) => action === 'lifesaver' || grant.role === 'operator');
    if (!hasRole) throw forbidden(action === 'operator' ? MSG.operatorOnly : MSG.noRole);
    if (!decision.beach) throw notFound(MSG.beachNotFound);
    if (!decision.role) throw forbidden(MSG.outOfScope);
    const beach = await repo.beach(beachId);
    if (!beach) throw notFound(MSG.beachNotFound);
    return { role: decision.role, beach, grants: decision.grants };
  }

  /**
   * The first answer to (user, key), replayed; or `work` run in one transaction with the key saved
   * beside its changes, so a retry can never apply it twice. The same key with a different request
   * is refused (422). Keys older than IDEMPOTENCY_RETENTION_HOURS are forgotten.
   */
  async function once<T>(
    context: WriteContext,
    requestHash: string,
    work: (trx: ConsoleQueries, raw: Transaction<DB>) => Promise<WriteResult<T>>,
    before?: () => Promise<void>,
  ): Promise<WriteResult> {
    const key = context.idempotencyKey;
    const now = clock();
    const replay = async (): Promise<WriteResult | undefined> => {
      if (key === undefined) return undefined;
      const saved = await repo.idempotencyKey(context.user.id, key);
      if (!saved) return undefined;
      if (saved.request_hash !== requestHash)
        throw validationFailed({ 'Idempotency-Key': [MSG.idempotencyMismatch] });
      return { status: Number(saved.response_status), body: JSON.parse(saved.response_body) as unknown };
    };
    if (key !== undefined) {
      await repo.pruneIdempotencyKeys(
        new Date(now.getTime() - IDEMPOTENCY_RETENTION_HOURS * HOUR_MS).toISOString(),
      );
      const earlier = await replay();
      if (earlier) return earlier;
    }
    await before?.();
    try {
      return await repo.transaction(async (trx, raw) => {
        const result = await work(trx, raw);
        if (key !== undefined)
          await trx.saveIdempotencyKey({
            user_id: context.user.id,
            key,
            request_hash: requestHash,
            response_status: result.status,
            response_body: JSON.stringify(result.body),
            created_at: clock().toISOString(),
          });
        return result;
      });
    } catch (error) {
      // The same key arrived twice at once: the other request's answer is the answer.
      if (key !== undefined && isUniqueViolation(error)) {
        const earlier = await replay();
        if (earlier) return earlier;
      }
      throw error;
    }
  }

  /**
   * When a status set now expires by default: at the end of the beach's patrol day (today's patrol
   * end, the console's or the roster's, while it is still ahead), else at the end of the beach's
   * own day (its next local midnight, DST and half-hour zones included).
   */
  async function defaultExpiry(beach: ConsoleBeachRow, now: Date): Promise<Date> {
    const today = localDate(now, beach.timezone);
    const patrol = (await patrols.patrolledToday([beach.id], now)).get(beach.id);
    if (patrol?.flag === 1 && patrol.end && /^\d{2}:\d{2}$/.test(patrol.end)) {
      const end = zonedInstant(today, patrol.end, beach.timezone);
      if (end.getTime() > now.getTime()) return end;
    }
    return zonedInstant(addDays(today, 1), '00:00', beach.timezone);
  }

  function auditPlace(beach: Pick<ConsoleBeachRow, 'id' | 'title' | 'state' | 'area_slug'>) {
    return {
      beach_id: beach.id,
      beach_name: beach.title,
      state: beach.state,
      area_key: areaKey(beach.state, beach.area_slug),
      club_id: null,
    };
  }

  async function presentConsoleBeaches(rows: ConsoleBeachRow[], now: Date): Promise<ConsoleBeach[]> {
    const ids = rows.map((row) => row.id);
    const [today, live] = await Promise.all([patrols.patrolledToday(ids, now), repo.livePatrols(ids)]);
    const liveOf = new Map(live.map((row) => [row.beach_id, row]));
    return rows.map((row) => {
      const patrol = liveOf.get(row.id);
      const current = patrol && patrol.local_date === localDate(now, row.timezone) ? patrol : undefined;
      return {
        id: row.id,
        key: row.key,
        name: row.title,
        url: beachRowUrl(row),
        state: row.state,
        area: row.area,
        timezone: row.timezone,
        ...liveStatusAt(row, now),
        is_patrolled_today: today.get(row.id) ?? null,
        patrol_set_at: current?.set_at ?? null,
        patrol_set_by: (current?.set_by as ConsoleBeach['patrol_set_by'] | undefined) ?? null,
      };
    });
  }

  /** The operator grants of a user, or 403. */
  async function operatorGrants(user: User): Promise<RoleGrant[]> {
    const grants = await scope.grantsOf(user.id);
    if (!grants.some((grant) => grant.role === 'operator'))
      throw forbidden(grants.length === 0 ? MSG.noRole : MSG.operatorOnly);
    return grants;
  }

  /** The grant a roles body names, checked against the operator's scope. */
  async function roleTarget(user: User, body: RoleBody) {
    const grants = await operatorGrants(user);
    const target = await repo.userByEmail(body.email);
    if (body.beach_id !== undefined) {
      const beach = await repo.beach(body.beach_id);
      if (!beach) throw validationFailed({ beach_id: [MSG.beachNotFound] });
      const scoped = await scope.scopeBeach(beach.id);
      if (!scoped || roleOnBeach(grants, scoped, 'operator') === null) throw forbidden(MSG.outOfScope);
      return {
        target,
        grant: { scope: 'beach' as const, scope_key: String(beach.id), beach_id: beach.id, club_id: null },
        name: beach.title,
        place: auditPlace(beach),
      };
    }
    const club = await repo.club(body.club_id!);
    if (!club) throw validationFailed({ club_id: [MSG.clubNotFound] });
    // An operator may grant a club when every beach of the club is in their scope (a club with no
    // beaches: when its state is).
    const beaches = await repo.beachesInScopes(
      { beachIds: [], clubIds: [club.id], states: [], areas: [] },
      10_000,
    );
    const areas = [...new Set(beaches.map((b) => areaKey(b.state, b.area_slug)))];
    const covered =
      beaches.length > 0
        ? beaches.every((b) =>
            operatorCoversPlace(grants, { state: b.state, area_key: areaKey(b.state, b.area_slug) }),
          )
        : operatorCoversPlace(grants, { state: club.state, area_key: null });
    if (!covered) throw forbidden(MSG.outOfScope);
    return {
      target,
      grant: { scope: 'club' as const, scope_key: String(club.id), beach_id: null, club_id: club.id },
      name: club.title,
      place: {
        beach_id: null,
        beach_name: null,
        state: beaches[0]?.state ?? club.state,
        area_key: areas.length === 1 ? areas[0]! : null,
        club_id: club.id,
      },
    };
  }

  return {
    /**
     * POST /api/v5/beach/{beachId}/rip-observations: "rip activity now: none / some / strong"
     * (issue 29), with the model's likelihood and inputs for the hour observed, frozen.
     */
    async reportRip(context: WriteContext, beachId: number, input: unknown): Promise<WriteResult> {
      const { role, beach } = await authorize(context.user, beachId);
      const body: RipObservationBody = parseInput(RipObservationBodySchema, input);
      const note = body.note?.trim() ? body.note.trim() : null;
      const hash = sha256(JSON.stringify(['rip.observe', beachId, body]));
      let observedAt = clock();
      let model: RipModelHour | null = null;
      const check = async () => {
        const now = clock();
        observedAt = body.observed_at ? new Date(body.observed_at) : now;
        // A report queued offline keeps the time it was made; a clock a little ahead is allowed for.
        if (observedAt.getTime() > now.getTime() + 5 * 60_000)
          throw validationFailed({ observed_at: [MSG.ripObservedFuture] });
        if (observedAt.getTime() < now.getTime() - DAY_MS)
          throw validationFailed({ observed_at: [MSG.ripObservedTooOld] });
        model = (await deps.rip?.modelHour(beachId, observedAt)) ?? null;
      };
      return once(
        context,
        hash,
        async (trx) => {
          const now = clock();
          const frozen = model as RipModelHour | null;
          const row = await trx.insertRipObservation({
            beach_id: beachId,
            observed_at: observedAt.toISOString(),
            activity: body.activity,
            note,
            actor_user_id: context.user.id,
            model_likelihood: frozen?.likelihood ?? null,
            model_inputs: frozen ? JSON.stringify(frozen.inputs) : null,
            created_at: now.toISOString(),
          });
          await trx.audit({
            at: now.toISOString(),
            actor_user_id: context.user.id,
            actor: actorOf(context.user),
            actor_role: role,
            ...auditPlace(beach),
            action: 'rip.observe',
            from: null,
            to: {
              activity: body.activity,
              note,
              observed_at: row.observed_at,
              model_likelihood: row.model_likelihood,
            },
          });
          const answer: RipObservation = {
            id: Number(row.id),
            beach_id: beachId,
            observed_at: row.observed_at,
            activity: body.activity,
            note,
            model_likelihood: row.model_likelihood,
          };
          return { status: 201, body: answer };
        },
        check,
      );
    },

    /** PUT /api/v5/beach/{beachId}/status */
    async setStatus(context: WriteContext, beachId: number, input: unknown): Promise<WriteResult> {
      const { role, beach } = await authorize(context.user, beachId);
      const body: StatusBody = parseInput(StatusBodySchema, input);
      const hash = sha256(JSON.stringify(['status.set', beachId, body]));
      let now = clock();
      let expires = now;
      // Checked against the clock after a replay is ruled out (a replay answers as the first time).
      const check = async () => {
        now = clock();
        if (body.expires_at) {
          expires = new Date(body.expires_at);
          if (expires.getTime() <= now.getTime()) throw validationFailed({ expires_at: [MSG.expiryPast] });
          if (expires.getTime() > now.getTime() + STATUS_MAX_EXPIRY_DAYS * DAY_MS)
            throw validationFailed({ expires_at: [MSG.expiryTooFar] });
        } else {
          expires = await defaultExpiry(beach, now);
        }
      };
      return once(
        context,
        hash,
        async (trx, raw) => {
          const current = (await trx.beach(beachId)) ?? beach;
          const from = liveStatusAt(current, now);
          const to: CurrentLiveStatus = {
            status: body.status,
            status_reason: body.reason ?? null,
            status_message: body.message ? body.message : null,
            status_set_at: now.toISOString(),
            status_expires_at: expires.toISOString(),
            status_set_by: role,
          };
          await trx.setStatus(beachId, to, now);
          await trx.audit({
            at: now.toISOString(),
            actor_user_id: context.user.id,
            actor: actorOf(context.user),
            actor_role: role,
            ...auditPlace(beach),
            action: 'status.set',
            from: statusSnapshot(from),
            to: statusSnapshot(to),
          });
          await onBeachStatusChanged(raw, { beachId, from, to, at: now, setBy: role });
          const answer: BeachLiveStatus = { beach_id: beachId, ...to };
          return { status: 200, body: answer };
        },
        check,
      );
    },

    /** DELETE /api/v5/beach/{beachId}/status */
    async clearStatus(context: WriteContext, beachId: number): Promise<WriteResult> {
      const { role, beach } = await authorize(context.user, beachId);
      const hash = sha256(JSON.stringify(['status.clear', beachId]));
      return once(context, hash, async (trx, raw) => {
        const now = clock();
        const current = (await trx.beach(beachId)) ?? beach;
        const from = liveStatusAt(current, now);
        const answer: BeachLiveStatus = { beach_id: beachId, ...NO_LIVE_STATUS };
        // No status in force: nothing changes (an expired one already reads as none).
        if (!from.status) return { status: 200, body: answer };
        await trx.setStatus(beachId, NO_LIVE_STATUS, now);
        await trx.audit({
          at: now.toISOString(),
          actor_user_id: context.user.id,
          actor: actorOf(context.user),
          actor_role: role,
          ...auditPlace(beach),
          action: 'status.clear',
          from: statusSnapshot(from),
          to: null,
        });
        await onBeachStatusChanged(raw, { beachId, from, to: NO_LIVE_STATUS, at: now, setBy: role });
        return { status: 200, body: answer };
      });
    },

    /** PUT /api/v5/beach/{beachId}/patrol: on duty until a beach-local time, or off duty. */
    async setPatrol(context: WriteContext, beachId: number, input: unknown): Promise<WriteResult> {
      const { role, beach } = await authorize(context.user, beachId);
      const body: PatrolBody = parseInput(PatrolBodySchema, input);
      const hash = sha256(JSON.stringify(['patrol', beachId, body]));
      let before: PatrolledToday | null = null;
      let nowAt = clock();
      return once(
        context,
        hash,
        async (trx) => {
          const now = nowAt;
          const today = localDate(now, beach.timezone);
          const clockNow = localClock(now, beach.timezone);
          let next: PatrolledToday;
          if (body.on_duty) {
            const until = body.until!;
            if (until <= clockNow) throw validationFailed({ until: [MSG.untilPast] });
            // Already on duty today (by the console): the patrol keeps its start.
            const [live] = await trx.livePatrols([beachId]);
            const start =
              live &&
              live.local_date === today &&
              live.flag === 1 &&
              live.start_time &&
              live.start_time <= clockNow
                ? live.start_time
                : clockNow;
            next = { flag: 1, start, end: until, is_sample: false };
          } else {
            next =
              before?.flag === 1 &&
              before.start &&
              /^\d{2}:\d{2}$/.test(before.start) &&
              before.start <= clockNow
                ? { flag: 1, start: before.start, end: clockNow, is_sample: false }
                : { flag: 0, start: null, end: null, is_sample: false };
          }
          await trx.setLivePatrol(
            {
              beach_id: beachId,
              local_date: today,
              flag: next.flag,
              start_time: next.start,
              end_time: next.end,
              set_at: now.toISOString(),
              set_by: role,
            },
            now,
          );
          await trx.audit({
            at: now.toISOString(),
            actor_user_id: context.user.id,
            actor: actorOf(context.user),
            actor_role: role,
            ...auditPlace(beach),
            action: body.on_duty ? 'patrol.on' : 'patrol.off',
            from: patrolSnapshot(before),
            to: patrolSnapshot(next),
          });
          const answer: BeachLivePatrol = {
            beach_id: beachId,
            is_patrolled_today: next,
            patrol_set_at: now.toISOString(),
            patrol_set_by: role,
          };
          return { status: 200, body: answer };
        },
        async () => {
          nowAt = clock();
          before = (await patrols.patrolledToday([beachId], nowAt)).get(beachId) ?? null;
        },
      );
    },

    /** The lifesaver check of a beach alone (the posts route makes it before reading the upload). */
    async authorize(user: User, beachId: number): Promise<void> {
      await authorize(user, beachId);
    },

    /**
     * POST /api/v5/beach/{beachId}/posts: a photo (checked by content, re-encoded without metadata:
     * the algal pipeline) and a short text, listed in the beach's todayPosts. Files written before
     * the transaction are removed again if it fails or turns out to be a replay.
     */
    async createPost(
      context: WriteContext,
      beachId: number,
      input: { text: unknown; photo: Buffer | null },
    ): Promise<WriteResult> {
      const { role, beach } = await authorize(context.user, beachId);
      const errors: Record<string, string[]> = {};
      const parsedText = safeParse(PostTextSchema, input.text ?? '');
      if (!parsedText.success) errors.text = parsedText.error.issues.map((issue) => issue.message);
      if (!input.photo || input.photo.length === 0) errors.photo = [ALGAL_MESSAGES.photoRequired];
      if (!parsedText.success || !input.photo || input.photo.length === 0) throw validationFailed(errors);
      const text = parsedText.data;
      const photo = input.photo;
      const hash = sha256(JSON.stringify(['post', beachId, text, sha256(photo)]));
      const keys: string[] = [];
      let largeKey = '';
      let thumbKey = '';
      let saved = false;
      try {
        const result = await once(
          context,
          hash,
          async (trx) => {
            const now = clock();
            const local = localTimestamp(now, beach.timezone);
            const imageUrl = storage.url(largeKey);
            await trx.insertPost({
              beach_id: beachId,
              point_id: CONDITIONS_POST_POINT_ID,
              user_id: context.user.id,
              local_timestamp: local,
              meta: { label: text, image_url: imageUrl },
              large_key: largeKey,
              thumbnail_key: thumbKey,
              created_at: now.toISOString(),
            });
            await trx.audit({
              at: now.toISOString(),
              actor_user_id: context.user.id,
              actor: actorOf(context.user),
              actor_role: role,
              ...auditPlace(beach),
              action: 'post.create',
              from: null,
              to: { text, image_url: imageUrl },
            });
            const post: TodayPost = {
              point_id: CONDITIONS_POST_POINT_ID,
              local_timestamp: local,
              meta: { label: text, image_url: imageUrl, sample: false },
            };
            return { status: 201, body: post };
          },
          async () => {
            const processed = await processPhoto(photo);
            if (!processed) throw validationFailed({ photo: [ALGAL_MESSAGES.photoInvalid] });
            const name = `${localDate(clock(), beach.timezone)}-${crypto.randomBytes(12).toString('hex')}`;
            largeKey = `posts/${beachId}/${name}-large.webp`;
            thumbKey = `posts/${beachId}/${name}-thumb.webp`;
            await storage.put(largeKey, processed.large, 'image/webp');
            keys.push(largeKey);
            await storage.put(thumbKey, processed.thumbnail, 'image/webp');
            keys.push(thumbKey);
          },
        );
        // A replay answers with the first post's photo: the files written now are not needed.
        saved = largeKey !== '' && (result.body as TodayPost).meta.image_url === storage.url(largeKey);
        return result;
      } finally {
        if (!saved) await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
      }
    },

    /** GET /api/v5/console/me */
    async me(user: User): Promise<ConsoleMeResponse> {
      const grants = await scope.grantsOf(user.id);
      if (grants.length === 0) throw forbidden(MSG.noRole);
      const roles: ConsoleRoleGrant[] = [];
      const beachIds: number[] = [];
      const clubIds: number[] = [];
      const states: string[] = [];
      const areas: Array<[string, string]> = [];
      for (const grant of grants) {
        let name = grant.scope_key;
        if (grant.scope === 'beach' && grant.beach_id !== null) {
          beachIds.push(grant.beach_id);
          name = (await repo.beach(grant.beach_id))?.title ?? name;
        } else if (grant.scope === 'club' && grant.club_id !== null) {
          clubIds.push(grant.club_id);
          name = (await repo.club(grant.club_id))?.title ?? name;
        } else if (grant.scope === 'state') {
          states.push(grant.scope_key);
          name = isStateCode(grant.scope_key) ? STATE_NAMES[grant.scope_key] : name;
        } else if (grant.scope === 'area') {
          const [state, slug] = grant.scope_key.split('/') as [string, string];
          areas.push([state, slug]);
          name = (await repo.areaName(state, slug)) ?? name;
        }
        roles.push({ role: grant.role, scope: grant.scope, scope_id: grant.scope_key, scope_name: name });
      }
      const rows = await repo.beachesInScopes({ beachIds, clubIds, states, areas }, CONSOLE_BEACHES_MAX + 1);
      const now = clock();
      return {
        roles,
        beaches: await presentConsoleBeaches(rows.slice(0, CONSOLE_BEACHES_MAX), now),
        truncated: rows.length > CONSOLE_BEACHES_MAX,
      };
    },

    /** GET /api/v5/console/rip-skill (operators; the regions and beaches of their scope). */
    async ripSkill(user: User): Promise<RipSkillReport> {
      const grants = await operatorGrants(user);
      const report = deps.rip ? await deps.rip.skillReport() : { regions: [], beaches: [] };
      const covered = (row: RipSkillRow) =>
        operatorCoversPlace(grants, { state: row.region.split('/')[0] ?? null, area_key: row.region });
      return { regions: report.regions.filter(covered), beaches: report.beaches.filter(covered) };
    },

    /** GET /api/v5/console/audit (operators; entries of their scope, newest first). */
    async audit(user: User, input: unknown): Promise<AuditResponse> {
      const grants = await operatorGrants(user);
      const query = parseInput(AuditQuerySchema, input);
      if (query.beach_id !== undefined) await authorize(user, query.beach_id, 'operator');
      const cursor = query.cursor === undefined || query.cursor === '' ? undefined : query.cursor;
      if (cursor !== undefined && !/^\d{1,15}$/.test(cursor))
        throw validationFailed({ cursor: ['The cursor field is not a cursor of this list.'] });
      const limit = query.limit ?? AUDIT_PAGE_DEFAULT;
      const rows = await repo.auditEntries({
        states: grants.filter((g) => g.role === 'operator' && g.scope === 'state').map((g) => g.scope_key),
        areaKeys: grants.filter((g) => g.role === 'operator' && g.scope === 'area').map((g) => g.scope_key),
        ...(query.beach_id !== undefined ? { beachId: query.beach_id } : {}),
        ...(cursor !== undefined ? { beforeId: Number(cursor) } : {}),
        limit: limit + 1,
      });
      const entries = rows.slice(0, limit).map(presentAudit);
      return {
        entries,
        next_cursor: rows.length > limit ? String(entries.at(-1)!.id) : null,
      };
    },

    /** Every entry the audit filter selects (up to AUDIT_CSV_MAX), newest first, for the CSV export. */
    async auditAll(user: User, input: unknown): Promise<AuditEntry[]> {
      await operatorGrants(user);
      const { beach_id } = parseInput(AuditQuerySchema, input);
      const query = beach_id === undefined ? {} : { beach_id };
      const entries: AuditEntry[] = [];
      let cursor: string | undefined;
      do {
        const page = await this.audit(user, { ...query, limit: 200, ...(cursor ? { cursor } : {}) });
        entries.push(...page.entries);
        cursor = page.next_cursor ?? undefined;
      } while (cursor !== undefined && entries.length < AUDIT_CSV_MAX);
      return entries.slice(0, AUDIT_CSV_MAX);
    },

    /** POST /api/v5/console/roles: an operator grants lifesaver for a beach or club in scope. */
    async grantRole(context: WriteContext, input: unknown): Promise<WriteResult> {
      await operatorGrants(context.user);
      const body = parseInput(RoleBodySchema, input);
      const { target, grant, name, place } = await roleTarget(context.user, body);
      if (!target) throw validationFailed({ email: [MSG.userNotFound] });
      const hash = sha256(JSON.stringify(['role.grant', body]));
      return once(context, hash, async (trx) => {
        const now = clock();
        const changed = await trx.grantRole({
          user_id: target.id,
          role: 'lifesaver',
          ...grant,
          granted_at: now.toISOString(),
          granted_by: context.user.id,
        });
        const role: ConsoleRoleGrant = {
          role: 'lifesaver',
          scope: grant.scope,
          scope_id: grant.scope_key,
          scope_name: name,
        };
        if (changed) {
          await trx.audit({
            at: now.toISOString(),
            actor_user_id: context.user.id,
            actor: actorOf(context.user),
            actor_role: 'operator',
            ...place,
            action: 'role.grant',
            from: null,
            to: { email: target.email, role: 'lifesaver', scope: grant.scope, scope_id: grant.scope_key },
          });
        }
        const answer: RoleResponse = { message: MSG.roleGranted, role, email: target.email };
        return { status: 201, body: answer };
      });
    },

    /** DELETE /api/v5/console/roles */
    async revokeRole(context: WriteContext, input: unknown): Promise<WriteResult> {
      await operatorGrants(context.user);
      const body = parseInput(RoleBodySchema, input);
      const { target, grant, name, place } = await roleTarget(context.user, body);
      if (!target) throw validationFailed({ email: [MSG.userNotFound] });
      const hash = sha256(JSON.stringify(['role.revoke', body]));
      return once(context, hash, async (trx) => {
        const now = clock();
        const changed = await trx.revokeRole({
          user_id: target.id,
          role: 'lifesaver',
          scope: grant.scope,
          scope_key: grant.scope_key,
        });
        if (!changed) throw notFound(MSG.roleNotHeld);
        await trx.audit({
          at: now.toISOString(),
          actor_user_id: context.user.id,
          actor: actorOf(context.user),
          actor_role: 'operator',
          ...place,
          action: 'role.revoke',
          from: { email: target.email, role: 'lifesaver', scope: grant.scope, scope_id: grant.scope_key },
          to: null,
        });
        const role: ConsoleRoleGrant = {
          role: 'lifesaver',
          scope: grant.scope,
          scope_id: grant.scope_key,
          scope_name: name,
        };
        const answer: RoleResponse = { message: MSG.roleRevoked, role, email: target.email };
        return { status: 200, body: answer };
      });
    },
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
