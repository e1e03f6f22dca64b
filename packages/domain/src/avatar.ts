/**
 * Spec section 3: the user's avatar, 18 background colours, default size 30 px, up to 3 initials.
 * Pure: the same name always gets the same initials and colour (on every device, offline too).
 * Every colour keeps white initials at a contrast of at least 4.5:1 (WCAG AA for small text).
 */
export const AVATAR_COLOURS = [
  '#0b2545',
  '#13315c',
  '#084a8c',
  '#1d4ed8',
  '#4338ca',
  '#6d28d9',
  '#7e22ce',
  '#a21caf',
  '#be185d',
  '#b91c1c',
  '#c2410c',
  '#a16207',
  '#4d7c0f',
  '#15803d',
  '#047857',
  '#0f766e',
  '#0e7490',
  '#0369a1',
] as const;

export const AVATAR_DEFAULT_SIZE = 30;
export const AVATAR_MAX_INITIALS = 3;

/** "Sam Surfer" -> "SS"; "Mary Jane van Dyke" -> "MJV"; nothing usable -> "?". */
export function avatarInitials(...names: Array<string | null | undefined>): string {
  const words = names
    .flatMap((name) => (name ?? '').trim().split(/[\s-]+/u))
    .filter((word) => /\p{L}|\p{N}/u.test(word));
  const initials = words
    .slice(0, AVATAR_MAX_INITIALS)
    .map((word) => [...word.replace(/^[^\p{L}\p{N}]+/u, '')][0]!.toLocaleUpperCase('en-AU'))
    .join('');
  return initials || '?';
}

/** One of the 18 colours, chosen from the text (a stable string hash). */
export function avatarColour(key: string): string {
  let hash = 0;
  for (const char of key.trim().toLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length]!;
}
