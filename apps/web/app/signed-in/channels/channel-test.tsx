import type { Channel, TestResult } from "@upwatch/api";
import { useState } from "react";
import { call } from "../api-call.ts";
import { errorDetail } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { Button } from "../ui/button.tsx";
import { deliveryStatusLabel, deliveryTone } from "./channel-display.ts";

/** Sends a test notification through the channel and shows how the attempt went. */
export function ChannelTest({ channel, onSent }: { channel: Channel; onSent(): void }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TestResult>();
  const [error, setError] = useState<string>();

  const send = async () => {
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    try {
      setResult(await call(OP.testChannel, { params: { id: channel.id } }));
      onSent();
    } catch (failure) {
      setError(errorDetail(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="app-panel" aria-labelledby="test-heading">
      <h2 id="test-heading">Send a test</h2>
      <p className="app-panel-lead">
        Sends a <code className="app-code">test</code> notification now, the way a real alert would
        travel, and shows what happened.
      </p>
      <Button variant="ghost" onClick={send} busy={busy} busyLabel="Sending test...">
        Send test
      </Button>
      <div className="app-test-result" role="status">
        {result ? (
          <p>
            <span className="app-tag" data-tone={deliveryTone(result.status)}>
              {deliveryStatusLabel(result.status)}
            </span>{" "}
            {result.latency_ms !== null ? <span>in {result.latency_ms} ms</span> : null}
            {result.status === "pending"
              ? " The attempt is taking longer than usual; its outcome will appear in the delivery log."
              : null}
            {result.error ? <span className="app-test-error"> {result.error}</span> : null}
          </p>
        ) : null}
        {error ? <p className="field-error">{error}</p> : null}
      </div>
    </section>
  );
}
