import type { SessionDevice } from "@upwatch/api";
import { useState } from "react";
import { call } from "../api-call.ts";
import { errorDetail } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { Button } from "../ui/button.tsx";
import { FormError } from "../ui/form-error.tsx";
import { formatDateTime, formatRelative } from "../ui/format.ts";
import { LoadError } from "../ui/load-error.tsx";
import { useToast } from "../ui/toast.tsx";
import { useLoaded } from "./use-loaded.ts";

const readSessions = () => call(OP.listSessions);

const METHODS: Record<string, string> = {
  password: "Password",
  "two-factor": "Password and code",
  sso: "Single sign-on",
};

/** Where you are signed in, and signing one of those sessions out. */
export function SessionsPanel() {
  const { showToast } = useToast();
  const { data, error, reload } = useLoaded(readSessions);
  const [ending, setEnding] = useState<string>();
  const [endError, setEndError] = useState<string>();

  const end = async (session: SessionDevice) => {
    setEnding(session.id);
    try {
      await call(OP.endSessionById, { params: { id: session.id } });
      setEndError(undefined);
      showToast(`${session.device} was signed out.`);
      await reload();
    } catch (failure) {
      setEndError(errorDetail(failure));
    } finally {
      setEnding(undefined);
    }
  };

  return (
    <section className="app-panel" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Sessions</h2>
      <p className="app-panel-lead">The browsers and devices signed in as you.</p>
      <FormError message={endError} />
      {error ? (
        <LoadError message={error} onRetry={reload} />
      ) : !data ? (
        <p role="status">Loading...</p>
      ) : (
        <div className="app-table-wrap">
          <table className="app-table app-table-stack sessions-table">
            <thead>
              <tr>
                <th scope="col">Device</th>
                <th scope="col">Address</th>
                <th scope="col">Signed in</th>
                <th scope="col">Last seen</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((session) => (
                <tr key={session.id} data-session={session.current ? "current" : "other"}>
                  <td data-label="Device">
                    <span>
                      {session.device}
                      <br />
                      <small>{METHODS[session.method] ?? session.method}</small>
                    </span>
                  </td>
                  <td data-label="Address">{session.ip_address ?? "—"}</td>
                  <td data-label="Signed in">{formatDateTime(session.signed_in_at)}</td>
                  <td data-label="Last seen">{formatRelative(session.last_seen_at)}</td>
                  <td className="app-cell-actions">
                    {session.current ? (
                      "This browser"
                    ) : (
                      <Button
                        variant="ghost"
                        size="small"
                        busy={ending === session.id}
                        busyLabel="Signing out..."
                        onClick={() => end(session)}
                      >
                        Sign out
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
