import { useQuery } from "@tanstack/react-query";
import { SECURE_PREFIX } from "@upwatch/core";
import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { secureVariablesQuery } from "../secure-variables/secure-variables-api.ts";
import { NameValueRows } from "./name-value-rows.tsx";
import type { NameValueRow } from "./step-values.ts";

/** The check's variables, each usable as {{name}}; a value may refer to a secure variable. */
export function VariablesEditor({
  rows,
  onChange,
  error,
}: {
  rows: readonly NameValueRow[];
  onChange: (rows: NameValueRow[]) => void;
  error: string | undefined;
}) {
  const secure = useQuery(secureVariablesQuery());
  const names = secure.data?.data.map((variable) => variable.name) ?? [];
  return (
    <div className="variables-editor">
      <p className="field-hint">
        Steps use a variable as <code>{"{{name}}"}</code>. For passwords and tokens, save them under{" "}
        <Link to={`${APP_BASE}/secure-variables`}>Settings &gt; Secure variables</Link> and use{" "}
        <code>secure:name</code> as the value: the value is never shown in results or alerts.
      </p>
      <NameValueRows
        idPrefix="variable"
        rows={rows}
        onChange={onChange}
        nameLabel="Variable name"
        valueLabel="Variable value"
        addLabel="Add variable"
        removeLabel="Remove variable"
        groupLabel={(n) => `Variable ${n}`}
        extra={(row, update, index) => (
          <div className="field">
            <label htmlFor={`variable-${index}-secure`}>Use a secure variable</label>
            <select
              id={`variable-${index}-secure`}
              value={
                row.value.startsWith(SECURE_PREFIX) ? row.value.slice(SECURE_PREFIX.length) : ""
              }
              onChange={(e) =>
                update({
                  name: row.name || e.target.value,
                  value: e.target.value ? `${SECURE_PREFIX}${e.target.value}` : "",
                })
              }
            >
              <option value="">
                {secure.isPending
                  ? "Loading…"
                  : names.length === 0
                    ? "No secure variables yet"
                    : "Choose one…"}
              </option>
              {names.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        )}
      />
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
