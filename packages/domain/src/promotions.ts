/** Footer promotion tiles (spec sections 1, 3, 9). */
export type ScreenSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'custom_large' | 'custom_1800';

/** Spec section 9: xs under 576, sm under 768, md under 992, lg under 1200, xl under 1400, custom_large under 1800. */
export const SCREEN_SIZES: ReadonlyArray<{ size: ScreenSize; below: number }> = [
  { size: 'xs', below: 576 },
  { size: 'sm', below: 768 },
  { size: 'md', below: 992 },
  { size: 'lg', below: 1200 },
  { size: 'xl', below: 1400 },
  { size: 'custom_large', below: 1800 },
  { size: 'custom_1800', below: Infinity },
];

export function screenSizeFor(width: number): ScreenSize {
  return SCREEN_SIZES.find((entry) => width < entry.below)!.size;
}

export interface TileImage {
  background_url: string;
  horizontal_position?: string;
  vertical_position?: string;
  background_size?: string;
}

export interface PromotionTile {
  id: string;
  title: string;
  text: string;
  button_label: string;
  button_url: string;
  button_target: '_self' | '_blank';
  button_position: 'top' | 'bottom';
  images: Partial<Record<ScreenSize | 'default', TileImage>>;
}

/** The background for a screen size: that size's image, else the default, with the spec's defaults filled in. */
export function tileBackground(
  tile: Pick<PromotionTile, 'images'>,
  size: ScreenSize,
): Required<TileImage> | null {
  const image = tile.images[size] ?? tile.images.default;
  if (!image) return null;
  return {
    background_url: image.background_url,
    horizontal_position: image.horizontal_position ?? '50%',
    vertical_position: image.vertical_position ?? '50%',
    background_size: image.background_size ?? 'cover',
  };
}

export const DONATE_TEXT = 'As little as $20 can help save a life.';

export const PROMOTION_TILES: PromotionTile[] = [
  {
    id: 'rip-currents',
    title: 'Spot the rip',
    text: 'Rips are the number one hazard on Australian beaches. Learn to spot one and what to do if you are caught.',
    button_label: 'Learn about rips',
    button_url: '/surf-safety/ripcurrents',
    button_target: '_self',
    button_position: 'bottom',
    images: {
      default: { background_url: '/promo/rip.svg', horizontal_position: '70%' },
      xs: { background_url: '/promo/rip.svg', horizontal_position: '80%', background_size: 'cover' },
    },
  },
  {
    id: 'beach-passport',
    title: 'Your beach safety passport',
    text: 'Work through the essentials, from flags and signs to stingers, before your next trip to the coast.',
    button_label: 'Start learning',
    button_url: '/surf-safety',
    button_target: '_self',
    button_position: 'bottom',
    images: { default: { background_url: '/promo/passport.svg' } },
  },
  {
    id: 'app',
    title: 'SafeShore on your phone',
    text: 'Add SafeShore to your home screen so beach information is one tap away.',
    button_label: 'Get the app',
    button_url: '/apps',
    button_target: '_self',
    button_position: 'top',
    images: { default: { background_url: '/promo/app.svg', vertical_position: '30%' } },
  },
  {
    id: 'donate',
    title: 'Support surf lifesavers',
    text: DONATE_TEXT,
    button_label: 'Donate',
    button_url: 'https://sls.com.au/donate/',
    button_target: '_blank',
    button_position: 'bottom',
    images: { default: { background_url: '/promo/donate.svg' } },
  },
];
