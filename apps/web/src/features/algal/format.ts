/** "Just now", "N minutes ago", "N hours ago", "N days ago" (spec section 2: the page's relative times). */
export function relativeAge(from: Date | string | null | undefined, now: Date = new Date()): string {
  if (from === null || from === undefined) return '';
  const date = typeof from === 'string' ? new Date(from) : from;
  if (Number.isNaN(date.getTime())) return '';
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** Spec section 5: the client accepts only these image types; there is no size limit on the client. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;
export const FILE_INPUT_ACCEPT = 'image/jpeg,image/png,image/webp';

export function isAcceptedImage(file: File): boolean {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
}
