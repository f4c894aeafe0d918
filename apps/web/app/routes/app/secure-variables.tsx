import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getPlan } from "@upwatch/core";
import { useState } from "react";
import { Link } from "react-router";
import { APP_BASE, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import {
  DeleteVariableDialog,
  ReplaceValueDialog,
} from "../../signed-in/secure-variables/secure-variable-dialogs.tsx";
import { SecureVariableForm } from "../../signed-in/secure-variables/secure-variable-form.tsx";
import { SecureVariableTable } from "../../signed-in/secure-variables/secure-variable-table.tsx";
import {
  type SecureVariable,
  secureVariablesKey,
  secureVariablesQuery,
} from "../../signed-in/secure-variables/secure-variables-api.ts";
import { useCan, useSession } from "../../signed-in/session.tsx";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { useToast } from "../../signed-in/ui/toast.tsx";

export function meta() {
  return appMeta("Secure variables");
}

/** Settings > Secure variables: add (value shown never again), replace, delete when unused. */
export default function SecureVariables() {
  const { account } = useSession();
  const plan = getPlan(account.plan);
  const variables = useQuery(secureVariablesQuery());
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: secureVariablesKey });
  const { showToast } = useToast();
  const [replacing, setReplacing] = useState<SecureVariable>();
  const [deleting, setDeleting] = useState<SecureVariable>();

  const list = variables.data?.data ?? [];
  const mayManage = useCan()("secure_variables.manage");
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to={`${APP_BASE}/settings`}>Settings</Link> <span aria-hidden="true">/</span> Secure
        variables
      </nav>
      <PageHeader
        title="Secure variables"
        description={
          <>
            Passwords, tokens and keys that multi-step API checks use. A monitor refers to one in
            its variables as <code className="app-code">secure:name</code>. Values are stored
            encrypted, never shown again after saving, and masked in results, logs and alerts.
          </>
        }
      />
      {plan.limits.allCheckTypes ? null : (
        <p className="notice notice-warn">
          Multi-step API checks, and the secure variables they use, need the Hobby plan or above.
          The {plan.name} plan offers single-request checks.
        </p>
      )}
      {mayManage ? (
        <section className="app-panel" aria-labelledby="new-variable-heading">
          <h2 id="new-variable-heading">Add a secure variable</h2>
          <SecureVariableForm
            onCreated={(variable) => {
              void reload();
              showToast(`${variable.name} is saved. Its value will not be shown again.`);
            }}
          />
        </section>
      ) : null}
      <section aria-labelledby="variables-heading">
        <h2 id="variables-heading">Your secure variables</h2>
        {variables.isPending ? <Skeleton lines={3} label="Loading secure variables" /> : null}
        {variables.isError ? (
          <LoadError
            message={problemText(variables.error)}
            onRetry={() => void variables.refetch()}
          />
        ) : null}
        {variables.isSuccess && list.length === 0 ? (
          <EmptyState title="No secure variables yet">
            {mayManage ? (
              <p>
                No secure variables yet. Add one above, then use it in a multi-step check's
                variables as <code className="app-code">secure:name</code>.
              </p>
            ) : (
              <p>Secure variables added to this account will show here, without their values.</p>
            )}
          </EmptyState>
        ) : null}
        {list.length > 0 ? (
          <SecureVariableTable
            variables={list}
            actions={mayManage ? { onReplace: setReplacing, onDelete: setDeleting } : undefined}
          />
        ) : null}
      </section>
      <ReplaceValueDialog
        variable={replacing}
        onCancel={() => setReplacing(undefined)}
        onDone={(variable) => {
          setReplacing(undefined);
          void reload();
          showToast(`The value of ${variable.name} is replaced.`);
        }}
      />
      <DeleteVariableDialog
        variable={deleting}
        onCancel={() => setDeleting(undefined)}
        onDone={(variable) => {
          setDeleting(undefined);
          void reload();
          showToast(`${variable.name} is deleted.`);
        }}
      />
    </>
  );
}
