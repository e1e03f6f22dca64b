import { AVATAR_DEFAULT_SIZE, avatarColour, avatarInitials } from '@safeshore/domain';

/**
 * Spec section 3: a round avatar with up to 3 initials on one of 18 colours (stable per user).
 * Decorative beside the user's name or "My Profile": hidden from assistive technology, and the
 * initials are drawn by CSS (data-initials) so they never become part of the link's text.
 */
export function Avatar({
  firstName,
  lastName,
  colourKey,
  size = AVATAR_DEFAULT_SIZE,
}: {
  firstName: string;
  lastName: string;
  /** What picks the colour (the e-mail address: it does not change with a name change). */
  colourKey: string;
  size?: number;
}) {
  return (
    <span
      className="avatar"
      aria-hidden="true"
      data-testid="avatar"
      data-initials={avatarInitials(firstName, lastName)}
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.4),
        background: avatarColour(colourKey),
      }}
    />
  );
}
