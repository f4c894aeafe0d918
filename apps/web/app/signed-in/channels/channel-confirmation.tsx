import { useQueryClient } from "@tanstack/react-query";
import type { Channel } from "@upwatch/api";
import { useState } from "react";
import { call } from "../api-call.ts";
import { errorDetail } from "../api-client.ts";
import { queryKeys } from "../cache/queries.ts";
import { OP } from "../operation-routes.ts";
import { Button } from "../ui/button.tsx";
import { destinationOf } from "./channel-display.ts";

/**
 * An e-mail channel waiting for its recipient: what that means, and a way to mail the link
 * again. It takes the place of the test, which is refused until the address is confirmed.
 */
export function ChannelConfirmation({ channel }: { channel: Channel }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();

  const resend = async () => {
    setBusy(true);
    setError(undefined);
    setSent(false);
    try {
      const updated = await call(OP.resendChannelConfirmation, {
        params: { id: channel.id },
      });
      client.setQueryData(queryKeys.channel(channel.id), updated);
      setSent(true);
    } catch (failure) {
      setError(errorDetail(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="app-panel" aria-labelledby="confirmation-heading">
      <h2 id="confirmation-heading">Waiting for confirmation</h2>
      <p className="app-panel-lead">
        We mailed {destinationOf(channel)} a link to confirm that it wants these alerts. Until its
        recipient follows the link, this channel receives nothing, and it cannot be tested. The link
        works for 7 days.
      </p>
      <Button variant="ghost" onClick={resend} busy={busy} busyLabel="Sending...">
        Resend confirmation
      </Button>
      <div className="app-test-result" role="status">
        {sent ? (
          <p>A new confirmation mail is on its way; the earlier link no longer works.</p>
        ) : null}
        {error ? <p className="field-error">{error}</p> : null}
      </div>
    </section>
  );
}
