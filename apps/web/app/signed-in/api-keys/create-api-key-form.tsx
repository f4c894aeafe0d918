import type { CreatedApiKey } from "@upwatch/api";
import { API_KEY_NAME_MAX } from "@upwatch/core";
import { useRef, useState } from "react";
import { apiRequest } from "../api-client.ts";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { FormError } from "../ui/form-error.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";

/** Naming and creating a key; the parent shows the key that comes back. */
export function CreateApiKeyForm({ onCreated }: { onCreated(key: CreatedApiKey): void }) {
  const [name, setName] = useState("");
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
      const created = await apiRequest<CreatedApiKey>("POST", "/api-keys", { name: trimmed });
      setName("");
      onCreated(created);
    },
    refusal: ({ status, detail }) => (status === 400 ? { name: detail } : { form: detail }),
    focusRefused: false,
  });

  return (
    <form className="app-form app-inline-form" onSubmit={onSubmit} noValidate>
      <FormError message={errors.form} />
      <Field
        id="api-key-name"
        label="Key name"
        hint="What will use it, so you know which key to revoke later: “Deploy script”, “Grafana”."
        error={errors.name}
      >
        <input
          ref={nameRef}
          type="text"
          maxLength={API_KEY_NAME_MAX + 20}
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <div className="app-form-actions">
        <Button type="submit" busy={busy} busyLabel="Creating...">
          Create key
        </Button>
      </div>
    </form>
  );
}
