import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';

/**
 * Page translation without third-party scripts: choosing a language opens this page through the
 * translation service's own site in a new tab (a navigation made only when the user asks).
 * Our own translations of the key safety messages are on the multilingual page.
 */
export const TRANSLATE_LANGUAGES = [
  { code: 'zh-CN', label: '中文（简体） Chinese (Simplified)' },
  { code: 'zh-TW', label: '中文（繁體） Chinese (Traditional)' },
  { code: 'ar', label: 'العربية Arabic' },
  { code: 'vi', label: 'Tiếng Việt Vietnamese' },
  { code: 'pa', label: 'ਪੰਜਾਬੀ Punjabi' },
  { code: 'el', label: 'Ελληνικά Greek' },
  { code: 'it', label: 'Italiano Italian' },
  { code: 'hi', label: 'हिन्दी Hindi' },
  { code: 'tl', label: 'Tagalog Filipino' },
  { code: 'es', label: 'Español Spanish' },
  { code: 'ne', label: 'नेपाली Nepali' },
  { code: 'ko', label: '한국어 Korean' },
] as const;

export function translateUrl(language: string, pageUrl: string): string {
  return `https://translate.google.com/translate?sl=en&tl=${encodeURIComponent(language)}&u=${encodeURIComponent(pageUrl)}`;
}

export function TranslateControl() {
  const id = useId();
  const [language, setLanguage] = useState('');
  const selectRef = useRef<HTMLSelectElement>(null);
  // A language chosen in the server-rendered list before this part of the page hydrated (its code
  // arrives after the page's, issue 33): hydration leaves the list as it is, so take the choice over.
  useLayoutEffect(() => {
    const chosen = selectRef.current?.value;
    if (chosen) setLanguage(chosen);
  }, []);
  return (
    <div className="translate">
      <label htmlFor={id}>Translate this page</label>
      <div className="translate__row">
        <select
          ref={selectRef}
          id={id}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
        >
          <option value="">Choose a language</option>
          {TRANSLATE_LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--secondary"
          disabled={!language}
          onClick={() => window.open(translateUrl(language, window.location.href), '_blank', 'noopener')}
        >
          Translate
        </button>
      </div>
      <p className="translate__note">
        Opens Google Translate in a new tab.{' '}
        <Link to="/surf-safety/multilingual">Key safety messages in your language</Link>
      </p>
    </div>
  );
}
