import type { ReactNode } from "react";
import type { NameValueRow } from "./step-values.ts";

/** Editable name/value rows (headers, variables) with an Add button under them. */
export function NameValueRows({
  idPrefix,
  rows,
  onChange,
  nameLabel,
  valueLabel,
  addLabel,
  removeLabel,
  groupLabel,
  extra,
}: {
  idPrefix: string;
  rows: readonly NameValueRow[];
  onChange: (rows: NameValueRow[]) => void;
  nameLabel: string;
  valueLabel: string;
  addLabel: string;
  removeLabel: string;
  /** The accessible name of row n (from 1). */
  groupLabel: (n: number) => string;
  /** Something more per row, such as a picker that fills the value. */
  extra?: (row: NameValueRow, update: (row: NameValueRow) => void, index: number) => ReactNode;
}) {
  const update = (index: number, row: NameValueRow) =>
    onChange(rows.map((current, i) => (i === index ? row : current)));
  return (
    <>
      <div className="name-value-rows">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
          <fieldset key={index} className="name-value-group" aria-label={groupLabel(index + 1)}>
            <div className="name-value-row">
              <div className="field">
                <label htmlFor={`${idPrefix}-${index}-name`}>{nameLabel}</label>
                <input
                  id={`${idPrefix}-${index}-name`}
                  value={row.name}
                  autoCapitalize="off"
                  spellCheck={false}
                  onChange={(e) => update(index, { ...row, name: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${idPrefix}-${index}-value`}>{valueLabel}</label>
                <input
                  id={`${idPrefix}-${index}-value`}
                  value={row.value}
                  autoCapitalize="off"
                  spellCheck={false}
                  onChange={(e) => update(index, { ...row, value: e.target.value })}
                />
              </div>
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                {removeLabel}
              </button>
            </div>
            {extra ? extra(row, (next) => update(index, next), index) : null}
          </fieldset>
        ))}
      </div>
      <button
        type="button"
        className="button button-ghost button-small"
        onClick={() => onChange([...rows, { name: "", value: "" }])}
      >
        {addLabel}
      </button>
    </>
  );
}
