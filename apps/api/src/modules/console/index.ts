import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/schema.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { FileStorage } from '../algal/storage.ts';
import { createConsoleRepository } from './console.repository.ts';
import { consoleRoutes } from './console.routes.ts';
import {
  createConsoleService,
  type ConsolePatrolFacts,
  type ConsoleRipFacts,
  type ConsoleService,
} from './console.service.ts';
import { createScope } from './scope.ts';

export { createScope, type ConsoleScope } from './scope.ts';
export { onBeachStatusChanged, registerBeachStatusListener } from './events.ts';
export type { ConsoleService } from './console.service.ts';

/** The console service on a database (the admin CLI and tests use it without HTTP). */
export function createConsole(
  db: Database,
  options: { patrols: ConsolePatrolFacts; storage: FileStorage; rip?: ConsoleRipFacts; clock?: () => Date },
): ConsoleService {
  return createConsoleService({
    repo: createConsoleRepository(db),
    scope: createScope(db),
    patrols: options.patrols,
    storage: options.storage,
    ...(options.rip ? { rip: options.rip } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
}

/** Registers the console's routes (issue 17). */
export async function registerConsole(
  app: FastifyInstance,
  options: {
    db: Database;
    accounts: AccountsService;
    patrols: ConsolePatrolFacts;
    storage: FileStorage;
    rip?: ConsoleRipFacts;
    maxPhotoBytes: number;
    clock?: () => Date;
  },
): Promise<ConsoleService> {
  const service = createConsole(options.db, options);
  await consoleRoutes(app, { accounts: options.accounts, service, maxPhotoBytes: options.maxPhotoBytes });
  return service;
}
