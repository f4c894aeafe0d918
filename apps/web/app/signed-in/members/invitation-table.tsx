import type { InvitationView } from "@upwatch/api";
import { roleChoiceValue, useMayHandleInvitation } from "../roles/role-choices.ts";
import { Button } from "../ui/button.tsx";
import { formatDateTime } from "../ui/format.ts";

interface InvitationTableProps {
  invitations: InvitationView[];
  onResend(invitation: InvitationView): void;
  onRevoke(invitation: InvitationView): void;
}

/**
 * Pending invitations, newest first, each with Resend and Revoke for those who could have given
 * its role.
 */
export function InvitationTable({ invitations, onResend, onRevoke }: InvitationTableProps) {
  const mayHandle = useMayHandleInvitation();
  return (
    <div className="app-table-wrap">
      <table className="app-table app-table-stack">
        <caption className="visually-hidden">Pending invitations</caption>
        <thead>
          <tr>
            <th scope="col">Address</th>
            <th scope="col">Role</th>
            <th scope="col">Invited by</th>
            <th scope="col">Link works until</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => (
            <tr key={invitation.id} data-invitation={invitation.email}>
              <td data-label="Address">
                <strong>{invitation.email}</strong>
              </td>
              <td data-label="Role">{invitation.role_name}</td>
              <td data-label="Invited by">{invitation.invited_by ?? "—"}</td>
              <td data-label="Link works until">{formatDateTime(invitation.expires_at)}</td>
              <td className="app-cell-actions">
                <InvitationActions
                  allowed={mayHandle(roleChoiceValue(invitation.role, invitation.custom_role_id))}
                  onResend={() => onResend(invitation)}
                  onRevoke={() => onRevoke(invitation)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Resend and Revoke; a sentence instead when the role is beyond the person's; nothing while unknown. */
function InvitationActions(props: {
  allowed: boolean | undefined;
  onResend(): void;
  onRevoke(): void;
}) {
  if (props.allowed === undefined) return null;
  if (!props.allowed) {
    return <span className="field-hint">Only someone who can give this role handles it</span>;
  }
  return (
    <>
      <Button variant="ghost" size="small" onClick={props.onResend}>
        Resend
      </Button>
      <Button variant="ghost" size="small" onClick={props.onRevoke}>
        Revoke
      </Button>
    </>
  );
}
