import type { CreatedApiKey } from "@upwatch/api";
import { API_KEY_NAME_MAX, API_KEY_SCOPES, type ApiKeyScope } from "@upwatch/core";
import { useRef, useState } from "react";
import { call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { TextInputField } from "../ui/text-input-field.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import { API_KEY_SCOPE_TEXT } from "./api-key-scopes.ts";

/** Naming a key and choosing its scope, then creating it; the parent shows the key that comes back. */
export function CreateApiKeyForm({ onCreated }: { onCreated(key: CreatedApiKey): void }) {
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiKeyScope>("read");
  const nameRef = useRef<HTMLInputElement>(null);
  const trimmed = name.trim();
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { name: nameRef },
    check: () => ({
      name: !trimmed
        ? "Give the key a name, such as the script or service that will use it."
        : trimmed.length > API_KEY_NAME_MAX
          ? `Use at most ${API_KEY_NAME_MAX} characters; this name has ${trimmed.length}.`
          : undefined,
    }),
    send: async () => {
      const created = await call(OP.createApiKey, { body: { name: trimmed, scope } });
      setName("");
      onCreated(created);
    },
    refusal: ({ status, detail }) => (status === 400 ? { name: detail } : { form: detail }),
    focusRefused: false,
  });

  return (
    <form className="app-form app-inline-form" onSubmit={onSubmit} noValidate>
      <FormError message={errors.form} />
      <TextInputField
        ref={nameRef}
        id="api-key-name"
        label="Key name"
        hint="What will use it, so you know which key to revoke later: “Deploy script”, “Grafana”."
        error={errors.name}
        maxLength={API_KEY_NAME_MAX + 20}
        value={name}
        onChange={setName}
      />
      <fieldset className="app-fieldset">
        <legend>What the key may do</legend>
        {API_KEY_SCOPES.map((value) => (
          <label className="app-check" key={value}>
            <input
              type="radio"
              name="api-key-scope"
              value={value}
              checked={scope === value}
              onChange={() => setScope(value)}
            />
            <span>
              {API_KEY_SCOPE_TEXT[value].label}
              <span className="app-muted"> — {API_KEY_SCOPE_TEXT[value].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormActions submitLabel="Create key" busy={busy} busyLabel="Creating..." />
    </form>
  );
}
