import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiKey, CreatedApiKey } from "@upwatch/api";
import { useState } from "react";
import { call } from "../../signed-in/api-call.ts";
import { errorDetail, problemText } from "../../signed-in/api-client.ts";
import { ApiKeyTable } from "../../signed-in/api-keys/api-key-table.tsx";
import { CreateApiKeyForm } from "../../signed-in/api-keys/create-api-key-form.tsx";
import { appMeta } from "../../signed-in/app-meta.ts";
import { apiKeysQuery, queryKeys } from "../../signed-in/cache/queries.ts";
import { OP } from "../../signed-in/operation-routes.ts";
import { useCan } from "../../signed-in/session.tsx";
import { ConfirmDialog } from "../../signed-in/ui/confirm-dialog.tsx";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { SecretOnce } from "../../signed-in/ui/secret-once.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { useToast } from "../../signed-in/ui/toast.tsx";

export function meta() {
  return appMeta("API keys");
}

/** API keys, for people whose role may make them; others are told why there is nothing here. */
export default function ApiKeys() {
  if (!useCan()("api_keys.manage")) {
    return (
      <>
        <PageHeader title="API keys" />
        <p className="app-muted">Your role does not make or revoke API keys.</p>
      </>
    );
  }
  return <ApiKeysScreen />;
}

/** API keys: create one (shown once), see when each was last used, revoke. */
function ApiKeysScreen() {
  const keys = useQuery(apiKeysQuery());
  const client = useQueryClient();
  const reloadKeys = () => client.invalidateQueries({ queryKey: queryKeys.apiKeys });
  const { showToast } = useToast();
  const [created, setCreated] = useState<CreatedApiKey>();
  const [revoking, setRevoking] = useState<ApiKey>();
  const [revokeBusy, setRevokeBusy] = useState(false);
  const [revokeError, setRevokeError] = useState<string>();

  const onCreated = (key: CreatedApiKey) => {
    setCreated(key);
    void reloadKeys();
  };

  const onRevoke = async () => {
    if (!revoking) return;
    setRevokeBusy(true);
    setRevokeError(undefined);
    try {
      await call(OP.revokeApiKey, { params: { id: revoking.id } });
      await reloadKeys();
      showToast(`${revoking.name} is revoked; requests with it are refused from now on.`);
      setRevoking(undefined);
    } catch (error) {
      setRevokeError(errorDetail(error));
    } finally {
      setRevokeBusy(false);
    }
  };

  const list = keys.data?.data ?? [];
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Keys let scripts and other tools use the REST API (described in its{" "}
            <a href="/api/v1/openapi.json">OpenAPI document</a>) on behalf of this account. Send one
            as <code className="app-code">Authorization: Bearer uw_...</code>.
          </>
        }
      />
      {created ? (
        <SecretOnce
          title={`Your new API key: ${created.name}`}
          value={created.key}
          onDone={() => setCreated(undefined)}
          doneLabel="I have stored the key"
        >
          Copy it now and keep it somewhere safe, such as a password manager or your CI's secrets.
          Upwatch stores only a fingerprint of it and cannot show it again.
        </SecretOnce>
      ) : null}
      <section className="app-panel" aria-labelledby="new-key-heading">
        <h2 id="new-key-heading">Create a key</h2>
        <CreateApiKeyForm onCreated={onCreated} />
      </section>
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">Your keys</h2>
        {keys.isPending ? <Skeleton lines={3} label="Loading API keys" /> : null}
        {keys.isError ? (
          <LoadError message={problemText(keys.error)} onRetry={() => void keys.refetch()} />
        ) : null}
        {keys.isSuccess && list.length === 0 ? (
          <EmptyState title="No API keys yet">
            <p>
              Create a key above to let a script, your CI or a dashboard read your monitors and
              alerts through the API. Each key can be revoked on its own.
            </p>
          </EmptyState>
        ) : null}
        {list.length > 0 ? <ApiKeyTable keys={list} onRevoke={setRevoking} /> : null}
      </section>
      <ConfirmDialog
        open={revoking !== undefined}
        title={`Revoke ${revoking?.name ?? "this key"}?`}
        confirmLabel="Revoke key"
        busyLabel="Revoking..."
        busy={revokeBusy}
        error={revokeError}
        onConfirm={onRevoke}
        onCancel={() => {
          setRevoking(undefined);
          setRevokeError(undefined);
        }}
      >
        <p>
          Every request made with <code className="app-code">{revoking?.prefix}...</code> is refused
          from now on. Scripts that use it stop working until you give them a new key.
        </p>
      </ConfirmDialog>
    </>
  );
}
