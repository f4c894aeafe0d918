import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { Button } from "../ui/button.tsx";
import { formatDateTime, formatRelative } from "../ui/format.ts";
import type { SecureVariable } from "./secure-variables-api.ts";

/** The account's secure variables by name, the monitors using each, and their actions. */
export function SecureVariableTable({
  variables,
  actions,
}: {
  variables: readonly SecureVariable[];
  /** Left out for people who cannot change secure variables: no buttons then. */
  actions?:
    | {
        onReplace(variable: SecureVariable): void;
        onDelete(variable: SecureVariable): void;
      }
    | undefined;
}) {
  return (
    <div className="app-table-wrap">
      <table className="app-table app-table-stack">
        <caption className="visually-hidden">Secure variables</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Used by</th>
            <th scope="col">Last changed</th>
            {actions ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {variables.map((variable) => (
            <tr key={variable.name} data-variable-name={variable.name}>
              <td data-label="Name">
                <code className="app-code">{variable.name}</code>
              </td>
              <td data-label="Value">
                <span className="app-muted">Hidden</span>
              </td>
              <td data-label="Used by">
                {variable.used_by.length === 0 ? (
                  <span className="app-muted">No monitors</span>
                ) : (
                  <ul className="app-inline-list">
                    {variable.used_by.map((monitor) => (
                      <li key={monitor.id}>
                        <Link to={`${APP_BASE}/monitors/${monitor.id}`}>{monitor.name}</Link>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td data-label="Last changed">
                <time dateTime={variable.updated_at} title={formatDateTime(variable.updated_at)}>
                  {formatRelative(variable.updated_at)}
                </time>
              </td>
              {actions ? (
                <td className="app-cell-actions">
                  <Button
                    variant="ghost"
                    size="small"
                    onClick={() => actions.onReplace(variable)}
                    aria-label={`Replace value of ${variable.name}`}
                  >
                    Replace value
                  </Button>
                  <Button
                    variant="ghost"
                    size="small"
                    onClick={() => actions.onDelete(variable)}
                    aria-label={`Delete ${variable.name}`}
                  >
                    Delete
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
