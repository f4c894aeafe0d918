import {
  ASSERTION_OPERATORS,
  ASSERTION_TYPES,
  type AssertionOperator,
  type AssertionType,
  EXTRACT_SOURCES,
  HTTP_METHODS,
} from "@upwatch/core";
import { Field } from "./field.tsx";
import { NameValueRows } from "./name-value-rows.tsx";
import {
  assertionHasPath,
  type ExtractSource,
  expectsNumber,
  type StepField,
  type StepProblem,
  type StepRow,
} from "./step-values.ts";

const ASSERTION_NAMES: Record<AssertionType, string> = {
  status_code: "Status code",
  json_path: "JSON value (JSONPath)",
  header: "Header",
  response_time: "Response time (ms)",
  body_contains: "Body",
};

const OPERATOR_NAMES: Record<AssertionOperator, string> = {
  equals: "equals",
  not_equals: "does not equal",
  contains: "contains",
  greater_than: "is greater than",
  less_than: "is less than",
  exists: "exists",
};

const SOURCE_NAMES: Record<ExtractSource, string> = {
  body: "Body (JSONPath)",
  headers: "Header",
  status: "Status code",
};

interface ConfigProps {
  step: StepRow;
  update: (patch: Partial<StepRow>) => void;
  problem: StepProblem | undefined;
}

interface ChoiceSelectProps<T extends string> {
  value: T;
  choices: readonly T[];
  /** How each choice reads; the choice itself when left out. */
  names?: Record<T, string>;
  onChange: (value: T) => void;
}

/** A select of fixed choices; other props (id, aria-*) come from the Field around it. */
function ChoiceSelect<T extends string>({
  value,
  choices,
  names,
  onChange,
  ...rest
}: ChoiceSelectProps<T>) {
  return (
    <select {...rest} value={value} onChange={(e) => onChange(e.target.value as T)}>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {names?.[choice] ?? choice}
        </option>
      ))}
    </select>
  );
}

/** The problem's message when it points at this field. */
function errorOf(problem: StepProblem | undefined, field: StepField): string | undefined {
  return problem?.field === field ? problem.message : undefined;
}

function RequestFields({ step, update, problem }: ConfigProps) {
  const id = step.key;
  return (
    <>
      <div className="field-row">
        <Field id={`${id}-method`} label="Method" error={errorOf(problem, "method")}>
          <ChoiceSelect
            value={step.method}
            choices={HTTP_METHODS}
            onChange={(method) => update({ method })}
          />
        </Field>
        <Field
          id={`${id}-url`}
          label="URL"
          hint="May use variables, such as {{base_url}}/v1/orders."
          error={errorOf(problem, "url")}
        >
          <input
            value={step.url}
            inputMode="url"
            autoCapitalize="off"
            spellCheck={false}
            placeholder="{{base_url}}/v1/auth/login"
            onChange={(e) => update({ url: e.target.value })}
          />
        </Field>
      </div>
      <fieldset className="step-headers">
        <legend>Headers</legend>
        <NameValueRows
          idPrefix={`${id}-header`}
          rows={step.headers}
          onChange={(headers) => update({ headers })}
          nameLabel="Header name"
          valueLabel="Header value"
          addLabel="Add header"
          removeLabel="Remove header"
          groupLabel={(n) => `Header ${n}`}
        />
        {errorOf(problem, "headers") ? (
          <p className="field-error">{errorOf(problem, "headers")}</p>
        ) : null}
      </fieldset>
      <Field
        id={`${id}-body`}
        label="Body"
        hint="Optional; may use variables."
        error={errorOf(problem, "body")}
      >
        <textarea
          value={step.body}
          rows={3}
          spellCheck={false}
          onChange={(e) => update({ body: e.target.value })}
        />
      </Field>
    </>
  );
}

function ExtractFields({ step, update, problem }: ConfigProps) {
  const id = step.key;
  return (
    <div className="field-row">
      <Field id={`${id}-from`} label="From" error={errorOf(problem, "from")}>
        <ChoiceSelect
          value={step.from}
          choices={EXTRACT_SOURCES}
          names={SOURCE_NAMES}
          onChange={(from) => update({ from })}
        />
      </Field>
      {step.from === "status" ? null : (
        <Field
          id={`${id}-path`}
          label="Path"
          hint={
            step.from === "body"
              ? "A JSONPath such as $.data.token."
              : "A header name such as X-Request-Id."
          }
          error={errorOf(problem, "path")}
        >
          <input
            value={step.path}
            autoCapitalize="off"
            spellCheck={false}
            onChange={(e) => update({ path: e.target.value })}
          />
        </Field>
      )}
      <Field
        id={`${id}-to-variable`}
        label="Save as variable"
        hint="Later steps use it as {{name}}."
        error={errorOf(problem, "to_variable")}
      >
        <input
          value={step.to_variable}
          autoCapitalize="off"
          spellCheck={false}
          onChange={(e) => update({ to_variable: e.target.value })}
        />
      </Field>
    </div>
  );
}

function AssertionFields({ step, update, problem }: ConfigProps) {
  const id = step.key;
  const type = step.assertion_type;
  return (
    <div className="field-row">
      <Field id={`${id}-assertion`} label="Assertion">
        <ChoiceSelect
          value={type}
          choices={ASSERTION_TYPES}
          names={ASSERTION_NAMES}
          onChange={(assertion_type) => update({ assertion_type })}
        />
      </Field>
      {assertionHasPath(type) ? (
        <Field
          id={`${id}-path`}
          label="Path"
          hint={
            type === "json_path"
              ? "A JSONPath such as $.data[0].id."
              : "A header name such as Content-Type."
          }
          error={errorOf(problem, "path")}
        >
          <input
            value={step.path}
            autoCapitalize="off"
            spellCheck={false}
            onChange={(e) => update({ path: e.target.value })}
          />
        </Field>
      ) : null}
      <Field id={`${id}-operator`} label="Operator" error={errorOf(problem, "operator")}>
        <ChoiceSelect
          value={step.operator}
          choices={ASSERTION_OPERATORS}
          names={OPERATOR_NAMES}
          onChange={(operator) => update({ operator })}
        />
      </Field>
      {step.operator === "exists" ? null : (
        <Field id={`${id}-expected`} label="Expected" error={errorOf(problem, "expected")}>
          <input
            type={expectsNumber(type) ? "number" : "text"}
            value={step.expected}
            onChange={(e) => update({ expected: e.target.value })}
          />
        </Field>
      )}
    </div>
  );
}

/** The fields of a step's type. */
export function StepConfigFields(props: ConfigProps) {
  const { step, update, problem } = props;
  switch (step.type) {
    case "http_request":
      return <RequestFields {...props} />;
    case "extract":
      return <ExtractFields {...props} />;
    case "assertion":
      return <AssertionFields {...props} />;
    case "wait":
      return (
        <Field
          id={`${step.key}-seconds`}
          label="Seconds"
          hint="At most 30."
          error={errorOf(problem, "seconds")}
        >
          <input
            type="number"
            min={1}
            max={30}
            value={step.seconds}
            onChange={(e) => update({ seconds: e.target.value })}
          />
        </Field>
      );
    case "script":
      return (
        <Field
          id={`${step.key}-source`}
          label="Script"
          hint="JavaScript that reads and sets vars (such as vars.today = ...); no network."
          error={errorOf(problem, "source")}
        >
          <textarea
            className="step-source"
            value={step.source}
            rows={6}
            spellCheck={false}
            onChange={(e) => update({ source: e.target.value })}
          />
        </Field>
      );
    default:
      return null;
  }
}
