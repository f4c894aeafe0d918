import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getPlan } from "@upwatch/core";
import { useState } from "react";
import { problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { roleChoiceValue, useRoleChoices } from "../../signed-in/roles/role-choices.ts";
import { useCan, useSession } from "../../signed-in/session.tsx";
import {
  removeSsoConfig,
  type SsoConfig,
  ssoConfigKey,
  ssoConfigQuery,
} from "../../signed-in/sso/sso-api.ts";
import { SsoDomainProofs } from "../../signed-in/sso/sso-domain-proofs.tsx";
import { SsoSettingsForm } from "../../signed-in/sso/sso-settings-form.tsx";
import { SsoSummary } from "../../signed-in/sso/sso-summary.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { ConfirmDialog } from "../../signed-in/ui/confirm-dialog.tsx";
import { CopyButton } from "../../signed-in/ui/copy-button.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { useToast } from "../../signed-in/ui/toast.tsx";

export function meta() {
  return appMeta("Single sign-on");
}

/** Settings > Single sign-on: the owner connects the organisation's OpenID Connect provider. */
export default function SsoSettings() {
  const { account } = useSession();
  const plan = getPlan(account.plan);
  const client = useQueryClient();
  const { showToast } = useToast();
  const owner = useCan()("account.own");
  const choicesFor = useRoleChoices();
  const [removing, setRemoving] = useState(false);
  const [removal, setRemoval] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const config = useQuery({ ...ssoConfigQuery(), enabled: plan.limits.singleSignOn });
  const reload = () => client.invalidateQueries({ queryKey: ssoConfigKey });
  const defaultRoleLabel = (settings: SsoConfig) => {
    const value = roleChoiceValue(
      settings.default_role ?? "viewer",
      settings.default_custom_role_id,
    );
    return choicesFor(value).find((choice) => choice.value === value)?.label ?? "A custom role";
  };

  return (
    <>
      <PageHeader
        title="Single sign-on"
        description="Let your organisation's people sign in through its OpenID Connect provider (Okta, Microsoft Entra ID, Google Workspace, Keycloak and others)."
      />
      {!plan.limits.singleSignOn ? (
        <p className="notice notice-warn">
          Single sign-on is part of the Enterprise+ plan; the {plan.name} plan does not include it.
        </p>
      ) : config.isPending ? (
        <Skeleton lines={6} label="Loading single sign-on" />
      ) : config.isError ? (
        <LoadError message={problemText(config.error)} onRetry={() => config.refetch()} />
      ) : (
        <>
          <section className="app-panel" aria-labelledby="sso-redirect-heading">
            <h2 id="sso-redirect-heading">At your provider</h2>
            <p className="app-panel-lead">
              Create a web application (confidential client) and register this redirect URI:
            </p>
            <p>
              <code className="app-code">{config.data.redirect_uri}</code>{" "}
              <CopyButton value={config.data.redirect_uri} label="Copy redirect URI" />
            </p>
          </section>
          <section className="app-panel" aria-labelledby="sso-settings-heading">
            <h2 id="sso-settings-heading">
              {config.data.configured ? "Your provider" : "Set up single sign-on"}
            </h2>
            <p className="app-panel-lead">
              Only the account's owner can change these. Signing in through the provider counts as
              two-factor sign-in: the provider is responsible for the second factor.
            </p>
            {owner ? (
              <SsoSettingsForm key={config.dataUpdatedAt} config={config.data} onSaved={reload} />
            ) : (
              <SsoSummary config={config.data} roleLabel={defaultRoleLabel(config.data)} />
            )}
          </section>
          {config.data.configured ? (
            <section className="app-panel" aria-labelledby="sso-domains-heading">
              <h2 id="sso-domains-heading">Prove your domains</h2>
              <p className="app-panel-lead">
                A domain signs people in here only once you prove it is your organisation's: publish
                its TXT record at your DNS provider, then verify it. Verified domains are checked
                again every few hours; one whose record stays gone for about a day stops signing
                people in.
              </p>
              <SsoDomainProofs config={config.data} owner={owner} />
            </section>
          ) : null}
          {owner && config.data.configured ? (
            <section className="app-panel" aria-labelledby="sso-remove-heading">
              <h2 id="sso-remove-heading">Turn single sign-on off</h2>
              <p className="app-panel-lead">
                Everyone signs in with a password again; people who joined through the provider set
                one with “Forgot your password?”.
              </p>
              <Button variant="danger" onClick={() => setRemoving(true)}>
                Turn single sign-on off
              </Button>
            </section>
          ) : null}
          <ConfirmDialog
            open={removing}
            title="Turn single sign-on off?"
            confirmLabel="Turn it off"
            tone="danger"
            busy={removal.busy}
            busyLabel="Turning off..."
            error={removal.error}
            onCancel={() => {
              setRemoving(false);
              setRemoval({ busy: false });
            }}
            onConfirm={() => {
              setRemoval({ busy: true });
              removeSsoConfig()
                .then(async () => {
                  setRemoving(false);
                  setRemoval({ busy: false });
                  showToast("Single sign-on is off.");
                  await reload();
                })
                .catch((error: unknown) => setRemoval({ busy: false, error: problemText(error) }));
            }}
          >
            People of {config.data?.domains.join(", ")} will sign in with a password.
          </ConfirmDialog>
        </>
      )}
    </>
  );
}
