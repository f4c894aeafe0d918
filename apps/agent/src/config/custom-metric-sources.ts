import { AGENT_CONFIG_RANGES, CUSTOM_METRIC_LIMITS } from "@upwatch/core";
import { isMap, isScalar, isSeq, type Node, type Pair } from "yaml";

/** A command whose standard output is Prometheus text, run without a shell. */
export interface CommandMetricSource {
  kind: "command";
  command: string[];
  timeout: number;
  /** Seconds between runs; null runs it for every sample. Between runs its last output is reported. */
  interval: number | null;
  max_series: number;
}

/** A directory of `*.prom` files, as node_exporter's textfile collector reads. */
export interface TextfileMetricSource {
  kind: "textfile";
  textfile_directory: string;
  max_series: number;
}

export type CustomMetricSource = CommandMetricSource | TextfileMetricSource;

interface Reader {
  where: (node: Node | null | undefined) => string;
  problems: string[];
}

const limits = CUSTOM_METRIC_LIMITS;
const SOURCE_KEYS = ["command", "textfile_directory", "timeout", "interval", "max_series"];

/** Reads `custom_metrics`: a list of commands and textfile directories. */
export function readCustomMetricSources(
  reader: Reader,
  pair: Pair | undefined,
): CustomMetricSource[] {
  if (!pair || pair.value === null) return [];
  const at = reader.where(pair.key as Node);
  if (!isSeq(pair.value)) {
    reader.problems.push(
      `custom_metrics ${at} must be a list of commands and textfile directories.`,
    );
    return [];
  }
  if (pair.value.items.length > limits.sources) {
    reader.problems.push(
      `custom_metrics ${at} lists ${pair.value.items.length} sources; the agent reads at most ${limits.sources}.`,
    );
    return [];
  }
  const sources: CustomMetricSource[] = [];
  for (const item of pair.value.items) {
    const source = readSource(reader, item as Node);
    if (source) sources.push(source);
  }
  return sources;
}

function readSource(reader: Reader, node: Node): CustomMetricSource | undefined {
  const at = reader.where(node);
  if (!isMap(node)) {
    reader.problems.push(`A custom_metrics source ${at} must set command or textfile_directory.`);
    return undefined;
  }
  const pairs = new Map<string, Pair>();
  for (const item of node.items) {
    const key = isScalar(item.key) ? String(item.key.value) : "";
    if (SOURCE_KEYS.includes(key)) pairs.set(key, item as Pair);
    else
      reader.problems.push(
        `A custom_metrics source has a key the agent does not know ${reader.where(item.key as Node)}: ${key}; a source takes ${SOURCE_KEYS.join(", ")}.`,
      );
  }
  const maxSeries =
    whole(reader, "max_series", pairs.get("max_series"), 1, limits.seriesPerSourceMax) ??
    limits.seriesPerSourceDefault;
  if (pairs.has("command") === pairs.has("textfile_directory")) {
    reader.problems.push(
      `A custom_metrics source ${at} must set either command or textfile_directory, not both.`,
    );
    return undefined;
  }
  if (pairs.has("textfile_directory")) return readTextfile(reader, pairs, maxSeries);
  const command = readCommand(reader, pairs.get("command")!);
  const timeout =
    whole(reader, "timeout", pairs.get("timeout"), 1, limits.commandTimeoutMax) ??
    limits.commandTimeoutDefault;
  const range = AGENT_CONFIG_RANGES.monitoring_interval;
  const interval = whole(reader, "interval", pairs.get("interval"), range.min, range.max) ?? null;
  if (!command) return undefined;
  return { kind: "command", command, timeout, interval, max_series: maxSeries };
}

function readTextfile(
  reader: Reader,
  pairs: Map<string, Pair>,
  maxSeries: number,
): TextfileMetricSource | undefined {
  for (const key of ["timeout", "interval"]) {
    if (pairs.has(key))
      reader.problems.push(
        `${key} ${reader.where(pairs.get(key)!.key as Node)} applies only to a command; a textfile directory is read for every sample.`,
      );
  }
  const pair = pairs.get("textfile_directory")!;
  const value = isScalar(pair.value) ? pair.value.value : undefined;
  if (typeof value !== "string" || !isAbsolute(value)) {
    reader.problems.push(
      `textfile_directory ${reader.where(pair.key as Node)} must be the absolute path of a directory.`,
    );
    return undefined;
  }
  return { kind: "textfile", textfile_directory: value, max_series: maxSeries };
}

function readCommand(reader: Reader, pair: Pair): string[] | undefined {
  const at = reader.where(pair.key as Node);
  const explain = `command ${at} must be a list: the program's absolute path, then its arguments, such as [/usr/local/bin/queue-depth, --prometheus]; it runs without a shell.`;
  if (!isSeq(pair.value) || pair.value.items.length === 0) {
    reader.problems.push(explain);
    return undefined;
  }
  const argv = pair.value.items.map((item) => (isScalar(item) ? item.value : undefined));
  if (argv.some((arg) => typeof arg !== "string" && typeof arg !== "number")) {
    reader.problems.push(explain);
    return undefined;
  }
  const words = argv.map(String);
  if (!isAbsolute(words[0]!)) {
    reader.problems.push(
      `command ${at} must start with the program's absolute path; it starts with ${words[0]}.`,
    );
    return undefined;
  }
  if (
    words.length > limits.commandArgs ||
    words.some((word) => word.length > limits.commandArgLength)
  ) {
    reader.problems.push(
      `command ${at} may have at most ${limits.commandArgs} parts of at most ${limits.commandArgLength} characters.`,
    );
    return undefined;
  }
  return words;
}

function whole(
  reader: Reader,
  key: string,
  pair: Pair | undefined,
  min: number,
  max: number,
): number | undefined {
  if (!pair) return undefined;
  const value = isScalar(pair.value) ? pair.value.value : undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    reader.problems.push(
      `${key} ${reader.where(pair.key as Node)} must be a whole number from ${min} to ${max}.`,
    );
    return undefined;
  }
  return value;
}

function isAbsolute(path: string): boolean {
  return path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path);
}
