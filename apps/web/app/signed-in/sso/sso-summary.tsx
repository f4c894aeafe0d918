import type { SsoConfig } from "./sso-api.ts";

/**
 * The account's single sign-on settings as read by someone who may not change them (only the
 * owner may); `roleLabel` names the role people joining through it get.
 */
export function SsoSummary({ config, roleLabel }: { config: SsoConfig; roleLabel: string }) {
  if (!config.configured) {
    return <p>Single sign-on is not set up. Only the account's owner can set it up.</p>;
  }
  return (
    <dl className="settings-list">
      <dt>Issuer URL</dt>
      <dd>{config.issuer}</dd>
      <dt>Client id</dt>
      <dd>{config.client_id}</dd>
      <dt>Mail domains</dt>
      <dd>{config.domains.join(", ")}</dd>
      <dt>Role of people joining through single sign-on</dt>
      <dd>{roleLabel}</dd>
      <dt>Single sign-on required</dt>
      <dd>
        {config.required
          ? "Yes: members other than the owner cannot sign in with a password"
          : "No: passwords work too"}
      </dd>
    </dl>
  );
}
