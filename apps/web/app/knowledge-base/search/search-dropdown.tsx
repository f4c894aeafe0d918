import type { ReactNode } from "react";
import { findCategoryInfo } from "../content/categories.ts";
import type { SearchHit } from "./article-search.ts";
import { Highlight } from "./highlight.tsx";

interface SearchDropdownProps {
  listboxId: string;
  optionId: (index: number) => string;
  query: string;
  /** Undefined while the search is still loading. */
  hits: SearchHit[] | undefined;
  active: number;
  onActivate: (index: number) => void;
  /** Opens the suggestion at this position; the last position is "View all results". */
  onChoose: (index: number) => void;
}

/** The suggestions under the search box: up to five articles and a way to see all results. */
export function SearchDropdown(props: SearchDropdownProps) {
  const { listboxId, optionId, query, hits, active, onActivate, onChoose } = props;
  if (!hits) {
    return (
      <div className="kb-dropdown" id={listboxId} role="status">
        <p className="kb-dropdown-message">Searching…</p>
      </div>
    );
  }
  if (!hits.length) {
    return (
      <div className="kb-dropdown" id={listboxId} role="status">
        <p className="kb-dropdown-message">
          No results found for “<strong>{query}</strong>”
        </p>
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern.
    <ul className="kb-dropdown" id={listboxId} role="listbox" aria-label="Suggested articles">
      {hits.map((hit, i) => (
        <Option
          key={hit.article.slug}
          id={optionId(i)}
          selected={active === i}
          onActivate={() => onActivate(i)}
          onClick={() => onChoose(i)}
        >
          <span className="kb-option-body">
            <span className="kb-option-title">
              <Highlight text={hit.article.title} words={hit.words} />
            </span>
            <span className="kb-option-description">
              <Highlight text={hit.article.description} words={hit.words} />
            </span>
            <span className="kb-option-meta">
              <span className="kb-option-category">
                {findCategoryInfo(hit.article.category)?.name ?? "Uncategorized"}
              </span>
              {hit.article.tags.slice(0, 2).map((tag) => (
                <span key={tag} className="kb-tag">
                  {tag}
                </span>
              ))}
            </span>
          </span>
        </Option>
      ))}
      <Option
        id={optionId(hits.length)}
        selected={active === hits.length}
        className="kb-option-all"
        onActivate={() => onActivate(hits.length)}
        onClick={() => onChoose(hits.length)}
      >
        View all results for “{query}”
      </Option>
    </ul>
  );
}

interface OptionProps {
  id: string;
  selected: boolean;
  className?: string;
  onActivate: () => void;
  onClick: () => void;
  children: ReactNode;
}

/** One suggestion. The focus stays in the search input, which handles the keyboard for it. */
function Option({ id, selected, className, onActivate, onClick, children }: OptionProps) {
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: the combobox input keeps the focus.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles Enter.
    <li
      id={id}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern.
      role="option"
      aria-selected={selected}
      className={className ? `kb-option ${className}` : "kb-option"}
      onMouseMove={onActivate}
      onClick={onClick}
    >
      {children}
    </li>
  );
}
