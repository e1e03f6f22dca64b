import { describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, avatarColour, avatarInitials } from '../src/index.ts';

/** WCAG relative luminance and contrast. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('avatar (spec section 3)', () => {
  it('has 18 different colours, each readable with white initials (4.5:1)', () => {
    expect(new Set(AVATAR_COLOURS).size).toBe(18);
    for (const colour of AVATAR_COLOURS) expect(contrastWithWhite(colour)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    [['Sam', 'Surfer'], 'SS'],
    [['mary jane', 'van dyke'], 'MJV'],
    [['Zoë', 'Ōkubo'], 'ZŌ'],
    [['Jean-Luc', 'Picard'], 'JLP'],
    [['  ', ''], '?'],
    [[null, 'O’Brien'], 'O'],
    [['(Sam)', 'Surfer'], 'SS'],
  ])('initials of %j are %s (at most 3)', (names, initials) => {
    expect(avatarInitials(...names)).toBe(initials);
  });

  it('the same name always gets the same colour, spread over the palette', () => {
    expect(avatarColour('sam@example.com')).toBe(avatarColour(' SAM@example.com '));
    const used = new Set(Array.from({ length: 200 }, (_, i) => avatarColour(`user${i}@example.com`)));
    expect(used.size).toBeGreaterThan(12);
    for (const colour of used) expect(AVATAR_COLOURS).toContain(colour);
  });
});
