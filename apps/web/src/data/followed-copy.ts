import * as z from 'zod/mini';
import { BeachSummarySchema, type BeachSummary } from '@safeshore/domain';

/**
 * The signed-in user's followed beaches, kept in this browser so My Beaches still lists them
 * offline (the beaches' own records are in the offline database: opening My Beaches online saves
 * them like any viewed beach). Removed when the user signs out.
 */
const STORAGE_KEY = 'safeshore.my-beaches';

const StoredSchema = z.object({
  user_id: z.int(),
  saved_at: z.string(),
  beaches: z.array(BeachSummarySchema),
});

export interface FollowedCopy {
  savedAt: string;
  beaches: BeachSummary[];
}

export function saveFollowedCopy(userId: number, beaches: BeachSummary[], savedAt: Date): void {
  try {
    window.localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ user_id: userId, saved_at: savedAt.toISOString(), beaches }),
    );
  } catch {
    // Storage refused: offline, My Beaches says it has no saved list.
  }
}

/** This user's saved list, or null (none, another user's, or unreadable). */
export function readFollowedCopy(userId: number): FollowedCopy | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = z.safeParse(StoredSchema, JSON.parse(raw));
    if (!parsed.success || parsed.data.user_id !== userId) return null;
    return { savedAt: parsed.data.saved_at, beaches: parsed.data.beaches };
  } catch {
    return null;
  }
}

export function forgetFollowedCopy(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
}
