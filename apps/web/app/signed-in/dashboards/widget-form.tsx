import { useQuery } from "@tanstack/react-query";
import {
  AGENT_METRIC_NAMES,
  AGENT_METRIC_RANGES,
  AGENT_METRICS,
  rangeName,
  UPTIME_RANGES,
  WIDGET_TITLE_MAX,
  WIDGET_TYPE_DESCRIPTIONS,
  WIDGET_TYPE_NAMES,
  WIDGET_TYPES,
  type WidgetType,
} from "@upwatch/core";
import { type FormEvent, useState } from "react";
import { agentsQuery } from "../agents/agents-api.ts";
import { call } from "../api-call.ts";
import { groupsQuery, monitorsQuery } from "../cache/queries.ts";
import { OP } from "../operation-routes.ts";
import { statusPagesQuery } from "../status-pages/status-pages-api.ts";
import { Button } from "../ui/button.tsx";
import { FormError } from "../ui/form-error.tsx";
import { TextInputField } from "../ui/text-input-field.tsx";
import { EMPTY_WIDGET_FORM, type WidgetFormValues, widgetSettingsOf } from "./widget-settings.ts";

/** A new widget as the form makes it: kind, optional title and settings. */
export interface NewWidget {
  type: WidgetType;
  title: string | null;
  settings: Record<string, unknown>;
}

const SLA_SUBJECTS = {
  monitor: "Monitor",
  group: "Group",
  agent: "Agent",
  status_page: "Status page",
};
const SLA_PERIODS = {
  current_month: "This month",
  previous_month: "Last month",
  last_30_days: "The last 30 days",
};

interface Option {
  id: string;
  name: string;
}

function Select({
  id,
  label,
  value,
  onChange,
  options,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly Option[];
  placeholder?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}

const named = (values: readonly string[], name: (value: string) => string) =>
  values.map((value) => ({ id: value, name: name(value) }));

/** Choosing a widget's kind and what it shows, then adding it to the board or changing it. */
export function WidgetForm({
  onAdd,
  initial = EMPTY_WIDGET_FORM,
  submitLabel = "Add widget",
  onCancel,
}: {
  onAdd(widget: NewWidget): void;
  /** A saved widget's values, when the form changes it rather than adding one. */
  initial?: WidgetFormValues;
  submitLabel?: string;
  onCancel?(): void;
}) {
  const [values, setValues] = useState<WidgetFormValues>(initial);
  const [problem, setProblem] = useState<string>();
  const set = (change: Partial<WidgetFormValues>) => setValues((now) => ({ ...now, ...change }));
  const monitors = useQuery(monitorsQuery()).data?.data ?? [];
  const groups = useQuery(groupsQuery()).data?.data ?? [];
  const agents = useQuery({ ...agentsQuery(), refetchInterval: false }).data?.data ?? [];
  const pages = useQuery(statusPagesQuery()).data?.data ?? [];
  const customSeries =
    useQuery({
      queryKey: ["agent", values.agentId, "custom-series"],
      queryFn: () => call(OP.listCustomSeries, { params: { id: values.agentId } }),
      enabled:
        values.type === "agent_metric" && values.metric === "custom" && values.agentId !== "",
    }).data?.data ?? [];
  const subjects: Record<WidgetFormValues["subjectType"], readonly Option[]> = {
    monitor: monitors,
    group: groups,
    agent: agents,
    status_page: pages,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const made = widgetSettingsOf(values);
    if ("problem" in made) {
      setProblem(made.problem);
      return;
    }
    setProblem(undefined);
    onAdd({ type: values.type, title: values.title.trim() || null, settings: made.settings });
    setValues({ ...EMPTY_WIDGET_FORM, type: values.type });
  };

  const toggle = (list: string[], id: string) =>
    list.includes(id) ? list.filter((item) => item !== id) : [...list, id];

  return (
    <form className="app-form board-widget-form" onSubmit={submit} noValidate>
      <FormError message={problem} />
      <Select
        id="widget-type"
        label="Kind of widget"
        value={values.type}
        onChange={(type) => set({ type: type as WidgetType })}
        options={named(WIDGET_TYPES, (type) => WIDGET_TYPE_NAMES[type as WidgetType])}
      />
      <p className="field-hint">{WIDGET_TYPE_DESCRIPTIONS[values.type]}</p>
      <TextInputField
        id="widget-title"
        label="Title"
        required={false}
        hint="Shown above the widget; its kind's name when left empty."
        maxLength={WIDGET_TITLE_MAX}
        value={values.title}
        onChange={(title) => set({ title })}
      />
      {values.type === "status_grid" ? (
        <fieldset className="app-fieldset board-choices">
          <legend>Monitors and groups (none chosen: every monitor)</legend>
          {groups.map((group) => (
            <label className="app-check" key={group.id}>
              <input
                type="checkbox"
                checked={values.groupIds.includes(group.id)}
                onChange={() => set({ groupIds: toggle(values.groupIds, group.id) })}
              />
              <span>Group: {group.name}</span>
            </label>
          ))}
          {monitors.map((monitor) => (
            <label className="app-check" key={monitor.id}>
              <input
                type="checkbox"
                checked={values.monitorIds.includes(monitor.id)}
                onChange={() => set({ monitorIds: toggle(values.monitorIds, monitor.id) })}
              />
              <span>{monitor.name}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {values.type === "uptime" || values.type === "response_time" ? (
        <>
          <Select
            id="widget-monitor"
            label="Monitor"
            value={values.monitorId}
            onChange={(monitorId) => set({ monitorId })}
            options={monitors}
            placeholder="Choose a monitor"
          />
          <Select
            id="widget-uptime-range"
            label="Over the last"
            value={values.uptimeRange}
            onChange={(range) => set({ uptimeRange: range as WidgetFormValues["uptimeRange"] })}
            options={named(UPTIME_RANGES, rangeName)}
          />
        </>
      ) : null}
      {values.type === "agent_metric" ? (
        <>
          <Select
            id="widget-agent"
            label="Agent"
            value={values.agentId}
            onChange={(agentId) => set({ agentId, seriesId: "" })}
            options={agents}
            placeholder="Choose an agent"
          />
          <Select
            id="widget-metric"
            label="Figure"
            value={values.metric}
            onChange={(metric) => set({ metric: metric as WidgetFormValues["metric"] })}
            options={named(
              AGENT_METRICS,
              (metric) => AGENT_METRIC_NAMES[metric as keyof typeof AGENT_METRIC_NAMES],
            )}
          />
          {values.metric === "custom" ? (
            <Select
              id="widget-series"
              label="Custom metric"
              value={values.seriesId}
              onChange={(seriesId) => set({ seriesId })}
              options={customSeries.map((series) => ({ id: series.id, name: series.series_key }))}
              placeholder={
                customSeries.length === 0 ? "The agent reports no custom metrics" : "Choose one"
              }
            />
          ) : null}
          <Select
            id="widget-agent-range"
            label="Over the last"
            value={values.agentRange}
            onChange={(range) => set({ agentRange: range as WidgetFormValues["agentRange"] })}
            options={named(AGENT_METRIC_RANGES, rangeName)}
          />
        </>
      ) : null}
      {values.type === "open_alerts" ? (
        <div className="field">
          <label htmlFor="widget-limit">Alerts shown at most</label>
          <input
            id="widget-limit"
            type="number"
            min={1}
            max={50}
            value={values.limit}
            onChange={(event) => set({ limit: event.target.value })}
          />
        </div>
      ) : null}
      {values.type === "sla_figure" ? (
        <>
          <Select
            id="widget-subject-type"
            label="About"
            value={values.subjectType}
            onChange={(kind) =>
              set({ subjectType: kind as WidgetFormValues["subjectType"], subjectId: "" })
            }
            options={named(
              Object.keys(SLA_SUBJECTS),
              (kind) => SLA_SUBJECTS[kind as keyof typeof SLA_SUBJECTS],
            )}
          />
          <Select
            id="widget-subject"
            label={SLA_SUBJECTS[values.subjectType]}
            value={values.subjectId}
            onChange={(subjectId) => set({ subjectId })}
            options={subjects[values.subjectType]}
            placeholder="Choose one"
          />
          <Select
            id="widget-sla-period"
            label="Period"
            value={values.slaPeriod}
            onChange={(period) => set({ slaPeriod: period as WidgetFormValues["slaPeriod"] })}
            options={named(
              Object.keys(SLA_PERIODS),
              (period) => SLA_PERIODS[period as keyof typeof SLA_PERIODS],
            )}
          />
          <div className="field">
            <label htmlFor="widget-target">Target, %</label>
            <input
              id="widget-target"
              type="number"
              min={50}
              max={100}
              step={0.01}
              value={values.target}
              onChange={(event) => set({ target: event.target.value })}
            />
          </div>
        </>
      ) : null}
      <div className="board-editor-actions">
        <Button type="submit" variant="ghost">
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
