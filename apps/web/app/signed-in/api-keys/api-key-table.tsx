import type { ApiKey } from "@upwatch/api";
import { Button } from "../ui/button.tsx";
import { formatDateTime, formatRelative } from "../ui/format.ts";
import { StackedTable } from "../ui/stacked-table.tsx";
import { API_KEY_SCOPE_TEXT } from "./api-key-scopes.ts";

/** The account's keys, newest first, with a Revoke button on the live ones. */
export function ApiKeyTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke(key: ApiKey): void }) {
  return (
    <StackedTable
      caption="API keys"
      columns={["Name", "Key", "Access", "Created", "Last used", "Status"]}
      withActions
    >
      {keys.map((key) => (
        <tr key={key.id} data-key-id={key.id}>
          <td data-label="Name">
            <strong>{key.name}</strong>
          </td>
          <td data-label="Key">
            <code className="app-code">{key.prefix}...</code>
          </td>
          <td data-label="Access">{API_KEY_SCOPE_TEXT[key.scope].label}</td>
          <td data-label="Created">{formatDateTime(key.created_at)}</td>
          <td data-label="Last used">
            {key.last_used_at ? (
              <time dateTime={key.last_used_at} title={formatDateTime(key.last_used_at)}>
                {formatRelative(key.last_used_at)}
              </time>
            ) : (
              <span className="app-muted">Never</span>
            )}
          </td>
          <td data-label="Status">
            {key.revoked_at ? (
              <span className="app-tag" data-tone="muted" title={formatDateTime(key.revoked_at)}>
                Revoked {formatRelative(key.revoked_at)}
              </span>
            ) : (
              <span className="app-tag" data-tone="success">
                Active
              </span>
            )}
          </td>
          <td className="app-cell-actions">
            {key.revoked_at ? null : (
              <Button
                variant="ghost"
                size="small"
                onClick={() => onRevoke(key)}
                aria-label={`Revoke ${key.name}`}
              >
                Revoke
              </Button>
            )}
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}
