import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ShareLink } from "@upwatch/api";
import { type FormEvent, useState } from "react";
import { call } from "../api-call.ts";
import { errorDetail, problemText } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { FormError } from "../ui/form-error.tsx";
import { formatDateTime } from "../ui/format.ts";
import { LoadError } from "../ui/load-error.tsx";
import { SecretOnce } from "../ui/secret-once.tsx";
import { StackedTable } from "../ui/stacked-table.tsx";
import { TextInputField } from "../ui/text-input-field.tsx";
import { dashboardKeys, shareLinksQuery } from "./dashboard-queries.ts";

const EXPIRY_CHOICES = [
  { days: "", label: "Never (until revoked)" },
  { days: "1", label: "After 1 day" },
  { days: "7", label: "After 7 days" },
  { days: "30", label: "After 30 days" },
  { days: "90", label: "After 90 days" },
  { days: "365", label: "After a year" },
];

function linkState(link: ShareLink, now: number): string {
  if (link.revoked_at) return `Revoked ${formatDateTime(link.revoked_at)}`;
  if (link.expires_at && Date.parse(link.expires_at) <= now) return "Expired";
  return "Works";
}

/** A board's read-only links: make one (its address shown once), see them, revoke them. */
export function ShareLinksPanel({ boardId, mayShare }: { boardId: string; mayShare: boolean }) {
  const links = useQuery(shareLinksQuery(boardId));
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [days, setDays] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ name: string; url: string }>();
  const [revoking, setRevoking] = useState<ShareLink>();
  const [revokeError, setRevokeError] = useState<string>();
  const reload = () => client.invalidateQueries({ queryKey: dashboardKeys.links(boardId) });

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError("Name the link after where it is shown, such as “Office TV”.");
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const link = await call(OP.createDashboardShareLink, {
        params: { id: boardId },
        body: { name: name.trim(), expires_in_days: days ? Number(days) : null },
      });
      setCreated({ name: link.name, url: link.url });
      setName("");
      await reload();
    } catch (caught) {
      setError(errorDetail(caught));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await call(OP.revokeDashboardShareLink, { params: { id: boardId, linkId: revoking.id } });
      setRevoking(undefined);
      await reload();
    } catch (caught) {
      setRevokeError(errorDetail(caught));
    } finally {
      setBusy(false);
    }
  };

  const list = links.data?.data ?? [];
  const now = Date.now();
  return (
    <section className="app-panel" aria-labelledby="share-heading">
      <h2 id="share-heading">Share links</h2>
      <p className="app-panel-lead">
        A link shows this board read-only to anyone who has it, without signing in: its widgets'
        names and figures, nothing else of the account. Revoke it when it should stop.
      </p>
      {created ? (
        <SecretOnce
          title={`The address of ${created.name}`}
          value={created.url}
          onDone={() => setCreated(undefined)}
          doneLabel="I have copied the address"
        >
          Copy it now: Upwatch keeps only a fingerprint of the link and cannot show it again.
        </SecretOnce>
      ) : null}
      {mayShare ? (
        <form
          className="app-form app-inline-form"
          onSubmit={(event) => void create(event)}
          noValidate
        >
          <FormError message={error} />
          <TextInputField
            id="share-name"
            label="Link name"
            maxLength={100}
            value={name}
            onChange={setName}
          />
          <div className="field">
            <label htmlFor="share-expiry">Stops working</label>
            <select
              id="share-expiry"
              value={days}
              onChange={(event) => setDays(event.target.value)}
            >
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice.days} value={choice.days}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" busy={busy} busyLabel="Making…">
            Make a link
          </Button>
        </form>
      ) : (
        <p className="app-muted">Your role does not make or revoke share links.</p>
      )}
      {links.isError ? (
        <LoadError message={problemText(links.error)} onRetry={() => void links.refetch()} />
      ) : null}
      {list.length > 0 ? (
        <StackedTable
          caption="Share links"
          columns={["Name", "Made", "Expires", "Last used", "State"]}
          withActions={mayShare}
        >
          {list.map((link) => (
            <tr key={link.id}>
              <td data-label="Name">{link.name}</td>
              <td data-label="Made">{formatDateTime(link.created_at)}</td>
              <td data-label="Expires">
                {link.expires_at ? formatDateTime(link.expires_at) : "Never"}
              </td>
              <td data-label="Last used">
                {link.last_used_at ? formatDateTime(link.last_used_at) : "Never"}
              </td>
              <td data-label="State">{linkState(link, now)}</td>
              {mayShare ? (
                <td className="app-cell-actions">
                  {link.revoked_at ? null : (
                    <Button
                      size="small"
                      variant="danger"
                      aria-label={`Revoke ${link.name}`}
                      onClick={() => setRevoking(link)}
                    >
                      Revoke
                    </Button>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </StackedTable>
      ) : links.isSuccess ? (
        <p className="app-muted">No links yet.</p>
      ) : null}
      <ConfirmDialog
        open={revoking !== undefined}
        title={`Revoke ${revoking?.name ?? "this link"}?`}
        confirmLabel="Revoke link"
        busyLabel="Revoking…"
        busy={busy}
        error={revokeError}
        onConfirm={() => void revoke()}
        onCancel={() => {
          setRevoking(undefined);
          setRevokeError(undefined);
        }}
      >
        <p>Screens showing the board through this link stop updating and say it no longer works.</p>
      </ConfirmDialog>
    </section>
  );
}
