import { useState } from 'react';
import { useRememberedFlag } from '../platform/storage.ts';
import { Dialog } from '../ui/Dialog.tsx';

/** Remembered on the device once the tutorial has been closed. */
export const TUTORIAL_SEEN_KEY = 'safeshore.tutorial-seen';

interface TutorialPage {
  title: string;
  paragraphs: string[];
}

/** Spec section 2: the first-open tutorial's three pages. */
export const TUTORIAL_PAGES: readonly TutorialPage[] = [
  {
    title: 'App Features',
    paragraphs: [
      'Find beaches near you or by name, and see who patrols them and when, how hazardous they are, and the weather, swell, wind, tide and UV.',
      'Follow your favourite beaches in My Beaches, and save the beach database on your phone to use the app without a connection (Offline Settings, when you are signed in).',
    ],
  },
  {
    title: 'Surf Safety',
    paragraphs: [
      'Always swim between the red and yellow flags: they mark the area lifesavers and lifeguards are watching.',
      'If you are caught in a rip, stay calm, float and raise an arm to signal for help. In an emergency call Triple Zero (000).',
    ],
  },
  {
    title: 'How to Use this App',
    paragraphs: [
      'Search for a beach, place, postcode or surf club from Explore, then open a beach to see its patrols, conditions and hazards.',
      'The Surf Safety tab has articles on rips, waves, marine stingers and first aid. When you are offline a red banner says so, and the app shows what is saved on your phone.',
    ],
  },
];

/**
 * The first-open tutorial (spec sections 2 and 4): shown once, inside the app only. Next advances;
 * Next on the last page closes it. Closing it any other way also counts as seen.
 */
export default function FirstOpenTutorial() {
  const [seen, markSeen] = useRememberedFlag(TUTORIAL_SEEN_KEY);
  const [index, setIndex] = useState(0);
  if (seen) return null;
  const page = TUTORIAL_PAGES[index]!;
  const last = index === TUTORIAL_PAGES.length - 1;
  return (
    <Dialog open title={page.title} onClose={markSeen}>
      <div className="tutorial">
        {page.paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
        <div className="tutorial__footer">
          <p className="tutorial__step">
            Page {index + 1} of {TUTORIAL_PAGES.length}
          </p>
          <button type="button" className="button" onClick={() => (last ? markSeen() : setIndex(index + 1))}>
            Next
          </button>
        </div>
      </div>
    </Dialog>
  );
}
