import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { call } from "../api-call.ts";
import { problemText } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { Button } from "../ui/button.tsx";
import { FormError } from "../ui/form-error.tsx";
import { LoadError } from "../ui/load-error.tsx";
import { StackedTable } from "../ui/stacked-table.tsx";
import { useToast } from "../ui/toast.tsx";
import type { ReportChoice } from "./report-choice.ts";
import { slaSchedulesQuery } from "./reports-api.ts";
import { ScheduleRecipients } from "./schedule-recipients.tsx";

/** Addresses typed one per line or separated by commas. */
export function addressesOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}

/** The account's monthly report mail, and a form to mail the chosen subject's report. */
export function ReportSchedules({ choice }: { choice: ReportChoice }) {
  const client = useQueryClient();
  const { showToast } = useToast();
  const schedules = useQuery(slaSchedulesQuery());
  const [addresses, setAddresses] = useState("");
  const [error, setError] = useState<string | undefined>();
  const refresh = () => client.invalidateQueries({ queryKey: slaSchedulesQuery().queryKey });
  const create = useMutation({
    mutationFn: () =>
      call(OP.createSlaSchedule, {
        body: {
          subject_type: choice.subjectType,
          subject_id: choice.subjectId,
          target: Number(choice.target),
          recipients: addressesOf(addresses),
        },
      }),
    onSuccess: () => {
      setAddresses("");
      setError(undefined);
      showToast("The report will be mailed on the first day of each month.", "success");
      void refresh();
    },
    onError: (problem) => setError(problemText(problem)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => call(OP.deleteSlaSchedule, { params: { id } }),
    onSuccess: () => {
      showToast("The report is no longer mailed.", "success");
      void refresh();
    },
    onError: (problem) => showToast(problemText(problem), "error"),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice.subjectId) return setError("Choose what to report on first.");
    if (addressesOf(addresses).length === 0) return setError("Name at least one address.");
    create.mutate();
  };
  const list = schedules.data?.data ?? [];
  return (
    <section className="report-section" aria-labelledby="report-schedules">
      <h2 id="report-schedules">Monthly mail</h2>
      <p className="report-note">
        On the first day of each month, in the account's time zone, the report of the month before
        is mailed with its PDF and CSV attached. An address that is not a member's of the account
        first gets one mail asking its owner to accept, and receives reports only once they do.
      </p>
      {schedules.isError ? (
        <LoadError
          message={problemText(schedules.error)}
          onRetry={() => void schedules.refetch()}
        />
      ) : null}
      {list.length > 0 ? (
        <StackedTable
          caption="Reports mailed every month"
          columns={["Report on", "Target", "To", "Last sent"]}
          withActions
        >
          {list.map((schedule) => (
            <tr key={schedule.id}>
              <td data-label="Report on">{schedule.subject.name}</td>
              <td data-label="Target">{schedule.target_percent} %</td>
              <td data-label="To">
                <ScheduleRecipients
                  scheduleId={schedule.id}
                  recipients={schedule.recipient_confirmations}
                />
              </td>
              <td data-label="Last sent">{schedule.last_sent_month ?? "Not yet"}</td>
              <td>
                <Button
                  variant="danger"
                  size="small"
                  busy={remove.isPending && remove.variables === schedule.id}
                  busyLabel="Stopping…"
                  onClick={() => remove.mutate(schedule.id)}
                >
                  Stop
                </Button>
              </td>
            </tr>
          ))}
        </StackedTable>
      ) : null}
      <form className="schedule-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="schedule-addresses">Mail this report every month to</label>
          <textarea
            id="schedule-addresses"
            rows={2}
            value={addresses}
            placeholder="finance@example.com, customer@example.com"
            onChange={(event) => setAddresses(event.target.value)}
          />
        </div>
        <FormError message={error} />
        <div>
          <Button type="submit" busy={create.isPending} busyLabel="Scheduling…">
            Mail monthly
          </Button>
        </div>
      </form>
    </section>
  );
}
