import {
  CUSTOM_METRIC_LIMITS,
  type CustomMetricSample,
  customSeriesKey,
  LABEL_NAME_PATTERN,
  METRIC_NAME_PATTERN,
} from "@upwatch/core";

/** What a text in the Prometheus exposition format holds: its series, and its lines in error. */
export interface ParsedExposition {
  series: CustomMetricSample[];
  /** Sentences naming the line, one per line that was skipped. */
  problems: string[];
}

const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);
const limits = CUSTOM_METRIC_LIMITS;

class LineProblem extends Error {}

/**
 * Reads the Prometheus text exposition format (version 0.0.4): comments, HELP and TYPE lines,
 * samples with escaped label values, NaN and infinities (reported as null), and timestamps,
 * which are ignored: a value counts at the time it is collected. Histograms and summaries are
 * their series (`_bucket`, `_sum`, `_count`, quantiles). A bad line is skipped and named.
 */
export function parsePrometheusText(text: string, source: string): ParsedExposition {
  const series: CustomMetricSample[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const typed = new Set<string>();
  const lines = text.split("\n");
  lines.forEach((raw, index) => {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    const where = `line ${index + 1} of ${source}`;
    try {
      if (line.length > limits.lineLength) {
        throw new LineProblem(`is longer than ${limits.lineLength} characters`);
      }
      const trimmed = line.trim();
      if (trimmed === "") return;
      if (trimmed.startsWith("#")) {
        readComment(trimmed, typed);
        return;
      }
      const sample = readSample(trimmed);
      const key = customSeriesKey(sample.name, sample.labels);
      if (seen.has(key)) throw new LineProblem(`repeats the series ${key}`);
      seen.add(key);
      series.push(sample);
    } catch (error) {
      if (!(error instanceof LineProblem)) throw error;
      problems.push(`${capitalise(where)} ${error.message}; the line is skipped.`);
    }
  });
  return { series, problems };
}

function readComment(line: string, typed: Set<string>): void {
  const parts = line
    .slice(1)
    .trim()
    .split(/[ \t]+/);
  if (parts[0] !== "TYPE") return;
  const [, name = "", type = "", ...rest] = parts;
  if (!METRIC_NAME_PATTERN.test(name)) throw new LineProblem(`has a TYPE for a bad name ${name}`);
  if (!TYPES.has(type) || rest.length > 0) {
    throw new LineProblem("has a TYPE that is not counter, gauge, histogram, summary or untyped");
  }
  if (typed.has(name)) throw new LineProblem(`gives ${name} a second TYPE`);
  typed.add(name);
}

function readSample(line: string): CustomMetricSample {
  const nameEnd = line.search(/[{ \t]/);
  const name = nameEnd === -1 ? line : line.slice(0, nameEnd);
  if (!METRIC_NAME_PATTERN.test(name)) {
    throw new LineProblem(`has a metric name that is not letters, digits, _ or : (${clip(name)})`);
  }
  if (name.length > limits.nameLength) {
    throw new LineProblem(`has a metric name longer than ${limits.nameLength} characters`);
  }
  let at = nameEnd === -1 ? line.length : nameEnd;
  let labels: Record<string, string> = {};
  if (line[at] === "{") {
    const read = readLabels(line, at + 1);
    labels = read.labels;
    at = read.end;
  }
  const rest = line
    .slice(at)
    .trim()
    .split(/[ \t]+/);
  if (rest.length === 0 || rest[0] === "") throw new LineProblem("has no value");
  if (rest.length > 2) throw new LineProblem("has more than a value and a timestamp");
  if (rest[1] !== undefined && !/^-?\d+$/.test(rest[1])) {
    throw new LineProblem(`has a timestamp that is not whole milliseconds (${clip(rest[1])})`);
  }
  return { name, labels, value: readValue(rest[0]!) };
}

function readLabels(line: string, start: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let at = start;
  const skipBlanks = () => {
    while (line[at] === " " || line[at] === "\t") at += 1;
  };
  while (true) {
    skipBlanks();
    if (line[at] === "}") return { labels, end: at + 1 };
    const nameMatch = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(line.slice(at));
    if (!nameMatch) throw new LineProblem('has a label that is not name="value"');
    const label = nameMatch[0];
    at += label.length;
    skipBlanks();
    if (line[at] !== "=") throw new LineProblem(`has no = after the label ${label}`);
    at += 1;
    skipBlanks();
    if (line[at] !== '"') throw new LineProblem(`has the label ${label} without a quoted value`);
    const value = readQuoted(line, at + 1);
    at = value.end;
    checkLabel(labels, label, value.text);
    labels[label] = value.text;
    skipBlanks();
    if (line[at] === ",") at += 1;
    else if (line[at] !== "}") throw new LineProblem("has labels without a closing }");
  }
}

function readQuoted(line: string, start: number): { text: string; end: number } {
  let text = "";
  for (let at = start; at < line.length; at += 1) {
    const char = line[at]!;
    if (char === '"') return { text, end: at + 1 };
    if (char !== "\\") {
      text += char;
      continue;
    }
    const next = line[at + 1];
    if (next === "n") text += "\n";
    else if (next === "\\" || next === '"') text += next;
    else throw new LineProblem('has a label value with an escape other than \\\\, \\" or \\n');
    at += 1;
  }
  throw new LineProblem("has a label value without its closing quote");
}

function checkLabel(labels: Record<string, string>, label: string, value: string): void {
  if (!LABEL_NAME_PATTERN.test(label) || label.startsWith("__")) {
    throw new LineProblem(`has the label ${label}, a name reserved by Prometheus`);
  }
  if (Object.hasOwn(labels, label)) throw new LineProblem(`has the label ${label} twice`);
  if (label.length > limits.labelNameLength) {
    throw new LineProblem(`has a label name longer than ${limits.labelNameLength} characters`);
  }
  if (value.includes("\0")) throw new LineProblem(`has a NUL character in the label ${label}`);
  if (value.length > limits.labelValueLength) {
    throw new LineProblem(
      `has a value of the label ${label} longer than ${limits.labelValueLength} characters`,
    );
  }
  if (Object.keys(labels).length >= limits.labelsPerSeries) {
    throw new LineProblem(`has more than ${limits.labelsPerSeries} labels`);
  }
}

function readValue(text: string): number | null {
  if (/^[+-]?(inf|infinity|nan)$/i.test(text)) return null;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) {
    throw new LineProblem(`has a value that is not a number (${clip(text)})`);
  }
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
