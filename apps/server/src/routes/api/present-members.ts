import type { OpenInvitation } from "../../services/invitations/invitation-by-token.ts";
import type { InvitationSummary } from "../../services/invitations/list-invitations.ts";
import type { MemberSummary } from "../../services/members/list-members.ts";

const iso = (ms: number) => new Date(ms).toISOString();

export function presentMember(member: MemberSummary, youId: string | undefined) {
  return {
    user_id: member.userId,
    email: member.email,
    role: member.role,
    custom_role_id: member.customRoleId,
    role_name: member.roleName,
    joined_at: iso(member.joinedAt),
    two_factor: member.twoFactor,
    is_you: member.userId === youId,
  };
}

export function presentInvitation(invitation: InvitationSummary) {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    custom_role_id: invitation.customRoleId,
    role_name: invitation.roleName,
    invited_by: invitation.invitedBy,
    created_at: iso(invitation.createdAt),
    sent_at: iso(invitation.sentAt),
    expires_at: iso(invitation.expiresAt),
  };
}

export function presentInvitationPreview(invitation: OpenInvitation & { hasPerson: boolean }) {
  return {
    email: invitation.email,
    account_name: invitation.accountName,
    invited_by: invitation.invitedBy,
    role_name: invitation.roleName,
    expires_at: iso(invitation.expiresAt),
    has_person: invitation.hasPerson,
  };
}
