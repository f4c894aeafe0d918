import type { StepResult, StepType } from "@upwatch/core";
import type { ReactNode } from "react";
import { formatMs } from "../monitors/format.ts";
import { StepOutcome } from "./step-outcome.tsx";

const STEP_TYPE_NAMES: Record<StepType, string> = {
  http_request: "Request",
  extract: "Extract",
  assertion: "Assertion",
  wait: "Wait",
  script: "Script",
};

const PATH_NOTES = {
  normal: null,
  failure: "Only when a step it depends on fails",
  completion: "Once the steps it depends on have finished",
} as const;

function timingsText(timings: NonNullable<StepResult["timings"]>): string | null {
  const parts = [
    ["DNS", timings.dnsMs],
    ["connect", timings.connectMs],
    ["TLS", timings.tlsMs],
    ["first byte", timings.firstByteMs],
  ] as const;
  const known = parts.filter(([, ms]) => ms !== null && ms !== undefined);
  if (known.length === 0) return null;
  return known.map(([name, ms]) => `${name} ${formatMs(ms)}`).join(", ");
}

/** One step of a run: what it did, what it found and, when it failed, why. */
export function RunStep({
  step,
  number,
  failedTheRun,
  anchor,
}: {
  step: StepResult;
  number: number;
  failedTheRun: boolean;
  anchor?: string;
}) {
  const pathNote = PATH_NOTES[step.path];
  const timings = step.timings ? timingsText(step.timings) : null;
  return (
    <li
      id={anchor}
      className={`run-step step-${step.status}${failedTheRun ? " step-failed-run" : ""}`}
    >
      <div className="run-step-head">
        <span className="run-step-number">{number}.</span>
        <StepOutcome status={step.status} />
        <span className="run-step-name">{step.name}</span>
        <span className="type-chip">{STEP_TYPE_NAMES[step.type] ?? step.type}</span>
        {step.status === "skipped" ? null : (
          <span className="run-step-duration">{formatMs(step.durationMs)}</span>
        )}
        {failedTheRun ? <strong className="run-step-flag">This step failed the run</strong> : null}
      </div>
      {step.error ? <p className="run-step-error">{step.error}</p> : null}
      <dl className="run-step-facts">
        {pathNote ? <Fact term="When it runs">{pathNote}</Fact> : null}
        {step.request ? (
          <Fact term="Request">
            <code>
              {step.request.method} {step.request.url}
            </code>
          </Fact>
        ) : null}
        {step.statusCode !== null && step.statusCode !== undefined ? (
          <Fact term="Status code">{step.statusCode}</Fact>
        ) : null}
        {timings ? <Fact term="Timings">{timings}</Fact> : null}
        {step.expected !== null && step.expected !== undefined ? (
          <Fact term="Expected">
            <code>{step.expected}</code>
          </Fact>
        ) : null}
        {step.actual !== null && step.actual !== undefined ? (
          <Fact term={step.type === "extract" ? "Value" : "Actual"}>
            <code>{step.actual}</code>
          </Fact>
        ) : null}
        {step.variables?.length ? (
          <Fact term="Variables set">
            {step.variables.map((name, index) => (
              <span key={name}>
                {index ? ", " : ""}
                <code>{name}</code>
              </span>
            ))}
          </Fact>
        ) : null}
        {step.logs?.length ? (
          <Fact term="Script log">
            <pre className="run-step-logs">{step.logs.join("\n")}</pre>
          </Fact>
        ) : null}
      </dl>
    </li>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
