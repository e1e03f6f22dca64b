import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  AUTOCOMPLETE_BLUR_CLOSE_MS,
  AUTOCOMPLETE_DEBOUNCE_MS,
  AUTOCOMPLETE_MIN_CHARS,
  SEARCH_GROUPS,
  formatDistanceKm,
  searchResultPath,
  type AutocompleteResponse,
  type SearchGroupKey,
  type SearchResult,
} from '@safeshore/domain';
import { autocompleteQuery } from '../../data/queries.ts';
import { useDataMode } from '../../data/source.ts';
import { SearchIcon } from '../../ui/icons/ui-icons.tsx';
import { useDebouncedValue } from './useDebouncedValue.ts';

interface Option {
  group: SearchGroupKey;
  result: SearchResult;
  path: string;
}

/** Offline, beaches open by id and places by postcode (spec section 2). */
function optionsOf(data: AutocompleteResponse | undefined, offline: boolean): Option[] {
  if (!data) return [];
  return SEARCH_GROUPS.flatMap(({ key }) =>
    data[key].map((result) => ({ group: key, result, path: searchResultPath(key, result, offline) })),
  );
}

/**
 * What each kind of result is, said on every suggestion (issue 30): a beach and the suburb of the
 * same name ("Bondi Beach NSW 2026") read the same otherwise.
 */
const KIND: Record<SearchGroupKey, string> = {
  beaches: 'Beach',
  locations: 'Suburb or town',
  clubs: 'Surf club',
  articles: 'Surf safety article',
};

function subtitle(option: Option): string {
  const { result } = option;
  if (option.group === 'articles') return KIND.articles;
  const where = [result.city !== result.title ? result.city : null, result.state, result.postcode]
    .filter(Boolean)
    .join(' ');
  const distance = result.distance !== null ? formatDistanceKm(result.distance) : null;
  return [KIND[option.group], where, distance].filter(Boolean).join(' · ');
}

interface SearchBoxProps {
  id: string;
  label: string;
  compact?: boolean;
  placeholder?: string;
}

/**
 * Beach and place search (an ARIA combobox). Searches after 2 characters and a 300 ms pause;
 * arrow keys move the highlight, Enter or Tab picks it (Enter with none highlighted, the first
 * result), Escape closes; the list closes 200 ms after the box loses focus so a click on a result
 * still lands. Without JavaScript the box is a form: Enter goes to the best match (GET /search).
 */
export function SearchBox({
  id,
  label,
  compact = false,
  placeholder = 'Beach, suburb, postcode or club',
}: SearchBoxProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<number | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const statusId = useId();

  const [debounced, settleSearch] = useDebouncedValue(text.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const ready = debounced.length >= AUTOCOMPLETE_MIN_CHARS;
  const mode = useDataMode();
  const { data, isFetching, isError } = useQuery({
    ...autocompleteQuery(debounced, mode),
    placeholderData: keepPreviousData,
  });
  const offline = mode === 'offline';
  const options = useMemo(() => (ready ? optionsOf(data, offline) : []), [data, ready, offline]);
  // With nothing found the list stays shut and the status below the box says so.
  const expanded = open && ready && options.length > 0;

  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  // Text typed into the server-rendered box before the scripts arrived (issue 33): hydration leaves
  // the field as it is but the state empty, and the next render would clear it. Take it over; the
  // field's value then already matches, so React leaves it (and the caret) alone.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input || input.value === '') return;
    setText(input.value);
    setOpen(document.activeElement === input);
  }, []);

  const select = (option: Option) => {
    setOpen(false);
    setActive(-1);
    setText('');
    navigate(option.path);
  };

  /**
   * Enter with no suggestion highlighted goes to the first one, even when typed faster than the
   * 300 ms pause (the search is asked at once); with none, the status says nothing matched.
   */
  const submit = async () => {
    const query = text.trim();
    setOpen(true);
    if (query.length < AUTOCOMPLETE_MIN_CHARS) return;
    if (expanded && debounced === query && !isFetching && options[0]) {
      select(options[0]);
      return;
    }
    const answer = await queryClient.fetchQuery(autocompleteQuery(query, mode)).catch(() => undefined);
    // The person may have typed on meanwhile: the answer is for a text no longer in the box.
    if (inputRef.current?.value.trim() !== query) return;
    const first = optionsOf(answer, offline)[0];
    if (first) select(first);
    // Nothing (or no answer): search for the text now, so the status says so without the pause.
    else settleSearch();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const last = options.length - 1;
      setActive((current) =>
        event.key === 'ArrowDown' ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1,
      );
    } else if ((event.key === 'Enter' || event.key === 'Tab') && expanded && active >= 0 && options[active]) {
      event.preventDefault();
      select(options[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  let status = '';
  if (text.trim().length > 0 && text.trim().length < AUTOCOMPLETE_MIN_CHARS)
    status = 'Type at least 2 characters to search.';
  else if (ready && isError) status = 'Search is unavailable right now. Check your connection and try again.';
  else if (ready && isFetching && options.length === 0) status = 'Searching…';
  else if (ready && data && options.length === 0)
    status = `No beaches, places, postcodes or clubs match “${debounced}”.`;
  else if (ready && options.length > 0)
    status = `${options.length} result${options.length === 1 ? '' : 's'}. Use the up and down arrows to choose.`;

  let index = -1;
  return (
    <form
      className={`search ${compact ? 'search--compact' : ''}`}
      action="/search"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className={compact ? 'visually-hidden' : 'search__label'}>
        {label}
      </label>
      <div className="search__field">
        <SearchIcon className="search__icon" size={20} />
        <input
          ref={inputRef}
          id={id}
          name="q"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={statusId}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            window.clearTimeout(blurTimer.current);
            setOpen(true);
          }}
          onBlur={() => {
            blurTimer.current = window.setTimeout(() => setOpen(false), AUTOCOMPLETE_BLUR_CLOSE_MS);
          }}
        />
      </div>
      <p
        id={statusId}
        className={expanded || !status ? 'visually-hidden' : 'search__status'}
        aria-live="polite"
      >
        {status}
      </p>
      <div id={listId} role="listbox" aria-label="Search results" className="search__list" hidden={!expanded}>
        {expanded &&
          SEARCH_GROUPS.map(({ key, title }) => {
            const groupOptions = options.filter((option) => option.group === key);
            if (groupOptions.length === 0) return null;
            return (
              <div role="group" aria-labelledby={`${listId}-${key}`} key={key} className="search__group">
                <div role="presentation" id={`${listId}-${key}`} className="search__group-title">
                  {title}
                </div>
                {groupOptions.map((option) => {
                  index++;
                  const optionIndex = index;
                  return (
                    <div
                      key={`${key}-${option.result.id}`}
                      id={`${listId}-${optionIndex}`}
                      role="option"
                      aria-selected={optionIndex === active}
                      className={`search__option ${optionIndex === active ? 'search__option--active' : ''}`}
                      onMouseDown={(event) => event.preventDefault()}
                      onMouseEnter={() => setActive(optionIndex)}
                      onClick={() => select(option)}
                    >
                      <span className="search__option-title">{option.result.title}</span>
                      <span className="search__option-sub">{subtitle(option)}</span>
                    </div>
                  );
                })}
              </div>
            );
          })}
      </div>
    </form>
  );
}
