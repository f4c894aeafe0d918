import { useRef, useState } from "react";
import { roleChoiceValue, roleOfChoice, useRoleChoices } from "../roles/role-choices.ts";
import { Field } from "../ui/field.tsx";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { useToast } from "../ui/toast.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import { type SsoConfig, saveSsoConfig } from "./sso-api.ts";

type SsoField = "issuer" | "client_id" | "client_secret" | "domains" | "default_role";

/** Splits what was typed into domains: commas, spaces or new lines between them. */
function domainsOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
}

/** The settings' default role for a picker value. */
function defaultRoleOf(value: string) {
  const { role, custom_role_id } = roleOfChoice(value);
  return custom_role_id
    ? { default_role: role, default_custom_role_id: custom_role_id }
    : { default_role: role };
}

/** The owner's form for the account's OpenID Connect provider and who signs in through it. */
export function SsoSettingsForm({ config, onSaved }: { config: SsoConfig; onSaved(): void }) {
  const { showToast } = useToast();
  const [issuer, setIssuer] = useState(config.issuer ?? "");
  const [clientId, setClientId] = useState(config.client_id ?? "");
  const [clientSecret, setClientSecret] = useState("");
  const [domains, setDomains] = useState(config.domains.join(", "));
  const [defaultRole, setDefaultRole] = useState(
    roleChoiceValue(config.default_role ?? "viewer", config.default_custom_role_id),
  );
  const choices = useRoleChoices()(
    roleChoiceValue(config.default_role ?? "viewer", config.default_custom_role_id),
  );
  const [required, setRequired] = useState(config.required);
  const refs = {
    issuer: useRef<HTMLInputElement>(null),
    client_id: useRef<HTMLInputElement>(null),
    client_secret: useRef<HTMLInputElement>(null),
    domains: useRef<HTMLTextAreaElement>(null),
    default_role: useRef<HTMLSelectElement>(null),
  };

  const { errors, busy, onSubmit } = useFormSubmission<SsoField>({
    focus: refs,
    check: () => ({
      issuer: /^https?:\/\/\S+$/.test(issuer.trim())
        ? undefined
        : "Enter the provider's issuer URL, such as https://login.example.com.",
      client_id: clientId.trim() ? undefined : "Enter the client id the provider gave you.",
      client_secret:
        clientSecret || config.client_secret_set
          ? undefined
          : "Enter the client secret the provider gave you.",
      domains: domainsOf(domains).length
        ? undefined
        : "Name at least one mail domain whose people sign in here.",
    }),
    send: async () => {
      await saveSsoConfig({
        issuer: issuer.trim(),
        client_id: clientId.trim(),
        ...(clientSecret ? { client_secret: clientSecret } : {}),
        domains: domainsOf(domains),
        ...defaultRoleOf(defaultRole),
        required,
      });
      setClientSecret("");
      showToast("Single sign-on is saved.");
      onSaved();
    },
    refusal: ({ status, detail }) => (status === 409 ? { domains: detail } : { form: detail }),
  });

  return (
    <form className="app-form" onSubmit={onSubmit} noValidate>
      <FormError message={errors.form} />
      <Field
        id="sso-issuer"
        label="Issuer URL"
        hint="The provider's address; its /.well-known/openid-configuration is read when you save."
        error={errors.issuer}
      >
        <input
          ref={refs.issuer}
          type="url"
          value={issuer}
          onChange={(event) => setIssuer(event.target.value)}
          placeholder="https://login.example.com"
        />
      </Field>
      <Field id="sso-client-id" label="Client id" error={errors.client_id}>
        <input
          ref={refs.client_id}
          value={clientId}
          onChange={(event) => setClientId(event.target.value)}
          autoComplete="off"
        />
      </Field>
      <Field
        id="sso-client-secret"
        label="Client secret"
        required={!config.client_secret_set}
        hint={
          config.client_secret_set
            ? "Stored and never shown again; leave empty to keep it."
            : "Stored encrypted and never shown again."
        }
        error={errors.client_secret}
      >
        <input
          ref={refs.client_secret}
          type="password"
          value={clientSecret}
          onChange={(event) => setClientSecret(event.target.value)}
          autoComplete="new-password"
        />
      </Field>
      <Field
        id="sso-domains"
        label="Mail domains"
        hint="People with addresses at these domains sign in here once each domain is proven below, e.g. example.com, example.org. Free-mail domains such as gmail.com are refused."
        error={errors.domains}
      >
        <textarea
          ref={refs.domains}
          rows={2}
          value={domains}
          onChange={(event) => setDomains(event.target.value)}
        />
      </Field>
      <Field
        id="sso-default-role"
        label="Role of people joining through single sign-on"
        hint={choices.find((choice) => choice.value === defaultRole)?.hint}
        error={errors.default_role}
      >
        <select
          ref={refs.default_role}
          value={defaultRole}
          onChange={(event) => setDefaultRole(event.target.value)}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </Field>
      <label className="app-check">
        <input
          type="checkbox"
          checked={required}
          onChange={(event) => setRequired(event.target.checked)}
        />
        Require single sign-on: members other than you cannot sign in with a password
      </label>
      <FormActions
        submitLabel="Save single sign-on"
        busy={busy}
        busyLabel="Checking the provider..."
      />
    </form>
  );
}
