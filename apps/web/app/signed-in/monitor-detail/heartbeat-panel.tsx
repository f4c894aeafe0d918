import type { MonitorView } from "@upwatch/api";
import { describeDuration } from "@upwatch/core";
import { useState } from "react";
import { call } from "../api-call.ts";
import { problemText } from "../api-client.ts";
import { formatAgo, formatMs } from "../monitors/format.ts";
import { OP } from "../operation-routes.ts";
import { useCan } from "../session.tsx";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { CopyButton } from "../ui/copy-button.tsx";

const SIGNAL_WORDS = { success: "Success", start: "Started", fail: "Failure" } as const;

/** A heartbeat monitor's ping URL, how to call it, and what its last pings said. */
export function HeartbeatPanel({
  monitor,
  onMonitor,
}: {
  monitor: MonitorView;
  onMonitor: (next: MonitorView) => void;
}) {
  const mayManage = useCan()("monitors.manage");
  const [asking, setAsking] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const heartbeat = monitor.heartbeat;
  if (!heartbeat) return null;
  const url = heartbeat.ping_url;
  const period = Number(monitor.options.period_seconds);
  const grace = Number(monitor.options.grace_seconds);
  const replace = async () => {
    setReplacing(true);
    setProblem(undefined);
    try {
      onMonitor(await call(OP.regenerateHeartbeatToken, { params: { id: monitor.id } }));
      setAsking(false);
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setReplacing(false);
    }
  };
  return (
    <section aria-labelledby="heartbeat-title" className="app-panel heartbeat-panel">
      <h2 id="heartbeat-title">Ping URL</h2>
      <p>
        Your job pings this URL each time it finishes: expected every {describeDuration(period)},
        with {describeDuration(grace)} of grace. Keep it secret: anyone with it can report for the
        job.
      </p>
      {url ? (
        <p className="heartbeat-url">
          <code data-testid="ping-url">{url}</code> <CopyButton value={url} label="Copy URL" />
        </p>
      ) : (
        <p>Only people who can manage monitors see the ping URL: it is the job's credential.</p>
      )}
      <dl className="heartbeat-facts">
        <div>
          <dt>Last ping</dt>
          <dd>
            {heartbeat.last_ping_at ? formatAgo(heartbeat.last_ping_at) : "No ping yet"}
            {heartbeat.last_signal ? ` (${SIGNAL_WORDS[heartbeat.last_signal]})` : ""}
          </dd>
        </div>
        <div>
          <dt>Last run time</dt>
          <dd>
            {heartbeat.last_run_ms === null ? "Not measured yet" : formatMs(heartbeat.last_run_ms)}
          </dd>
        </div>
        {heartbeat.last_body ? (
          <div>
            <dt>Last message</dt>
            <dd>
              <pre className="heartbeat-body">{heartbeat.last_body}</pre>
            </dd>
          </div>
        ) : null}
      </dl>
      {url ? <PingExamples url={url} /> : null}
      {mayManage ? (
        <p>
          <Button variant="ghost" onClick={() => setAsking(true)}>
            Replace the ping URL
          </Button>
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        title="Replace the ping URL?"
        confirmLabel="Replace the ping URL"
        busyLabel="Replacing…"
        busy={replacing}
        error={problem}
        onConfirm={() => void replace()}
        onCancel={() => {
          setAsking(false);
          setProblem(undefined);
        }}
      >
        <p>
          The current URL stops working at once: pings to it are refused, so give your job the new
          URL before its next run.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** How a job calls its ping URL with curl. */
function PingExamples({ url }: { url: string }) {
  return (
    <>
      <h3>Examples</h3>
      <pre className="heartbeat-examples">
        <code>{`# When the job succeeds
curl -fsS -m 10 --retry 3 ${url}

# Timing a run: at the start, then at the end
curl -fsS -m 10 ${url}/start
curl -fsS -m 10 ${url}

# When the job fails, with the end of its output
tail -c 1024 job.log | curl -fsS -m 10 --data-binary @- ${url}/fail`}</code>
      </pre>
    </>
  );
}
