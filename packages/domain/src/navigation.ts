/** Menus of spec section 2; the content issue checks every slug here resolves to an article. */
export interface MenuLink {
  slug: string;
  label: string;
}

export interface MenuGroup {
  title: string;
  links: MenuLink[];
}

export const SURF_SAFETY_MENU: MenuGroup[] = [
  {
    title: 'Beach Safety',
    links: [
      { slug: 'flags-and-signs', label: 'Flags and signs' },
      { slug: 'lifeguards-top-tips', label: "Lifeguards' top tips" },
      { slug: 'ripcurrents', label: 'Rip currents' },
      { slug: 'rip-outlook', label: 'The rip outlook' },
      { slug: 'the-waves', label: 'The waves' },
      { slug: 'sun-safety', label: 'Sun safety' },
      { slug: 'alcohol-drugs', label: 'Alcohol and drugs' },
      { slug: 'bystander-rescue', label: 'Bystander rescue' },
    ],
  },
  {
    title: 'Marine Stingers',
    links: [
      { slug: 'blubber', label: 'Blubber' },
      { slug: 'bluebottle', label: 'Bluebottle' },
      { slug: 'box-jellyfish', label: 'Box jellyfish' },
      { slug: 'irukandji', label: 'Irukandji' },
      { slug: 'jimble', label: 'Jimble' },
      { slug: 'little-mauve-stinger', label: 'Little mauve stinger' },
      { slug: 'morbakka', label: 'Morbakka' },
      { slug: 'snottie', label: 'Snottie' },
    ],
  },
  {
    title: 'The Right Gear',
    links: [
      { slug: 'rock-fishing', label: 'Rock fishing' },
      { slug: 'boating', label: 'Boating' },
      { slug: 'watercraft', label: 'Watercraft' },
      { slug: 'diving-and-snorkelling', label: 'Diving and snorkelling' },
    ],
  },
  {
    title: 'Marine Creatures',
    links: [
      { slug: 'blue-ringed-octopus', label: 'Blue-ringed octopus' },
      { slug: 'cone-shell', label: 'Cone shell' },
      { slug: 'lionfish', label: 'Lionfish' },
      { slug: 'saltwater-crocodiles', label: 'Saltwater crocodiles' },
      { slug: 'sea-snake', label: 'Sea snake' },
      { slug: 'sea-urchin', label: 'Sea urchin' },
      { slug: 'sharks', label: 'Sharks' },
      { slug: 'sting-ray', label: 'Stingray' },
      { slug: 'stone-fish', label: 'Stonefish' },
      { slug: 'glossary', label: 'Glossary' },
      { slug: 'resources', label: 'Resources' },
    ],
  },
];

/** The life saving organisation the top menu links to. */
export const LIFE_SAVING_ORG = { label: 'Surf Life Saving Australia', url: 'https://sls.com.au/' } as const;

export interface FooterLink {
  label: string;
  to: string;
  external?: boolean;
}

export const FOOTER_LINKS: FooterLink[] = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Disclaimer', to: '/surf-safety/disclaimer' },
  { label: 'Terms of Use', to: '/surf-safety/terms-of-use' },
  { label: 'Electronic Acceptance', to: '/surf-safety/electronic-acceptance' },
  { label: 'Donate', to: 'https://sls.com.au/donate/', external: true },
  { label: 'Contact Us', to: '/surf-safety/contact-us' },
];

/** Spec section 9. */
export const MOBILE_BREAKPOINT_PX = 1000;
export const SWIPE_CLOSE_THRESHOLD_PX = 50;
export const OFFLINE_BANNER_TEXT = 'You are offline! Go online to get the latest updates.';
/**
 * Spec section 8: offline in the app with location denied or unavailable, this alert is shown and
 * the default coordinate (Bondi, Sydney) is used.
 */
export const OFFLINE_LOCATION_ALERT =
  'You are offline. Enable GPS or Location Services to see beaches near you. Showing beaches near Sydney instead.';
