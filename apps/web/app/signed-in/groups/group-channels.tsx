import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Group } from "@upwatch/api";
import { type AlertSeverity, type ChannelLink, channelType } from "@upwatch/core";
import { useId, useState } from "react";
import { Link } from "react-router";
import { call } from "../api-call.ts";
import { APP_BASE, errorDetail } from "../api-client.ts";
import { channelsQuery } from "../cache/queries.ts";
import { SeverityChips, severitiesText } from "../channels/severity-chips.tsx";
import { OP } from "../operation-routes.ts";
import { useCan } from "../session.tsx";
import { Button } from "../ui/button.tsx";
import { FormError } from "../ui/form-error.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { useToast } from "../ui/toast.tsx";
import { storeGroup } from "./store-group.ts";

/** The channels every member alerts through, attached, detached and given severities here. */
export function GroupChannels({ group }: { group: Group }) {
  const client = useQueryClient();
  const { showToast } = useToast();
  const selectId = useId();
  const can = useCan();
  const mayManage = can("monitors.manage");
  const channels = useQuery(channelsQuery());
  const [choice, setChoice] = useState("");
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const all = channels.data?.data ?? [];
  const attached = all.filter((channel) => group.channel_ids.includes(channel.id));
  const free = all.filter((channel) => !group.channel_ids.includes(channel.id));

  const severitiesOf = (id: string) =>
    group.channels.find((link) => link.id === id)?.severities ?? [];
  const save = async (links: ChannelLink[], done: string, what: string) => {
    setBusy(what);
    setError(undefined);
    try {
      const saved = await call(OP.updateGroup, {
        params: { id: group.id },
        body: { channels: links },
      });
      storeGroup(client, saved);
      setChoice("");
      showToast(done);
    } catch (refusal) {
      setError(errorDetail(refusal));
    } finally {
      setBusy(undefined);
    }
  };

  if (channels.isPending) return <Skeleton lines={2} label="Loading channels" />;
  return (
    <>
      {attached.length === 0 ? (
        <p className="app-muted">No channel is attached to this group.</p>
      ) : (
        <ul className="group-monitor-list" aria-label={`Alert channels of ${group.name}`}>
          {attached.map((channel) => (
            <li key={channel.id}>
              <span className="app-tag">{channelType(channel.type).label}</span>
              <span className="group-monitor-name">
                <Link to={`${APP_BASE}/channels/${encodeURIComponent(channel.id)}`}>
                  {channel.name}
                </Link>
                {mayManage ? (
                  <SeverityChips
                    label={`Alert severities ${channel.name} receives from ${group.name}`}
                    value={severitiesOf(channel.id)}
                    disabled={busy !== undefined}
                    onChange={(severities: AlertSeverity[]) =>
                      void save(
                        group.channels.map((link) =>
                          link.id === channel.id ? { id: link.id, severities } : link,
                        ),
                        `${channel.name} now receives ${severitiesText(severities).toLowerCase()} from ${group.name}.`,
                        `severities-${channel.id}`,
                      )
                    }
                  />
                ) : (
                  <span className="app-muted"> {severitiesText(severitiesOf(channel.id))}</span>
                )}
              </span>
              {mayManage ? (
                <Button
                  variant="ghost"
                  size="small"
                  busy={busy === channel.id}
                  busyLabel="Detaching..."
                  aria-label={`Detach ${channel.name} from ${group.name}`}
                  onClick={() =>
                    void save(
                      group.channels.filter((link) => link.id !== channel.id),
                      `${channel.name} is detached from ${group.name}.`,
                      channel.id,
                    )
                  }
                >
                  Detach
                </Button>
              ) : (
                <span />
              )}
            </li>
          ))}
        </ul>
      )}
      {mayManage && free.length > 0 ? (
        <form
          className="group-add-row"
          onSubmit={(event) => {
            event.preventDefault();
            const channel = free.find((item) => item.id === choice);
            if (!channel) {
              setError("Choose a channel to attach.");
              return;
            }
            void save(
              [...group.channels, { id: channel.id, severities: ["critical", "warning", "info"] }],
              `${channel.name} is attached to ${group.name}.`,
              "attach",
            );
          }}
        >
          <div className="field">
            <label htmlFor={selectId}>Attach a channel</label>
            <select id={selectId} value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value="">Choose a channel</option>
              {free.map((channel) => (
                <option key={channel.id} value={channel.id}>
                  {channel.name} ({channelType(channel.type).label})
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="ghost" busy={busy === "attach"} busyLabel="Attaching...">
            Attach
          </Button>
        </form>
      ) : null}
      {mayManage && all.length === 0 && can("channels.manage") ? (
        <p className="app-muted">
          No alert channels yet. <Link to={`${APP_BASE}/channels/new`}>Add a channel</Link> first.
        </p>
      ) : null}
      <FormError message={error} />
    </>
  );
}
