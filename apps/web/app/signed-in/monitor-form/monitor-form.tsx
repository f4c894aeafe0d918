import { useQueryClient } from "@tanstack/react-query";
import type { Channel, Group, MonitorView } from "@upwatch/api";
import { ALERT_SEVERITIES, isScheduledCheckType, type Plan } from "@upwatch/core";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { type BodyOf, call } from "../api-call.ts";
import { APP_BASE, problemText } from "../api-client.ts";
import { storeMonitor } from "../cache/live-cache.ts";
import { queryKeys } from "../cache/queries.ts";
import { OP } from "../operation-routes.ts";
import { ChannelPicker } from "./channel-picker.tsx";
import { Field } from "./field.tsx";
import type { MonitorFormValues } from "./form-values.ts";
import { GroupPicker } from "./group-picker.tsx";
import { RunFromFields } from "./run-from-fields.tsx";
import { ScheduleFields } from "./schedule-fields.tsx";
import { TypePicker } from "./type-picker.tsx";
import { CHECK_TYPE_FORMS } from "./types/index.ts";
import { validateMonitorForm } from "./validate-monitor-form.ts";

/** Creates a monitor, or edits one, checked as the server will check it before it is sent. */
export function MonitorForm({
  monitor,
  initial,
  plan,
  monitorCount,
  channels,
  groups,
}: {
  /** The monitor being edited; absent when creating one. */
  monitor?: MonitorView | undefined;
  initial: MonitorFormValues;
  plan: Plan;
  /** The account's monitors when creating, for the plan's limit. */
  monitorCount: number | null;
  channels: readonly Channel[] | undefined;
  /** The account's groups; undefined while they load. */
  groups: readonly Group[] | undefined;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<keyof MonitorFormValues>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const problemBox = useRef<HTMLDivElement>(null);
  const [focusFirstError, setFocusFirstError] = useState(0);

  const check = useMemo(
    () => validateMonitorForm(values, plan, monitor ? null : monitorCount),
    [values, plan, monitor, monitorCount],
  );

  useEffect(() => {
    if (!focusFirstError) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusFirstError]);

  const set = <K extends keyof MonitorFormValues>(field: K, value: MonitorFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    const linked = CHECK_TYPE_FORMS[values.type].linkedFields?.[field];
    setTouched((current) => new Set([...current, field, ...(linked ? [linked] : [])]));
    setServerError(null);
  };
  const revealed = (field: keyof MonitorFormValues) => submitted || touched.has(field);
  const shown = Object.fromEntries(
    Object.entries(check.errors).filter(([field]) => revealed(field as keyof MonitorFormValues)),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!check.payload) {
      setFocusFirstError((n) => n + 1);
      return;
    }
    setSending(true);
    setServerError(null);
    try {
      const saved = monitor
        ? await call(OP.updateMonitor, {
            params: { id: monitor.id },
            body: check.payload as BodyOf<"updateMonitor">,
          })
        : await call(OP.createMonitor, { body: check.payload as BodyOf<"createMonitor"> });
      if (channels !== undefined) {
        await call(OP.setMonitorChannels, {
          params: { id: saved.id },
          body: {
            channels: values.channel_ids.map((id) => ({
              id,
              severities: values.channel_severities[id] ?? [...ALERT_SEVERITIES],
            })),
          },
        });
      }
      storeMonitor(client, saved);
      void client.invalidateQueries({ queryKey: queryKeys.monitorChannels(saved.id) });
      void client.invalidateQueries({ queryKey: queryKeys.channels });
      navigate(`${APP_BASE}/monitors/${saved.id}`);
    } catch (error) {
      setServerError(problemText(error));
      setSending(false);
      requestAnimationFrame(() => problemBox.current?.focus());
    }
  }

  const topProblem = serverError ?? check.formError;
  const idPrefix = "monitor";
  const { target, section } = CHECK_TYPE_FORMS[values.type];
  return (
    <form ref={form} className="monitor-form" onSubmit={submit} noValidate>
      <div ref={problemBox} tabIndex={-1} className="form-problem-slot" role="alert">
        {topProblem ? <p className="notice notice-error">{topProblem}</p> : null}
      </div>
      <TypePicker values={values} set={set} errors={shown} plan={plan} />
      <section className="form-section" aria-labelledby="basics-title">
        <h2 id="basics-title">The basics</h2>
        <Field id={`${idPrefix}-name`} label="Name" error={shown.name}>
          <input
            value={values.name}
            placeholder="Shop front page"
            onChange={(e) => set("name", e.target.value)}
          />
        </Field>
        {target ? (
          <Field
            id={`${idPrefix}-target`}
            label={target.label}
            hint={target.hint}
            error={shown.target}
          >
            <input
              value={values.target}
              placeholder={target.placeholder}
              inputMode={target.inputMode}
              autoCapitalize="off"
              spellCheck={false}
              onChange={(e) => set("target", e.target.value)}
            />
          </Field>
        ) : null}
        <GroupPicker values={values} set={set} errors={shown} groups={groups} />
      </section>
      {section ? (
        <section className="form-section" aria-labelledby={section.titleId}>
          <h2 id={section.titleId}>{section.title}</h2>
          <section.Fields
            values={values}
            set={set}
            errors={shown}
            check={check}
            serverError={serverError}
            revealed={revealed}
          />
        </section>
      ) : null}
      <section className="form-section" aria-labelledby="schedule-title">
        <h2 id="schedule-title">Schedule and alerting</h2>
        <ScheduleFields values={values} set={set} errors={shown} plan={plan} />
        {isScheduledCheckType(values.type) ? (
          <RunFromFields
            values={values}
            set={set}
            errors={shown}
            plan={plan}
            editing={monitor !== undefined}
          />
        ) : null}
        <ChannelPicker values={values} set={set} channels={channels} />
      </section>
      <div className="form-actions">
        <Link
          to={monitor ? `${APP_BASE}/monitors/${monitor.id}` : APP_BASE}
          className="button button-ghost"
        >
          Cancel
        </Link>
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? "Saving…" : monitor ? "Save changes" : "Create monitor"}
        </button>
      </div>
    </form>
  );
}
