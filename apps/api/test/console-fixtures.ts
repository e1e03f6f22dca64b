import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConsoleRoleArgs, setConsoleRoles } from '../src/modules/console/admin-roles.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { testClock, type TestClock } from './clock.ts';

/**
 * A console test app: the seeded catalogue, a clock the test moves, and accounts for each kind of
 * caller: a lifesaver of Bondi, an operator of NSW, an operator of VIC, a plain user and an algal
 * user. Roles are granted through the admin CLI's code (setConsoleRoles).
 */
export interface ConsoleTestApp {
  t: TestApp;
  clock: TestClock;
  uploadsDir: string;
  /** Beach ids by name: bondi, manly, tamarama, stKilda (VIC). */
  beach: Record<'bondi' | 'manly' | 'tamarama' | 'stKilda', number>;
  /** Authorization headers by caller. */
  auth: Record<'lifesaver' | 'operator' | 'vicOperator' | 'plain' | 'algal', string>;
  emails: Record<'lifesaver' | 'operator' | 'vicOperator' | 'plain' | 'algal', string>;
  close: () => Promise<void>;
}

export async function startConsoleApp(
  start: string | Date = '2026-11-21T01:00:00Z',
): Promise<ConsoleTestApp> {
  const clock = testClock(start);
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-console-uploads-'));
  const t = await startTestApp({ clock: clock.date, config: { UPLOADS_DIR: uploadsDir } });
  const db = t.handle.db;
  const idOf = async (title: string, state: string) =>
    (
      await db
        .selectFrom('beaches')
        .select('id')
        .where('title', '=', title)
        .where('state', '=', state)
        .executeTakeFirstOrThrow()
    ).id;
  const beach = {
    bondi: await idOf('Bondi Beach', 'NSW'),
    manly: await idOf('Manly Beach', 'NSW'),
    tamarama: await idOf('Tamarama Beach', 'NSW'),
    stKilda: await idOf('St Kilda Beach', 'VIC'),
  };
  const names = ['lifesaver', 'operator', 'vicOperator', 'plain', 'algal'] as const;
  const auth = {} as ConsoleTestApp['auth'];
  const emails = {} as ConsoleTestApp['emails'];
  for (const name of names) {
    const email = `${name.toLowerCase()}@example.com`;
    const { user } = await t.accounts.createUser({
      email,
      first_name: name[0]!.toUpperCase() + name.slice(1),
      last_name: 'Tester',
      password: 'console-password-2024',
    });
    emails[name] = email;
    auth[name] = `Bearer ${await t.accounts.issueTokenFor(user.id, 'test')}`;
  }
  await t.accounts.setRole(emails.algal, 'algal', true);
  const bondiKey = (
    await db.selectFrom('beaches').select('key').where('id', '=', beach.bondi).executeTakeFirstOrThrow()
  ).key;
  await setConsoleRoles(
    db,
    parseConsoleRoleArgs([emails.lifesaver, 'lifesaver', '--beach', bondiKey]),
    true,
    clock.date(),
  );
  await setConsoleRoles(
    db,
    parseConsoleRoleArgs([emails.operator, 'operator', '--state', 'NSW']),
    true,
    clock.date(),
  );
  await setConsoleRoles(
    db,
    parseConsoleRoleArgs([emails.vicOperator, 'operator', '--state', 'vic']),
    true,
    clock.date(),
  );
  return {
    t,
    clock,
    uploadsDir,
    beach,
    auth,
    emails,
    close: async () => {
      await t.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}
