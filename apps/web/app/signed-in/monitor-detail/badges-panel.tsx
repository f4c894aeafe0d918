import type { MonitorBadges } from "@upwatch/api";
import { useCallback, useEffect, useState } from "react";
import { call } from "../api-call.ts";
import { problemText } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { useCan } from "../session.tsx";
import { Button } from "../ui/button.tsx";
import { CheckField } from "../ui/check-field.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { CopyButton } from "../ui/copy-button.tsx";
import { FormError } from "../ui/form-error.tsx";
import { LoadError } from "../ui/load-error.tsx";

type BadgeKind = keyof NonNullable<MonitorBadges["urls"]>;

const BADGE_NAMES: Record<BadgeKind, string> = {
  status: "Status",
  uptime_24h: "Uptime, last 24 hours",
  uptime_7d: "Uptime, last 7 days",
  uptime_30d: "Uptime, last 30 days",
  response_time: "Average response time, last 24 hours",
};

type Asking = "off" | "replace" | undefined;

/** The monitor's public badges: off until switched on, then each badge's address and snippets. */
export function BadgesPanel({ monitorId }: { monitorId: string }) {
  const mayManage = useCan()("monitors.manage");
  const [badges, setBadges] = useState<MonitorBadges>();
  const [loadError, setLoadError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<Asking>();

  const load = useCallback(async () => {
    try {
      setBadges(await call(OP.getMonitorBadges, { params: { id: monitorId } }));
      setLoadError(undefined);
    } catch (error) {
      setLoadError(problemText(error));
    }
  }, [monitorId]);
  useEffect(() => {
    void load();
  }, [load]);

  const change = async (send: () => Promise<MonitorBadges>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      setBadges(await send());
      setAsking(undefined);
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };
  const switchTo = (enabled: boolean) =>
    change(() => call(OP.updateMonitorBadges, { params: { id: monitorId }, body: { enabled } }));
  const replace = () =>
    change(() => call(OP.regenerateMonitorBadgeKey, { params: { id: monitorId } }));

  return (
    <section aria-labelledby="badges-title" className="app-panel">
      <h2 id="badges-title">Badges</h2>
      <p>
        Images of this monitor's status, uptime and response time for a README, a wiki or a web
        page. They are off until switched on: anyone who has a badge's address sees its figure,
        never the monitor's name or target.
      </p>
      {loadError ? <LoadError message={loadError} onRetry={() => void load()} /> : null}
      {!asking ? <FormError message={problem} /> : null}
      {badges && mayManage ? (
        <CheckField
          id="badges-enabled"
          label="Public badges"
          checked={badges.enabled}
          onChange={(checked) => (checked ? void switchTo(true) : setAsking("off"))}
          hint={busy ? "Saving…" : undefined}
        />
      ) : null}
      {badges && !badges.enabled && !mayManage ? (
        <p className="app-muted">Badges are off. People who manage monitors can switch them on.</p>
      ) : null}
      {badges?.urls ? <BadgeList urls={badges.urls} /> : null}
      {badges?.enabled && mayManage ? (
        <p>
          <Button variant="ghost" onClick={() => setAsking("replace")}>
            Replace the badge addresses
          </Button>
        </p>
      ) : null}
      <ConfirmDialog
        open={asking === "off"}
        title="Switch the badges off?"
        confirmLabel="Switch badges off"
        busyLabel="Switching off…"
        busy={busy}
        error={problem}
        onConfirm={() => void switchTo(false)}
        onCancel={() => {
          setAsking(undefined);
          setProblem(undefined);
        }}
      >
        <p>
          Every badge address stops at once and pages showing them show a broken image. Switching
          them on again gives new addresses.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === "replace"}
        title="Replace the badge addresses?"
        confirmLabel="Replace the addresses"
        busyLabel="Replacing…"
        busy={busy}
        error={problem}
        onConfirm={() => void replace()}
        onCancel={() => {
          setAsking(undefined);
          setProblem(undefined);
        }}
      >
        <p>The current addresses stop at once; put the new ones wherever the badges are shown.</p>
      </ConfirmDialog>
    </section>
  );
}

/** Each badge as it looks, its address, and Markdown and HTML to paste. */
function BadgeList({ urls }: { urls: NonNullable<MonitorBadges["urls"]> }) {
  return (
    <ul className="badge-list">
      {(Object.keys(BADGE_NAMES) as BadgeKind[]).map((kind) => {
        const url = urls[kind];
        const name = BADGE_NAMES[kind];
        const markdown = `![${name}](${url})`;
        const html = `<img src="${url}" alt="${name}">`;
        return (
          <li key={kind} className="badge-item">
            <h3>{name}</h3>
            {/* The preview is read from this server, whatever public address the badge names. */}
            <img src={new URL(url).pathname} alt={`${name} badge`} height={20} />
            <BadgeSnippet label="Address" value={url} />
            <BadgeSnippet label="Markdown" value={markdown} />
            <BadgeSnippet label="HTML" value={html} />
          </li>
        );
      })}
    </ul>
  );
}

function BadgeSnippet({ label, value }: { label: string; value: string }) {
  return (
    <p className="badge-snippet">
      <span className="badge-snippet-label">{label}</span> <code>{value}</code>{" "}
      <CopyButton value={value} label={`Copy ${label}`} />
    </p>
  );
}
