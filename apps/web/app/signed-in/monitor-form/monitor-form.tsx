import { useQueryClient } from "@tanstack/react-query";
import type { Channel, Group, MonitorView } from "@upwatch/api";
import type { Plan } from "@upwatch/core";
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
import { HeartbeatFields } from "./heartbeat-fields.tsx";
import { HttpFields } from "./http-fields.tsx";
import { MultiStepFields } from "./multi-step-fields.tsx";
import { DnsFields, SslFields } from "./other-type-fields.tsx";
import { RunFromFields } from "./run-from-fields.tsx";
import { ScheduleFields } from "./schedule-fields.tsx";
import { serverStepProblem } from "./step-problems.ts";
import { hasTarget, TARGET_HINTS, TARGET_PLACEHOLDERS } from "./target-hints.ts";
import { TypePicker } from "./type-picker.tsx";
import { validateMonitorForm } from "./validate-monitor-form.ts";

/** Fields whose errors show together: touching one shows the other's. */
const LINKED: Partial<Record<keyof MonitorFormValues, keyof MonitorFormValues>> = {
  auth_type: "headers",
  auth_username: "headers",
  auth_password: "headers",
  auth_token: "headers",
};

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
    setTouched(
      (current) => new Set([...current, field, ...(LINKED[field] ? [LINKED[field]] : [])]),
    );
    setServerError(null);
  };
  // A server sentence naming a step (`Step "login": ...`) is shown on that step too.
  const serverStep = serverError ? serverStepProblem(serverError, values.steps) : null;
  const stepsShown = submitted || touched.has("steps");
  const stepProblems = values.steps.map((_, index) =>
    serverStep?.index === index
      ? serverStep.problem
      : stepsShown
        ? check.stepProblems[index]
        : undefined,
  );
  // A refusal about the variables (`variables.password: ...`) is shown under them too.
  const variablesRefusal = serverError?.startsWith("variables.") ? serverError : undefined;
  const shown = Object.fromEntries(
    Object.entries(check.errors).filter(
      ([field]) => submitted || touched.has(field as keyof MonitorFormValues),
    ),
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
          body: { channel_ids: values.channel_ids },
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
        {hasTarget(values.type) ? (
          <Field
            id={`${idPrefix}-target`}
            label={values.type === "http" || values.type === "keyword" ? "URL" : "Target"}
            hint={TARGET_HINTS[values.type]}
            error={shown.target}
          >
            <input
              value={values.target}
              placeholder={TARGET_PLACEHOLDERS[values.type]}
              inputMode={values.type === "http" || values.type === "keyword" ? "url" : "text"}
              autoCapitalize="off"
              spellCheck={false}
              onChange={(e) => set("target", e.target.value)}
            />
          </Field>
        ) : null}
        <GroupPicker values={values} set={set} errors={shown} groups={groups} />
      </section>
      {values.type === "multi_step" ? (
        <section className="form-section" aria-labelledby="steps-title">
          <h2 id="steps-title">The steps</h2>
          <MultiStepFields
            values={values}
            set={set}
            errors={variablesRefusal ? { ...shown, variables: variablesRefusal } : shown}
            stepProblems={stepProblems}
          />
        </section>
      ) : null}
      {values.type === "http" ||
      values.type === "keyword" ||
      values.type === "dns" ||
      values.type === "ssl" ? (
        <section className="form-section" aria-labelledby="options-title">
          <h2 id="options-title">
            {values.type === "dns"
              ? "The lookup"
              : values.type === "ssl"
                ? "The certificate"
                : "The request"}
          </h2>
          {values.type === "dns" ? (
            <DnsFields values={values} set={set} errors={shown} />
          ) : values.type === "ssl" ? (
            <SslFields values={values} set={set} errors={shown} />
          ) : (
            <HttpFields values={values} set={set} errors={shown} />
          )}
        </section>
      ) : null}
      {values.type === "heartbeat" ? (
        <section className="form-section" aria-labelledby="heartbeat-title">
          <h2 id="heartbeat-title">The job's schedule</h2>
          <p className="field-hint">
            Once saved, the monitor's page shows the URL your job pings, with examples.
          </p>
          <HeartbeatFields values={values} set={set} errors={shown} />
        </section>
      ) : null}
      <section className="form-section" aria-labelledby="schedule-title">
        <h2 id="schedule-title">Schedule and alerting</h2>
        <ScheduleFields values={values} set={set} errors={shown} plan={plan} />
        {values.type === "heartbeat" ? null : (
          <RunFromFields
            values={values}
            set={set}
            errors={shown}
            plan={plan}
            editing={monitor !== undefined}
          />
        )}
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
