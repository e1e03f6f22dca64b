import type { Device, User } from '@safeshore/domain';
import type { DeviceRow, UserRow } from './accounts.repository.ts';

/** The role that grants has_algal_role (spec section 6). */
export const ALGAL_ROLE = 'algal';
export const ROLES = [ALGAL_ROLE] as const;

export function presentUser(row: UserRow, roles: readonly string[]): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    notification_enabled: row.notification_enabled === 1,
    has_algal_role: roles.includes(ALGAL_ROLE),
    email_verified: row.email_verified_at !== null,
    has_password: row.password_hash !== null,
  };
}

export function presentDevice(row: DeviceRow): Device {
  return { id: row.id, type: row.type, model: row.model, enabled: row.enabled === 1 };
}
