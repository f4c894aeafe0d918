import { useQueryClient } from "@tanstack/react-query";
import type { Channel } from "@upwatch/api";
import { ALERT_CHANNELS, type AlertChannel, channelType } from "@upwatch/core";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { type BodyOf, call } from "../api-call.ts";
import { APP_BASE } from "../api-client.ts";
import { queryKeys } from "../cache/queries.ts";
import { OP } from "../operation-routes.ts";
import { useSession } from "../session.tsx";
import { CheckField } from "../ui/check-field.tsx";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { TextInputField } from "../ui/text-input-field.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import { planNeededFor } from "./channel-display.ts";
import {
  type ChannelFormField,
  channelErrorsFrom,
  initialSettings,
  type SettingErrorKey,
  settingErrors,
  settingsToSend,
} from "./channel-errors.ts";
import { ChannelRoutingFields, useChannelRouting } from "./channel-routing-fields.tsx";
import { ChannelSettingsFields } from "./channel-settings-fields.tsx";
import { MonitorPicker } from "./monitor-picker.tsx";

interface ChannelFormProps {
  /** The channel being changed; without it the form adds a new one. */
  channel?: Channel;
  onSaved(channel: Channel): void;
  onCancel?(): void;
}

/** Adding or changing a channel: type, its settings, name, and the monitors that use it. */
export function ChannelForm({ channel, onSaved, onCancel }: ChannelFormProps) {
  const { account, user } = useSession();
  const client = useQueryClient();
  const [type, setType] = useState<AlertChannel>(channel?.type ?? "email");
  const [settings, setSettings] = useState(() =>
    initialSettings(type, channel ? channel.config : {}),
  );
  const settingControls = useRef(new Map<string, HTMLInputElement | HTMLSelectElement>());
  const [name, setName] = useState(channel?.name ?? "");
  const [attach, setAttach] = useState(channel?.attach_to_new_monitors ?? true);
  const [monitorIds, setMonitorIds] = useState<string[]>(channel?.monitor_ids ?? []);
  const routing = useChannelRouting(channel);
  const nameRef = useRef<HTMLInputElement>(null);
  const typeRef = useRef<HTMLFieldSetElement>(null);
  const settingFocus: Partial<Record<SettingErrorKey, () => void>> = {};
  for (const key of Object.keys(settings)) {
    settingFocus[`config.${key}`] = () => settingControls.current.get(key)?.focus();
  }
  const { errors, setErrors, busy, onSubmit } = useFormSubmission<ChannelFormField>({
    focus: {
      type: () => typeRef.current?.querySelector<HTMLInputElement>(":checked")?.focus(),
      ...settingFocus,
      name: nameRef,
    },
    check: () => ({
      ...unchangedSecretsPass(settingErrors(type, settings), settings, channel?.config),
      name: name.trim().length > 100 ? "Use at most 100 characters." : undefined,
    }),
    send: async () => {
      const config = settingsToSend(type, settings);
      const saved = channel
        ? await call(OP.updateChannel, {
            params: { id: channel.id },
            body: {
              ...(name.trim() ? { name: name.trim() } : {}),
              config,
              attach_to_new_monitors: attach,
              ...routing.body(monitorIds),
            },
          })
        : await call(OP.createChannel, {
            // The type's own fields carry its settings (an address, a number, a url, a token).
            body: {
              type,
              ...(name.trim() ? { name: name.trim() } : {}),
              config,
              attach_to_new_monitors: attach,
              ...routing.body(monitorIds),
            } as BodyOf<"createChannel">,
          });
      void client.invalidateQueries({ queryKey: queryKeys.channels });
      await client.invalidateQueries({ queryKey: queryKeys.channel(saved.id) });
      onSaved(saved);
    },
    refusal: ({ status, detail }) => channelErrorsFrom(type, status, detail),
    staysBusy: true,
  });

  const chooseType = (next: AlertChannel) => {
    setType(next);
    if (next !== type) setSettings(initialSettings(next));
    setErrors({});
  };

  return (
    <form className="app-form app-channel-form" onSubmit={onSubmit} noValidate>
      <FormError message={errors.form} />
      {channel ? null : (
        <fieldset
          ref={typeRef}
          className="app-fieldset"
          aria-describedby={errors.type ? "channel-type-error" : undefined}
        >
          <legend>Type</legend>
          <div className="app-type-grid">
            {ALERT_CHANNELS.map((option) => {
              const needs = planNeededFor(option, account.plan);
              return (
                <label key={option} className="app-type-option" data-checked={option === type}>
                  <input
                    type="radio"
                    name="channel-type"
                    value={option}
                    checked={option === type}
                    onChange={() => chooseType(option)}
                  />
                  <span className="app-type-text">
                    <strong>{channelType(option).label}</strong>
                    <span className="app-muted">{channelType(option).description}</span>
                    {needs ? (
                      <span className="app-tag" data-tone="muted">
                        {needs}
                        <span className="app-tag-more"> plan or above</span>
                      </span>
                    ) : null}
                  </span>
                </label>
              );
            })}
          </div>
          {errors.type ? (
            <p id="channel-type-error" className="field-error" role="alert">
              {errors.type} <Link to={`${APP_BASE}/settings#plan`}>See your plan</Link>
            </p>
          ) : null}
        </fieldset>
      )}
      <ChannelSettingsFields
        type={type}
        values={settings}
        errors={errors}
        onChange={(key, value) => setSettings((current) => ({ ...current, [key]: value }))}
        controls={settingControls.current}
      />
      <TextInputField
        ref={nameRef}
        id="channel-name"
        label="Name"
        required={false}
        hint="How the channel appears in lists. Left empty, Upwatch names it after its destination."
        error={errors.name}
        value={name}
        onChange={setName}
      />
      <CheckField
        label="Use this channel for every new monitor"
        checked={attach}
        onChange={setAttach}
        hint={
          attach && type === "email" && mayNeedConfirmation(settings.address ?? "", user.email)
            ? "An address outside your account receives nothing until its recipient confirms it, so new monitors' alerts to it are not sent until then."
            : undefined
        }
      />
      <ChannelRoutingFields routing={routing} attach={attach} />
      <MonitorPicker selected={monitorIds} onChange={setMonitorIds} />
      {errors.monitors ? (
        <p className="field-error" role="alert">
          {errors.monitors}
        </p>
      ) : null}
      <FormActions
        submitLabel={channel ? "Save changes" : "Add channel"}
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}

/**
 * A secret the server shows masked and the form sends back unchanged keeps its stored value, so
 * it passes whatever its field's pattern.
 */
function unchangedSecretsPass(
  errors: Record<SettingErrorKey, string | undefined>,
  settings: Record<string, string>,
  stored: Record<string, string> | undefined,
): Record<SettingErrorKey, string | undefined> {
  if (!stored) return errors;
  const kept = { ...errors };
  for (const key of Object.keys(settings)) {
    if (stored[key] !== undefined && settings[key] === stored[key])
      kept[`config.${key}`] = undefined;
  }
  return kept;
}

/** Whether an e-mail destination may have to confirm first: the signed-in user's own never does. */
function mayNeedConfirmation(destination: string, ownAddress: string): boolean {
  const address = destination.trim().toLowerCase();
  return address !== "" && address !== ownAddress.toLowerCase();
}
