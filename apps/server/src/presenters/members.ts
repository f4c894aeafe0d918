import type { OpenInvitation } from "../services/invitations/invitation-by-token.ts";
import type { InvitationSummary } from "../services/invitations/list-invitations.ts";
import type { MemberSummary } from "../services/members/list-members.ts";
import { isoTime } from "../time.ts";

export function presentMember(member: MemberSummary, youId: string | undefined) {
  return {
    user_id: member.userId,
    email: member.email,
    role: member.role,
    custom_role_id: member.customRoleId,
    role_name: member.roleName,
    joined_at: isoTime(member.joinedAt),
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
    created_at: isoTime(invitation.createdAt),
    sent_at: isoTime(invitation.sentAt),
    expires_at: isoTime(invitation.expiresAt),
  };
}

export function presentInvitationPreview(invitation: OpenInvitation & { hasPerson: boolean }) {
  return {
    email: invitation.email,
    account_name: invitation.accountName,
    invited_by: invitation.invitedBy,
    role_name: invitation.roleName,
    expires_at: isoTime(invitation.expiresAt),
    has_person: invitation.hasPerson,
  };
}
