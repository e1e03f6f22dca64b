import { SURF_SAFETY_MENU } from './navigation.ts';

/** Default article of the SurfSafety route (spec: slug defaults to surf-safety). */
export const DEFAULT_ARTICLE_SLUG = 'surf-safety';

/** Site pages that are articles too: the section index, multilingual, the About/Apps/Privacy-Policy routes and the footer pages. */
export const SITE_PAGE_SLUGS = [
  'surf-safety',
  'multilingual',
  'about',
  'apps',
  'privacy-policy',
  'disclaimer',
  'terms-of-use',
  'electronic-acceptance',
  'contact-us',
  'data',
] as const;

/** Every slug the menus and footer link to; each must resolve to a published article. */
export const REQUIRED_ARTICLE_SLUGS: readonly string[] = [
  ...new Set([
    ...SURF_SAFETY_MENU.flatMap((group) => group.links.map((link) => link.slug)),
    ...SITE_PAGE_SLUGS,
  ]),
];

/**
 * Routes that share the content page take their slug from the lowercased route name (spec section
 * 2); the data sources page works the same way.
 */
const CONTENT_ROUTE_NAMES = ['About', 'Apps', 'Privacy-Policy', 'Data'] as const;

export function contentSlugFor(routeName: string, slugParam: string | undefined): string {
  if ((CONTENT_ROUTE_NAMES as readonly string[]).includes(routeName)) return routeName.toLowerCase();
  return slugParam && slugParam.trim() !== '' ? slugParam : DEFAULT_ARTICLE_SLUG;
}

/** Offline, the Apps route and the multilingual article show an online-only message instead. */
export const ONLINE_ONLY_MESSAGE = 'Please go online to see this content.';
export function isOnlineOnlyContent(routeName: string, slug: string): boolean {
  return routeName === 'Apps' || slug === 'multilingual';
}

/** Articles the offline database keeps: every menu and footer article except the online-only ones. */
export const OFFLINE_ARTICLE_SLUGS: readonly string[] = REQUIRED_ARTICLE_SLUGS.filter(
  (slug) => slug !== 'multilingual' && slug !== 'apps',
);

/**
 * The core safety articles every device keeps without being asked (issue 16): rips, flags and signs,
 * the rest of Beach Safety's first steps, and the first-aid pages for the stings and bites most
 * likely at an Australian beach. Each is one of OFFLINE_ARTICLE_SLUGS. Saved in this order: rips
 * first, then the Surf Safety index that leads to the rest (issue 30).
 */
export const CORE_SAFETY_ARTICLE_SLUGS: readonly string[] = [
  'ripcurrents',
  DEFAULT_ARTICLE_SLUG,
  'rip-outlook',
  'flags-and-signs',
  'bystander-rescue',
  'lifeguards-top-tips',
  'the-waves',
  'sun-safety',
  'bluebottle',
  'box-jellyfish',
  'irukandji',
  'blue-ringed-octopus',
  'stone-fish',
  'cone-shell',
  'sharks',
];

// In its own module: the web app's first download needs it (the route error page) and would
// otherwise carry all of this module with it.
export { ARTICLE_NOT_FOUND } from './article-not-found.ts';

/** A valid article slug: lower-case words joined by dashes. */
export const ARTICLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** In-app paths in article bodies navigate inside the app; anything else opens in a new tab. */
export function isInAppContentLink(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  return /^\/(surf-safety(\/|$|[?#])|about$|apps$|privacy-policy$|data$|offline-settings$|beach\/|postcode\/)/.test(
    href,
  );
}
