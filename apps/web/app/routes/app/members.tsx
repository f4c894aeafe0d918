import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { InvitationView, MemberView } from "@upwatch/api";
import { useState } from "react";
import { call } from "../../signed-in/api-call.ts";
import { ApiError, errorDetail, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { InvitationTable } from "../../signed-in/members/invitation-table.tsx";
import { InviteForm } from "../../signed-in/members/invite-form.tsx";
import {
  invitationsQuery,
  memberKeys,
  membersQuery,
} from "../../signed-in/members/member-queries.ts";
import { MemberTable } from "../../signed-in/members/member-table.tsx";
import { OwnershipPanel } from "../../signed-in/members/ownership-panel.tsx";
import { UserLimitNotice, usersLeft } from "../../signed-in/members/user-limit-notice.tsx";
import { OP } from "../../signed-in/operation-routes.ts";
import { roleOfChoice } from "../../signed-in/roles/role-choices.ts";
import { useCan, useSession } from "../../signed-in/session.tsx";
import { ConfirmDialog } from "../../signed-in/ui/confirm-dialog.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { useToast } from "../../signed-in/ui/toast.tsx";

export function meta() {
  return appMeta("Members");
}

/** The account's people: roles, removal, invitations (for those who manage members). */
export default function Members() {
  const members = useQuery(membersQuery());
  // Only roles that manage members may read the invitations; others are not asked for them.
  const mayManageMembers = useCan()("members.manage");
  const invitations = useQuery({ ...invitationsQuery(), enabled: mayManageMembers });
  const client = useQueryClient();
  const { showToast } = useToast();
  const [removing, setRemoving] = useState<MemberView>();
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string>();
  const reload = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: memberKeys.members }),
      client.invalidateQueries({ queryKey: memberKeys.invitations }),
    ]);
  // The invitations list is open only to roles that manage members.
  const refused = invitations.error instanceof ApiError && invitations.error.status === 403;
  const canManage = invitations.isSuccess;

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      await reload();
      showToast(done);
    } catch (error) {
      showToast(errorDetail(error));
    }
  };
  const onRoleChange = (member: MemberView, role: string) =>
    act(
      () =>
        call(OP.changeMemberRole, { params: { userId: member.user_id }, body: roleOfChoice(role) }),
      `${member.email}'s role is changed.`,
    );
  const onResend = (invitation: InvitationView) =>
    act(
      () => call(OP.resendInvitation, { params: { id: invitation.id } }),
      `A new invitation link is on its way to ${invitation.email}.`,
    );
  const onRevoke = (invitation: InvitationView) =>
    act(
      () => call(OP.revokeInvitation, { params: { id: invitation.id } }),
      `The invitation to ${invitation.email} is revoked; its link no longer works.`,
    );
  const onRemove = async () => {
    if (!removing) return;
    setRemoveBusy(true);
    setRemoveError(undefined);
    try {
      await call(OP.removeMember, { params: { userId: removing.user_id } });
      await reload();
      showToast(`${removing.email} is no longer a member.`);
      setRemoving(undefined);
    } catch (error) {
      setRemoveError(errorDetail(error));
    } finally {
      setRemoveBusy(false);
    }
  };

  const pending = invitations.data?.data ?? [];
  const { account } = useSession();
  const taken = (members.data?.data.length ?? 0) + pending.length;
  const full = members.isSuccess && usersLeft(account.plan, taken) === 0;
  return (
    <>
      <PageHeader
        title="Members"
        description="The people who use this account, and the role each has in it."
      />
      {canManage ? (
        <section className="app-panel" aria-labelledby="invite-heading">
          <h2 id="invite-heading">Invite someone</h2>
          {full ? (
            <UserLimitNotice plan={account.plan} taken={taken} />
          ) : (
            <InviteForm
              onInvited={(email) => {
                void reload();
                showToast(`An invitation is on its way to ${email}; its link works for 7 days.`);
              }}
            />
          )}
        </section>
      ) : null}
      <section aria-labelledby="members-heading">
        <h2 id="members-heading">People</h2>
        {members.isPending ? <Skeleton lines={3} label="Loading members" /> : null}
        {members.isError ? (
          <LoadError message={problemText(members.error)} onRetry={() => void members.refetch()} />
        ) : null}
        {members.data ? (
          <MemberTable
            members={members.data.data}
            canManage={canManage}
            onRoleChange={(member, role) => void onRoleChange(member, role)}
            onRemove={setRemoving}
          />
        ) : null}
      </section>
      {canManage && pending.length > 0 ? (
        <section aria-labelledby="invitations-heading">
          <h2 id="invitations-heading">Pending invitations</h2>
          <InvitationTable
            invitations={pending}
            onResend={(invitation) => void onResend(invitation)}
            onRevoke={(invitation) => void onRevoke(invitation)}
          />
        </section>
      ) : null}
      {invitations.isError && !refused ? (
        <LoadError
          message={problemText(invitations.error)}
          onRetry={() => void invitations.refetch()}
        />
      ) : null}
      {members.data ? <OwnershipPanel members={members.data.data} /> : null}
      <ConfirmDialog
        open={removing !== undefined}
        title={`Remove ${removing?.email ?? "this member"}?`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={removeBusy}
        error={removeError}
        onConfirm={onRemove}
        onCancel={() => {
          setRemoving(undefined);
          setRemoveError(undefined);
        }}
      >
        <p>
          They are signed out of this account at once and can come back only with a new invitation.
          Their other accounts are not affected.
        </p>
      </ConfirmDialog>
    </>
  );
}
