import { isPermission, PERMISSION_DESCRIPTIONS } from "@upwatch/core";
import { Button } from "../ui/button.tsx";
import { StackedTable } from "../ui/stacked-table.tsx";
import type { RoleAnswer } from "./roles-api.ts";

/**
 * Every role with what it allows; custom roles get Edit when `editable` (the plan includes custom
 * roles) and Delete when `deletable` (allowed on every plan).
 */
export function RoleTable({
  roles,
  editable,
  deletable,
  onEdit,
  onDelete,
}: {
  roles: RoleAnswer[];
  editable: boolean;
  deletable: boolean;
  onEdit(role: RoleAnswer): void;
  onDelete(role: RoleAnswer): void;
}) {
  return (
    <StackedTable caption="Roles" columns={["Role", "What it allows"]} withActions>
      {roles.map((role) => (
        <tr key={role.id} data-role-id={role.id}>
          <td data-label="Role">
            <strong>{role.name}</strong>
            {role.kind === "custom" ? (
              <>
                {" "}
                <span className="app-tag" data-tone="muted">
                  Custom
                </span>
              </>
            ) : null}
          </td>
          <td data-label="What it allows">
            <ul>
              {role.permissions.filter(isPermission).map((permission) => (
                <li key={permission}>{PERMISSION_DESCRIPTIONS[permission]}</li>
              ))}
            </ul>
          </td>
          <td className="app-cell-actions">
            {role.kind === "custom" ? (
              <>
                {editable ? (
                  <Button
                    variant="ghost"
                    size="small"
                    onClick={() => onEdit(role)}
                    aria-label={`Edit ${role.name}`}
                  >
                    Edit
                  </Button>
                ) : null}
                {deletable ? (
                  <Button
                    variant="ghost"
                    size="small"
                    onClick={() => onDelete(role)}
                    aria-label={`Delete ${role.name}`}
                  >
                    Delete
                  </Button>
                ) : null}
              </>
            ) : null}
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}
