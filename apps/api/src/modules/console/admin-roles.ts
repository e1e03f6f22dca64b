import { STATE_CODES, isStateCode } from '@safeshore/domain';
import type { Database } from '../../db/schema.ts';
import { createConsoleRepository } from './console.repository.ts';
import { areaKey } from './scope.ts';

/**
 * `npm run admin -- grant-role|revoke-role EMAIL lifesaver|operator …` (issue 17): console roles
 * from the command line, written to the audit log as the admin CLI's changes.
 */

export class RoleArgumentError extends Error {}

export interface ConsoleRoleRequest {
  email: string;
  role: 'lifesaver' | 'operator';
  beaches: string[];
  clubs: string[];
  states: string[];
  areas: string[];
}

/** All values of a repeatable `--name VALUE` option. */
function options(args: string[], name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== name) continue;
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) throw new RoleArgumentError(`${name} needs a value.`);
    values.push(value);
  }
  return values;
}

/** Parses the arguments after the command (EMAIL ROLE --option VALUE …). */
export function parseConsoleRoleArgs(args: string[]): ConsoleRoleRequest {
  const [email, role, ...rest] = args;
  if (!email || (role !== 'lifesaver' && role !== 'operator'))
    throw new RoleArgumentError('Give an EMAIL and the role lifesaver or operator.');
  const known = new Set(['--beach', '--club', '--state', '--area']);
  for (let i = 0; i < rest.length; i += 2) {
    if (!known.has(rest[i]!)) throw new RoleArgumentError(`Unknown option ${rest[i]}.`);
  }
  const request: ConsoleRoleRequest = {
    email,
    role,
    beaches: options(rest, '--beach'),
    clubs: options(rest, '--club'),
    states: options(rest, '--state').map((state) => state.toUpperCase()),
    areas: options(rest, '--area'),
  };
  if (role === 'lifesaver') {
    if (request.states.length + request.areas.length > 0)
      throw new RoleArgumentError('A lifesaver is granted per beach (--beach KEY|ID) or club (--club ID).');
    if (request.beaches.length + request.clubs.length === 0)
      throw new RoleArgumentError('Give at least one --beach KEY|ID or --club ID.');
  } else {
    if (request.beaches.length + request.clubs.length > 0)
      throw new RoleArgumentError('An operator is granted per state (--state NSW) or area (--area AREA).');
    if (request.states.length + request.areas.length === 0)
      throw new RoleArgumentError('Give at least one --state STATE or --area AREA.');
    const bad = request.states.filter((state) => !isStateCode(state));
    if (bad.length > 0)
      throw new RoleArgumentError(`Unknown state ${bad.join(', ')} (one of ${STATE_CODES.join(', ')}).`);
  }
  return request;
}

/** Grants (or revokes) each scope named; returns one line per scope for the CLI to print. */
export async function setConsoleRoles(
  db: Database,
  request: ConsoleRoleRequest,
  granted: boolean,
  now: Date,
): Promise<string[]> {
  const repo = createConsoleRepository(db);
  const user = await repo.userByEmail(request.email);
  if (!user) throw new RoleArgumentError(`No user has the email ${request.email}.`);

  type Target = {
    scope: 'beach' | 'club' | 'state' | 'area';
    scope_key: string;
    beach_id: number | null;
    club_id: number | null;
    label: string;
    place: {
      beach_id: number | null;
      beach_name: string | null;
      state: string | null;
      area_key: string | null;
    };
  };
  const targets: Target[] = [];
  for (const ref of request.beaches) {
    const beach = /^\d{1,9}$/.test(ref) ? await repo.beach(Number(ref)) : await repo.beachByKey(ref);
    if (!beach) throw new RoleArgumentError(`No beach with key or id ${ref}.`);
    targets.push({
      scope: 'beach',
      scope_key: String(beach.id),
      beach_id: beach.id,
      club_id: null,
      label: `beach ${beach.title} (${beach.key}, id ${beach.id})`,
      place: {
        beach_id: beach.id,
        beach_name: beach.title,
        state: beach.state,
        area_key: areaKey(beach.state, beach.area_slug),
      },
    });
  }
  for (const ref of request.clubs) {
    const club = /^\d{1,9}$/.test(ref) ? await repo.club(Number(ref)) : undefined;
    if (!club) throw new RoleArgumentError(`No club with id ${ref}.`);
    targets.push({
      scope: 'club',
      scope_key: String(club.id),
      beach_id: null,
      club_id: club.id,
      label: `club ${club.title} (id ${club.id})`,
      place: { beach_id: null, beach_name: null, state: club.state, area_key: null },
    });
  }
  for (const state of request.states) {
    targets.push({
      scope: 'state',
      scope_key: state,
      beach_id: null,
      club_id: null,
      label: `state ${state}`,
      place: { beach_id: null, beach_name: null, state, area_key: null },
    });
  }
  for (const ref of request.areas) {
    // "NSW/waverley" (state and slug), or an area name or slug found in one state only.
    const slash = /^([A-Za-z]{2,3})\/(.+)$/.exec(ref.trim());
    const matches = (await repo.areasNamed(slash ? slash[2]! : ref)).filter(
      (area) => !slash || area.state === slash[1]!.toUpperCase(),
    );
    const states = [...new Set(matches.map((area) => area.state))];
    if (matches.length === 0) throw new RoleArgumentError(`No beach is in an area named ${ref}.`);
    if (states.length > 1)
      throw new RoleArgumentError(
        `Area ${ref} is in ${states.join(' and ')}: give it as STATE/area, e.g. ${states[0]}/${matches[0]!.area_slug}.`,
      );
    const area = matches[0]!;
    const key = areaKey(area.state, area.area_slug);
    targets.push({
      scope: 'area',
      scope_key: key,
      beach_id: null,
      club_id: null,
      label: `area ${area.area} (${key})`,
      place: { beach_id: null, beach_name: null, state: area.state, area_key: key },
    });
  }

  const lines: string[] = [];
  for (const target of targets) {
    const changed = await repo.transaction(async (trx) => {
      const done = granted
        ? await trx.grantRole({
            user_id: user.id,
            role: request.role,
            scope: target.scope,
            scope_key: target.scope_key,
            beach_id: target.beach_id,
            club_id: target.club_id,
            granted_at: now.toISOString(),
            granted_by: null,
          })
        : await trx.revokeRole({
            user_id: user.id,
            role: request.role,
            scope: target.scope,
            scope_key: target.scope_key,
          });
      if (done) {
        const grant = {
          email: user.email,
          role: request.role,
          scope: target.scope,
          scope_id: target.scope_key,
        };
        await trx.audit({
          at: now.toISOString(),
          actor_user_id: null,
          actor: 'admin CLI',
          actor_role: null,
          ...target.place,
          club_id: target.club_id,
          action: granted ? 'role.grant' : 'role.revoke',
          from: granted ? null : grant,
          to: granted ? grant : null,
        });
      }
      return done;
    });
    lines.push(
      changed
        ? `Role ${request.role} for ${target.label} ${granted ? 'granted to' : 'revoked from'} ${user.email}.`
        : `Nothing to do: ${user.email} ${granted ? 'already has' : 'does not have'} role ${request.role} for ${target.label}.`,
    );
  }
  return lines;
}
