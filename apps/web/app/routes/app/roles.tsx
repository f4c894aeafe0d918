import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getPlan, PLANS } from "@upwatch/core";
import { useState } from "react";
import { errorDetail, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { RoleForm } from "../../signed-in/roles/role-form.tsx";
import { RoleTable } from "../../signed-in/roles/role-table.tsx";
import {
  createRole,
  deleteRole,
  type RoleAnswer,
  rolesKey,
  rolesQuery,
  updateRole,
} from "../../signed-in/roles/roles-api.ts";
import { useCan, useSession } from "../../signed-in/session.tsx";
import { ConfirmDialog } from "../../signed-in/ui/confirm-dialog.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { useToast } from "../../signed-in/ui/toast.tsx";

export function meta() {
  return appMeta("Roles");
}

const CUSTOM_ROLE_PLANS = PLANS.filter((plan) => plan.limits.customRoles)
  .map((plan) => plan.name)
  .join(" and ");

/** Settings > Roles: what each role allows; on Enterprise+ the account's own roles too. */
export default function Roles() {
  const { account } = useSession();
  const plan = getPlan(account.plan);
  const roles = useQuery(rolesQuery());
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: rolesKey });
  const { showToast } = useToast();
  const [editing, setEditing] = useState<RoleAnswer>();
  const [deleting, setDeleting] = useState<RoleAnswer>();
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const can = useCan();
  const manage = can("members.manage");
  const customRoles = plan.limits.customRoles;

  const onDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(undefined);
    try {
      await deleteRole(deleting.id);
      await reload();
      showToast(`The role ${deleting.name} is deleted.`);
      setDeleting(undefined);
    } catch (error) {
      setDeleteError(errorDetail(error));
    } finally {
      setDeleteBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Roles"
        description="Everyone in the account has one role, which decides what they may do here. API keys are read only or have full access, chosen when they are made."
      />
      {customRoles ? null : (
        <p className="notice">
          Custom roles, made of just the permissions you choose, are part of the {CUSTOM_ROLE_PLANS}{" "}
          plan. The {plan.name} plan offers the built-in roles below.
        </p>
      )}
      {editing ? (
        <section className="app-panel" aria-labelledby="edit-role-heading">
          <h2 id="edit-role-heading">Edit {editing.name}</h2>
          <RoleForm
            key={editing.id}
            role={editing}
            submitLabel="Save role"
            onCancel={() => setEditing(undefined)}
            onSubmit={async (input) => {
              await updateRole(editing.id, input);
              await reload();
              showToast(`${input.name} is saved; its members have the new permissions now.`);
              setEditing(undefined);
            }}
          />
        </section>
      ) : null}
      {customRoles && manage && !editing ? (
        <section className="app-panel" aria-labelledby="new-role-heading">
          <h2 id="new-role-heading">Create a custom role</h2>
          <RoleForm
            submitLabel="Create role"
            onSubmit={async (input) => {
              await createRole(input);
              await reload();
              showToast(`${input.name} is ready; give it to people on the Members screen.`);
            }}
          />
        </section>
      ) : null}
      <section aria-labelledby="roles-heading">
        <h2 id="roles-heading">Roles in this account</h2>
        {roles.isPending ? <Skeleton lines={4} label="Loading roles" /> : null}
        {roles.isError ? (
          <LoadError message={problemText(roles.error)} onRetry={() => void roles.refetch()} />
        ) : null}
        {roles.isSuccess ? (
          <RoleTable
            roles={roles.data.data}
            editable={customRoles && manage}
            deletable={manage}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        ) : null}
      </section>
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete the role ${deleting?.name ?? ""}?`}
        confirmLabel="Delete role"
        busyLabel="Deleting..."
        busy={deleteBusy}
        error={deleteError}
        onConfirm={onDelete}
        onCancel={() => {
          setDeleting(undefined);
          setDeleteError(undefined);
        }}
      >
        <p>
          A role can be deleted only when nobody has it, no pending invitation offers it and single
          sign-on does not give it to new members.
        </p>
      </ConfirmDialog>
    </>
  );
}
