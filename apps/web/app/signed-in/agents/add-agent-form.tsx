import { AGENT_OS, type AgentOs } from "@upwatch/core";
import { useRef, useState } from "react";
import { Button } from "../ui/button.tsx";
import { FormError } from "../ui/form-error.tsx";
import { TextInputField } from "../ui/text-input-field.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import { osName } from "./agent-figures.ts";
import { type CreatedAgentKey, createAgent } from "./agents-api.ts";

const NAME_CHARS = 100;

interface AddAgentFormProps {
  onCreated(created: CreatedAgentKey): void;
  onCancel(): void;
}

/** Adding an agent: its name and the system it runs on. */
export function AddAgentForm({ onCreated, onCancel }: AddAgentFormProps) {
  const [name, setName] = useState("");
  const [os, setOs] = useState<AgentOs>("linux");
  const nameRef = useRef<HTMLInputElement>(null);
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { name: nameRef },
    check: () => ({
      name: name.trim() ? undefined : "Give the agent a name, such as db-primary.",
    }),
    send: async () => onCreated(await createAgent({ name: name.trim(), os })),
    refusal: ({ status, detail }) =>
      status === 400 && /\bname\b/i.test(detail) ? { name: detail } : { form: detail },
  });

  return (
    <form className="app-form" onSubmit={onSubmit} noValidate>
      <FormError message={errors.form} />
      <TextInputField
        ref={nameRef}
        id="agent-name"
        label="Name"
        hint="How the agent appears in lists and alerts, such as the server's name."
        error={errors.name}
        maxLength={NAME_CHARS}
        value={name}
        onChange={setName}
      />
      <fieldset className="app-fieldset">
        <legend>Operating system</legend>
        {AGENT_OS.map((value) => (
          <label className="app-check" key={value}>
            <input
              type="radio"
              name="agent-os"
              value={value}
              checked={os === value}
              onChange={() => setOs(value)}
            />
            {osName(value)}
          </label>
        ))}
      </fieldset>
      <div className="app-form-actions">
        <Button type="submit" busy={busy} busyLabel="Adding...">
          Add agent
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
