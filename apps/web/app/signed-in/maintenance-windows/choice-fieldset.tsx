import type { ReactNode } from "react";

interface Named {
  id: string;
  name: string;
}

/** A fieldset with a check box for each item, by name; nothing when there are no items. */
export function ChoiceFieldset({
  legend,
  hint,
  idPrefix,
  items,
  chosen,
  onChange,
}: {
  legend: string;
  hint?: ReactNode;
  /** Makes the check boxes' ids unique on the page. */
  idPrefix: string;
  items: readonly Named[];
  chosen: ReadonlySet<string>;
  onChange(next: ReadonlySet<string>): void;
}) {
  if (items.length === 0) return null;
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <fieldset className="app-fieldset">
      <legend>{legend}</legend>
      {hint ? <p className="field-hint">{hint}</p> : null}
      <ul className="app-check-list">
        {items.map((item) => (
          <li key={item.id}>
            <label className="app-check" htmlFor={`${idPrefix}-${item.id}`}>
              <input
                id={`${idPrefix}-${item.id}`}
                type="checkbox"
                checked={chosen.has(item.id)}
                onChange={(event) => toggle(item.id, event.target.checked)}
              />
              <span>{item.name}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
