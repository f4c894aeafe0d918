import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { call } from "../api-call.ts";
import { queryKeys } from "../cache/queries.ts";
import { OP } from "../operation-routes.ts";
import { useLoaded } from "../security/use-loaded.ts";
import { useCan } from "../session.tsx";
import { Field } from "../ui/field.tsx";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { LoadError } from "../ui/load-error.tsx";
import { useToast } from "../ui/toast.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";

const readHistory = () => call(OP.getHistorySetting);

/** On plans that let the account choose: how many days of check history it keeps. */
export function HistoryForm() {
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const mayChange = useCan()("billing");
  const { data, error, reload } = useLoaded(readHistory);
  const [days, setDays] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (data) setDays(String(data.chosen_days ?? data.default_days));
  }, [data]);

  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { days: inputRef },
    check: () => ({
      days: /^\d{1,5}$/.test(days.trim())
        ? undefined
        : "Enter the number of days as a whole number, such as 730.",
    }),
    send: async () => {
      const saved = await call(OP.updateHistorySetting, { body: { days: Number(days.trim()) } });
      await reload();
      await queryClient.invalidateQueries({ queryKey: queryKeys.account });
      showToast(`The account now keeps ${saved.history_days} days of history.`);
    },
    refusal: ({ status, detail }) => (status === 400 ? { days: detail } : { form: detail }),
  });

  if (error) return <LoadError message={error} onRetry={reload} />;
  if (!data?.can_choose) return null;
  if (!mayChange) {
    return (
      <p>
        The account keeps <strong>{data.history_days} days</strong> of history. The owner, and roles
        allowed to manage billing, choose how long.
      </p>
    );
  }
  return (
    <form className="app-form" onSubmit={onSubmit} noValidate aria-label="History length">
      <FormError message={errors.form} />
      <Field
        id="settings-history-days"
        label="Days of history to keep"
        hint={`From ${data.min_days} to ${data.max_days} days (the longest this server keeps). Without a choice the account keeps ${data.default_days} days. A shorter history deletes older checks within the hour.`}
        error={errors.days}
      >
        <input
          ref={inputRef}
          type="number"
          inputMode="numeric"
          min={data.min_days}
          max={data.max_days}
          step={1}
          value={days}
          onChange={(event) => setDays(event.target.value)}
        />
      </Field>
      <FormActions submitLabel="Save history length" busy={busy} />
    </form>
  );
}
