import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../api-call.ts";
import { problemText } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { Button } from "../ui/button.tsx";
import { useToast } from "../ui/toast.tsx";
import { slaSchedulesQuery } from "./reports-api.ts";

/** A scheduled address and whether it agreed to receive the report. */
export interface ScheduleRecipient {
  address: string;
  confirmed: boolean;
}

/**
 * A schedule's addresses, each marked confirmed or still waiting for its owner's consent, with
 * a way to mail a waiting address its link again.
 */
export function ScheduleRecipients({
  scheduleId,
  recipients,
}: {
  scheduleId: string;
  recipients: ScheduleRecipient[];
}) {
  const client = useQueryClient();
  const { showToast } = useToast();
  const resend = useMutation({
    mutationFn: (address: string) =>
      call(OP.resendSlaScheduleConfirmation, { params: { id: scheduleId }, body: { address } }),
    onSuccess: (_schedule, address) => {
      showToast(`A new confirmation mail is on its way to ${address}.`, "success");
      void client.invalidateQueries({ queryKey: slaSchedulesQuery().queryKey });
    },
    onError: (problem) => showToast(problemText(problem), "error"),
  });
  return (
    <ul className="schedule-recipients">
      {recipients.map((recipient) => (
        <li key={recipient.address}>
          {recipient.address}{" "}
          <span className="app-tag" data-tone={recipient.confirmed ? "success" : "muted"}>
            {recipient.confirmed ? "Confirmed" : "Waiting for confirmation"}
          </span>
          {recipient.confirmed ? null : (
            <>
              {" "}
              <Button
                variant="ghost"
                size="small"
                busy={resend.isPending && resend.variables === recipient.address}
                busyLabel="Sending…"
                onClick={() => resend.mutate(recipient.address)}
              >
                Resend confirmation
              </Button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
