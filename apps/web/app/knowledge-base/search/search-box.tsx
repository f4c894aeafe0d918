import {
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useNavigate } from "react-router";
import { SearchDropdown } from "./search-dropdown.tsx";
import { SEARCH_LIMITS } from "./search-limits.ts";
import { useArticleSearch } from "./use-article-search.ts";
import { useClickOutside } from "./use-click-outside.ts";
import { useSearchShortcut } from "./use-search-shortcut.ts";

interface SearchBoxProps {
  /** The query whose full results the page shows (from the address), or empty. */
  committed: string;
  onSubmit: (query: string) => void;
  onClear: () => void;
}

/** The help centre's search box: suggestions as you type, arrow keys, Enter and Escape. */
export function SearchBox({ committed, onSubmit, onClear }: SearchBoxProps) {
  const [value, setValue] = useState(committed);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const listboxId = useId();
  const { search, prepare } = useArticleSearch(committed !== "");
  const optionId = (i: number) => `${listboxId}-option-${i}`;

  useEffect(() => setValue(committed), [committed]);
  useSearchShortcut(input);
  useClickOutside(
    root,
    useCallback(() => setOpen(false), []),
  );

  const query = value.trim();
  const searching = query.length >= SEARCH_LIMITS.minQueryLength;
  const hits = useMemo(
    () => (searching && search ? search.search(query, SEARCH_LIMITS.maxSuggestions) : undefined),
    [searching, search, query],
  );
  const expanded = open && searching;
  const options = hits?.length ? hits.length + 1 : 0;

  function close() {
    setOpen(false);
    setActive(-1);
  }
  function submit() {
    close();
    if (searching) onSubmit(query);
  }
  function clear() {
    setValue("");
    close();
    onClear();
    input.current?.focus();
  }
  function choose(index: number) {
    const hit = hits?.[index];
    close();
    if (hit) navigate(hit.article.path);
    else submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!expanded) return setOpen(true);
      if (!options) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) =>
        step > 0 ? (current + 1) % options : current <= 0 ? options - 1 : current - 1,
      );
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (expanded && active >= 0 && active < options) choose(active);
      else submit();
    } else if (event.key === "Escape") {
      // The browser would empty a search field on Escape; the first one only closes the list.
      event.preventDefault();
      if (expanded) close();
      else if (value) clear();
    }
  }

  return (
    <div className="kb-search" ref={root}>
      {/* biome-ignore lint/a11y/useSemanticElements: React's types lack the <search> element. */}
      <form
        role="search"
        action="/knowledge-base"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={`${listboxId}-input`} className="visually-hidden">
          Search the knowledge base
        </label>
        <input
          ref={input}
          id={`${listboxId}-input`}
          name="q"
          type="search"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder="Search articles…"
          aria-autocomplete="list"
          aria-keyshortcuts="/ Control+K Meta+K"
          aria-expanded={expanded}
          aria-controls={expanded ? listboxId : undefined}
          aria-activedescendant={
            expanded && active >= 0 && active < options ? optionId(active) : undefined
          }
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
            setActive(-1);
            prepare();
          }}
          onFocus={() => {
            prepare();
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        <span className="kb-search-hint" aria-hidden="true">
          /
        </span>
        {value && (
          <button
            type="button"
            className="kb-search-clear"
            aria-label="Clear search"
            onClick={clear}
          >
            ✕
          </button>
        )}
      </form>
      <noscript>
        <p className="kb-muted kb-search-noscript">
          Search needs JavaScript. Every article is listed under its category below.
        </p>
      </noscript>
      {expanded && (
        <SearchDropdown
          listboxId={listboxId}
          optionId={optionId}
          query={query}
          hits={hits}
          active={active}
          onActivate={setActive}
          onChoose={choose}
        />
      )}
    </div>
  );
}
