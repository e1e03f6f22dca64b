import type { ConsoleRole, RoleScope } from '@safeshore/domain';
import type { Database } from '../../db/schema.ts';

/**
 * Who may act on which beach (issue 17). A lifesaver holds grants per beach or per club (a club
 * covers its beaches); an operator per state or per area. `scope_key` of an area is
 * "STATE/area-slug" (the beach's `state` and `area_slug`, e.g. "NSW/waverley": the council area as
 * the catalogue names it in beach urls), so two states' areas of one name never mix.
 */

export interface RoleGrant {
  id: number;
  role: ConsoleRole;
  scope: RoleScope;
  scope_key: string;
  beach_id: number | null;
  club_id: number | null;
}

/** What a scope check reads of a beach. */
export interface ScopeBeach {
  id: number;
  state: string;
  area_slug: string;
  clubIds: readonly number[];
}

export type ConsoleAction = 'lifesaver' | 'operator';

export function areaKey(state: string, areaSlug: string): string {
  return `${state}/${areaSlug}`;
}

function operatorCovers(grant: RoleGrant, beach: Pick<ScopeBeach, 'state' | 'area_slug'>): boolean {
  if (grant.role !== 'operator') return false;
  if (grant.scope === 'state') return grant.scope_key === beach.state;
  if (grant.scope === 'area') return grant.scope_key === areaKey(beach.state, beach.area_slug);
  return false;
}

function lifesaverCovers(grant: RoleGrant, beach: ScopeBeach): boolean {
  if (grant.role !== 'lifesaver') return false;
  if (grant.scope === 'beach') return grant.beach_id === beach.id;
  if (grant.scope === 'club') return grant.club_id !== null && beach.clubIds.includes(grant.club_id);
  return false;
}

/**
 * The role the grants give on the beach for an action, or null. Lifesaver actions (status, patrol,
 * posts) are open to both roles; a user who holds both on the beach acts as its lifesaver (the
 * public side says "Set by lifesavers"). Operator actions (roles, imports, audit) need an operator
 * grant covering the beach.
 */
export function roleOnBeach(
  grants: readonly RoleGrant[],
  beach: ScopeBeach,
  action: ConsoleAction = 'lifesaver',
): ConsoleRole | null {
  if (action === 'lifesaver' && grants.some((grant) => lifesaverCovers(grant, beach))) return 'lifesaver';
  if (grants.some((grant) => operatorCovers(grant, beach))) return 'operator';
  return null;
}

/** Whether an operator grant covers a state/area pair (audit rows, club grants). */
export function operatorCoversPlace(
  grants: readonly RoleGrant[],
  place: { state: string | null; area_key: string | null },
): boolean {
  return grants.some(
    (grant) =>
      grant.role === 'operator' &&
      ((grant.scope === 'state' && grant.scope_key === place.state) ||
        (grant.scope === 'area' && place.area_key !== null && grant.scope_key === place.area_key)),
  );
}

export function createScope(db: Database) {
  async function grantsOf(userId: number): Promise<RoleGrant[]> {
    const rows = await db
      .selectFrom('user_role_scopes')
      .select(['id', 'role', 'scope', 'scope_key', 'beach_id', 'club_id'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.filter(
      (row): row is typeof row & RoleGrant =>
        (row.role === 'lifesaver' || row.role === 'operator') &&
        ['beach', 'club', 'state', 'area'].includes(row.scope),
    );
  }

  async function scopeBeach(beachId: number): Promise<ScopeBeach | undefined> {
    const beach = await db
      .selectFrom('beaches')
      .select(['id', 'state', 'area_slug'])
      .where('id', '=', beachId)
      .executeTakeFirst();
    if (!beach) return undefined;
    const clubs = await db
      .selectFrom('beach_clubs')
      .select('club_id')
      .where('beach_id', '=', beachId)
      .execute();
    return { ...beach, clubIds: clubs.map((c) => c.club_id) };
  }

  return {
    grantsOf,
    scopeBeach,
    /**
     * The one scope check every console route uses: the role `user` acts in on the beach for the
     * action, or null (403). `beach` is undefined when there is no such beach (404).
     */
    async canActOnBeach(
      user: { id: number },
      beachId: number,
      action: ConsoleAction = 'lifesaver',
    ): Promise<{ role: ConsoleRole | null; beach: ScopeBeach | undefined; grants: RoleGrant[] }> {
      const [grants, beach] = await Promise.all([grantsOf(user.id), scopeBeach(beachId)]);
      return { role: beach ? roleOnBeach(grants, beach, action) : null, beach, grants };
    },
  };
}

export type ConsoleScope = ReturnType<typeof createScope>;
