import type { ConsoleBeach, ConsoleMeResponse } from '@safeshore/domain';
import { consoleQueue } from '../../data/console-queue-send.ts';
import { TEST_NOW } from '../../test/clock.ts';

/** Bondi as console/me lists it (Saturday 21 November 2026, the web tests' day). */
export function consoleBeach(overrides: Partial<ConsoleBeach> = {}): ConsoleBeach {
  return {
    id: 1,
    key: 'nsw-2026-bondi-beach',
    name: 'Bondi Beach',
    url: '/nsw/waverley/bondi-beach/bondi-beach',
    state: 'NSW',
    area: 'Waverley',
    timezone: 'Australia/Sydney',
    status: null,
    status_reason: null,
    status_message: null,
    status_set_at: null,
    status_expires_at: null,
    status_set_by: null,
    is_patrolled_today: null,
    patrol_set_at: null,
    patrol_set_by: null,
    ...overrides,
  };
}

export function consoleMe(overrides: Partial<ConsoleMeResponse> = {}): ConsoleMeResponse {
  return {
    roles: [{ role: 'lifesaver', scope: 'beach', scope_id: '1', scope_name: 'Bondi Beach' }],
    beaches: [consoleBeach()],
    truncated: false,
    ...overrides,
  };
}

export const OPERATOR_ROLE = {
  role: 'operator',
  scope: 'state',
  scope_id: 'NSW',
  scope_name: 'NSW',
} as const;

/** A closure set by lifesavers at 10:42 am Sydney time on the tests' day, until 7 pm. */
export const CLOSED = {
  status: 'Closed',
  status_reason: 'shark_sighting',
  status_message: 'Shark seen off the north end.',
  status_set_at: new Date(TEST_NOW.getTime() - 18 * 60_000).toISOString(),
  status_expires_at: '2026-11-21T08:00:00.000Z',
  status_set_by: 'lifesaver',
} as const;

/** Empties the app's console queue between tests. */
export async function emptyQueue(userId: number): Promise<void> {
  const queue = consoleQueue();
  for (const item of await queue.list(userId)) await queue.discard(item.id);
}
