import type { MemberView } from "@upwatch/api";
import { roleChoiceValue, useMayManageRole, useRoleChoices } from "../roles/role-choices.ts";
import { Button } from "../ui/button.tsx";
import { formatDate } from "../ui/format.ts";

interface MemberTableProps {
  members: MemberView[];
  /** Whether the viewer may change roles and remove people. */
  canManage: boolean;
  /** `role` is a picker value: a built-in role's name or `custom:<id>`. */
  onRoleChange(member: MemberView, role: string): void;
  onRemove(member: MemberView): void;
}

/** The account's people with their roles; managers get a role picker and Remove. */
export function MemberTable({ members, canManage, onRoleChange, onRemove }: MemberTableProps) {
  const choicesFor = useRoleChoices();
  const mayManage = useMayManageRole();
  return (
    <div className="app-table-wrap">
      <table className="app-table app-table-stack">
        <caption className="visually-hidden">Members</caption>
        <thead>
          <tr>
            <th scope="col">Person</th>
            <th scope="col">Role</th>
            <th scope="col">Two-factor</th>
            <th scope="col">Joined</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => {
            const current = roleChoiceValue(member.role, member.custom_role_id);
            const editable =
              canManage && member.role !== "owner" && !member.is_you && mayManage(current);
            return (
              <tr key={member.user_id} data-member={member.email}>
                <td data-label="Person">
                  <strong>{member.email}</strong>
                  {member.is_you ? <span className="app-muted"> (you)</span> : null}
                </td>
                <td data-label="Role">
                  {editable ? (
                    <select
                      aria-label={`Role of ${member.email}`}
                      value={current}
                      onChange={(event) => onRoleChange(member, event.target.value)}
                    >
                      {choicesFor(current).map((role) => (
                        <option key={role.value} value={role.value}>
                          {role.label}
                        </option>
                      ))}
                    </select>
                  ) : (
                    member.role_name
                  )}
                </td>
                <td data-label="Two-factor">
                  {member.two_factor ? (
                    <span className="app-tag" data-tone="success">
                      On
                    </span>
                  ) : (
                    <span className="app-tag" data-tone="muted">
                      Off
                    </span>
                  )}
                </td>
                <td data-label="Joined">{formatDate(member.joined_at)}</td>
                <td className="app-cell-actions">
                  {editable ? (
                    <Button variant="ghost" size="small" onClick={() => onRemove(member)}>
                      Remove
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
