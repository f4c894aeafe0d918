import { timeZoneNames } from "@upwatch/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";
import { useLoaded } from "../security/use-loaded.ts";
import { Field } from "../ui/field.tsx";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { LoadError } from "../ui/load-error.tsx";
import { useToast } from "../ui/toast.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";

const readAccountSettings = () => call(OP.getAccountSettings);

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The account's time zone: the owner chooses it, everyone else sees it. */
export function TimeZoneForm() {
  const { showToast } = useToast();
  const { data, error, reload } = useLoaded(readAccountSettings);
  const [timeZone, setTimeZone] = useState("");
  const selectRef = useRef<HTMLSelectElement>(null);
  const names = useMemo(() => timeZoneNames(), []);
  useEffect(() => {
    if (data) setTimeZone(data.time_zone);
  }, [data]);

  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { time_zone: selectRef },
    send: async () => {
      const saved = await call(OP.updateAccountSettings, { body: { time_zone: timeZone } });
      await reload();
      showToast(`The account's time zone is now ${saved.time_zone}.`);
    },
    refusal: ({ status, detail }) => (status === 400 ? { time_zone: detail } : { form: detail }),
  });

  const lead = (
    <p className="app-panel-lead">
      Recurring maintenance windows are read in this time zone, so a window at 02:00 stays at 02:00
      when summer time begins or ends.
    </p>
  );

  return (
    <section className="app-panel" aria-labelledby="time-zone-heading">
      <h2 id="time-zone-heading">Time zone</h2>
      {lead}
      {error ? <LoadError message={error} onRetry={reload} /> : null}
      {data && !data.can_change ? (
        <p>
          The account's time zone is <strong>{data.time_zone}</strong>. Only the account's owner can
          change it.
        </p>
      ) : null}
      {data?.can_change ? (
        <form className="app-form" onSubmit={onSubmit} noValidate>
          <FormError message={errors.form} />
          <Field
            id="settings-time-zone"
            label="Time zone"
            hint={`Your browser is set to ${browserTimeZone()}.`}
            error={errors.time_zone}
          >
            <select
              ref={selectRef}
              value={timeZone}
              onChange={(event) => setTimeZone(event.target.value)}
            >
              {names.includes(timeZone) || !timeZone ? null : (
                <option value={timeZone}>{timeZone}</option>
              )}
              {names.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </Field>
          <FormActions submitLabel="Save time zone" busy={busy} />
        </form>
      ) : null}
    </section>
  );
}
