import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AGENT_OFFLINE_AFTER, ALERT_SEVERITIES, type AlertSeverity } from "@upwatch/core";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { channelsQuery } from "../cache/queries.ts";
import { SeverityChips } from "../channels/severity-chips.tsx";
import { useCan } from "../session.tsx";
import { Field } from "../ui/field.tsx";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { TextInputField } from "../ui/text-input-field.tsx";
import { useToast } from "../ui/toast.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import { type Agent, agentKeys, updateAgent } from "./agents-api.ts";

type SettingsField = "name" | "offline_after_minutes" | "channel_ids";

/** An agent's name, how long a silence makes it offline, and where its alerts of each severity go. */
export function AgentSettingsForm({ agent }: { agent: Agent }) {
  const client = useQueryClient();
  const { showToast } = useToast();
  const channels = useQuery(channelsQuery());
  const mayAddChannel = useCan()("channels.manage");
  const [name, setName] = useState(agent.name);
  const [offlineAfter, setOfflineAfter] = useState(String(agent.offline_after_minutes));
  const [channelIds, setChannelIds] = useState(agent.channel_ids);
  const [severities, setSeverities] = useState<Record<string, AlertSeverity[]>>(() =>
    Object.fromEntries(agent.channels.map((link) => [link.id, link.severities])),
  );
  const nameRef = useRef<HTMLInputElement>(null);
  const offlineRef = useRef<HTMLInputElement>(null);
  const { min, max } = AGENT_OFFLINE_AFTER;
  const { errors, busy, onSubmit } = useFormSubmission<SettingsField>({
    focus: { name: nameRef, offline_after_minutes: offlineRef },
    check: () => {
      const minutes = Number(offlineAfter);
      return {
        name: name.trim() ? undefined : "Give the agent a name.",
        offline_after_minutes:
          Number.isInteger(minutes) && minutes >= min && minutes <= max
            ? undefined
            : `Choose a whole number of minutes from ${min} to ${max}.`,
      };
    },
    send: async () => {
      await updateAgent(agent.id, {
        name: name.trim(),
        offline_after_minutes: Number(offlineAfter),
        channels: channelIds.map((id) => ({
          id,
          severities: severities[id] ?? [...ALERT_SEVERITIES],
        })),
      });
      await client.invalidateQueries({ queryKey: agentKeys.agent(agent.id) });
      void client.invalidateQueries({ queryKey: agentKeys.list });
      showToast("The agent's settings are saved.");
    },
    refusal: ({ detail }) => {
      const text = detail.toLowerCase();
      if (text.includes("name")) return { name: detail };
      if (text.includes("offline") || text.includes("minute")) {
        return { offline_after_minutes: detail };
      }
      if (text.includes("channel")) return { channel_ids: detail };
      return { form: detail };
    },
  });
  const toggle = (id: string, on: boolean) =>
    setChannelIds((current) => (on ? [...current, id] : current.filter((item) => item !== id)));
  return (
    <form className="app-form" onSubmit={onSubmit} noValidate>
      <FormError message={errors.form} />
      <TextInputField
        ref={nameRef}
        id="agent-settings-name"
        label="Name"
        error={errors.name}
        maxLength={100}
        value={name}
        onChange={setName}
      />
      <Field
        id="agent-offline-after"
        label="Offline after (minutes)"
        hint={`Without a report for this long, the agent is offline and a critical alert opens; ${min} to ${max}.`}
        error={errors.offline_after_minutes}
      >
        <input
          ref={offlineRef}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={offlineAfter}
          onChange={(event) => setOfflineAfter(event.target.value)}
        />
      </Field>
      <fieldset className="app-fieldset">
        <legend>Send alerts to</legend>
        {channels.isPending ? (
          <p className="app-muted">Loading channels…</p>
        ) : (channels.data?.data ?? []).length === 0 ? (
          <p className="app-muted">
            No alert channels yet.{" "}
            {mayAddChannel ? (
              <>
                <Link to={`${APP_BASE}/channels/new`}>Add a channel</Link> to be told when this
                agent goes offline or a rule's alert opens.
              </>
            ) : null}
          </p>
        ) : (
          (channels.data?.data ?? []).map((channel) => (
            <div key={channel.id}>
              <label className="app-check">
                <input
                  type="checkbox"
                  checked={channelIds.includes(channel.id)}
                  onChange={(event) => toggle(channel.id, event.target.checked)}
                />
                {channel.name}
              </label>
              {channelIds.includes(channel.id) ? (
                <SeverityChips
                  label={`Alert severities sent to ${channel.name}`}
                  value={severities[channel.id] ?? ALERT_SEVERITIES}
                  onChange={(next) =>
                    setSeverities((current) => ({ ...current, [channel.id]: next }))
                  }
                />
              ) : null}
            </div>
          ))
        )}
        {errors.channel_ids ? <p className="field-error">{errors.channel_ids}</p> : null}
      </fieldset>
      <FormActions submitLabel="Save settings" busy={busy} />
    </form>
  );
}
