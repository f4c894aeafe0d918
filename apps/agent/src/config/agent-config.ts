import {
  AGENT_CONFIG_DEFAULTS,
  AGENT_CONFIG_RANGES,
  AGENT_KEY_PREFIX,
  AGENT_LOG_LEVELS,
  AGENT_REPORT_LIMITS,
  type AgentLogLevel,
} from "@upwatch/core";
import { isMap, isScalar, isSeq, LineCounter, type Node, type Pair, parseDocument } from "yaml";
import { apiUrlProblem } from "./api-url-rule.ts";
import { type CustomMetricSource, readCustomMetricSources } from "./custom-metric-sources.ts";

/** A disk of the `disks` map: whether to report it, and the name the app shows. */
export interface DiskSetting {
  enabled: boolean;
  description: string;
}

/** The settings of agent.yaml, defaults filled in. */
export interface AgentConfig {
  api_url: string;
  api_key: string;
  timeout: number;
  monitoring_interval: number;
  cpu_threshold: number;
  memory_threshold: number;
  disk_threshold: number;
  log_level: AgentLogLevel;
  services: string[];
  /** null: every real mounted filesystem is reported. */
  disks: Record<string, DiskSetting> | null;
  /** The operator's own metrics: commands and textfile directories in the Prometheus format. */
  custom_metrics: CustomMetricSource[];
}

/** The placeholder the example agent.yaml ships with. */
export const PLACEHOLDER_KEY = "uwa_REPLACE_WITH_YOUR_KEY";

/** A configuration the agent cannot run with; `problems` are sentences, one per problem. */
export class AgentConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join(" "));
  }
}

const KEYS = [
  "api_url",
  "api_key",
  "timeout",
  "monitoring_interval",
  "cpu_threshold",
  "memory_threshold",
  "disk_threshold",
  "log_level",
  "services",
  "disks",
  "custom_metrics",
] as const;
type Key = (typeof KEYS)[number];

interface Reader {
  where: (node: Node | null | undefined) => string;
  problems: string[];
}

function numberIn(
  reader: Reader,
  key: string,
  pair: Pair | undefined,
  range: { min: number; max: number },
  whole: boolean,
): number | undefined {
  if (!pair) return undefined;
  const value = isScalar(pair.value) ? pair.value.value : undefined;
  const at = reader.where(pair.key as Node);
  const kind = whole ? "a whole number" : "a number";
  if (typeof value !== "number" || !Number.isFinite(value) || (whole && !Number.isInteger(value))) {
    reader.problems.push(`${key} ${at} must be ${kind} from ${range.min} to ${range.max}.`);
    return undefined;
  }
  if (value < range.min || value > range.max) {
    reader.problems.push(`${key} ${at} must be from ${range.min} to ${range.max}; it is ${value}.`);
    return undefined;
  }
  return value;
}

function text(reader: Reader, key: string, pair: Pair | undefined): string | undefined {
  if (!pair) return undefined;
  const value = isScalar(pair.value) ? pair.value.value : undefined;
  if (typeof value !== "string" || value.trim() === "") {
    reader.problems.push(`${key} ${reader.where(pair.key as Node)} must be text.`);
    return undefined;
  }
  return value.trim();
}

function readApiKey(reader: Reader, pair: Pair | undefined): string | undefined {
  const key = text(reader, "api_key", pair);
  if (key === undefined || !pair) return undefined;
  const at = reader.where(pair.key as Node);
  if (key === PLACEHOLDER_KEY) {
    reader.problems.push(
      `api_key ${at} is still the placeholder ${PLACEHOLDER_KEY}; put in the key Upwatch showed when you added this agent, then start the agent again.`,
    );
    return undefined;
  }
  if (!key.startsWith(AGENT_KEY_PREFIX) || !/^[A-Za-z0-9_-]+$/.test(key)) {
    reader.problems.push(
      `api_key ${at} is not an agent key; agent keys start with ${AGENT_KEY_PREFIX} (add the agent in Upwatch to get one).`,
    );
    return undefined;
  }
  return key;
}

function readServices(reader: Reader, pair: Pair | undefined): string[] {
  if (!pair || pair.value === null) return [];
  const at = reader.where(pair.key as Node);
  if (!isSeq(pair.value)) {
    reader.problems.push(`services ${at} must be a list of service names.`);
    return [];
  }
  const names: string[] = [];
  for (const item of pair.value.items) {
    const value = isScalar(item) ? item.value : undefined;
    const name = typeof value === "string" ? value.trim() : "";
    if (!name || name.length > AGENT_REPORT_LIMITS.nameLength || /[\s/\\]/.test(name)) {
      reader.problems.push(
        `The service ${reader.where(item as Node)} must be a service name without spaces or slashes.`,
      );
    } else if (!names.includes(name)) names.push(name);
  }
  if (names.length > AGENT_REPORT_LIMITS.services) {
    reader.problems.push(
      `services ${at} lists ${names.length} services; the agent reports at most ${AGENT_REPORT_LIMITS.services}.`,
    );
  }
  return names;
}

function readDisk(reader: Reader, mount: string, node: unknown): DiskSetting | undefined {
  const at = reader.where(node as Node);
  if (node === null || (isScalar(node) && node.value === null)) {
    return { enabled: true, description: "" };
  }
  if (!isMap(node)) {
    reader.problems.push(`The disk ${mount} ${at} must have enabled and description.`);
    return undefined;
  }
  const setting: DiskSetting = { enabled: true, description: "" };
  for (const pair of node.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : "";
    const value = isScalar(pair.value) ? pair.value.value : undefined;
    const keyAt = reader.where(pair.key as Node);
    if (key === "enabled" && typeof value === "boolean") setting.enabled = value;
    else if (key === "enabled")
      reader.problems.push(`enabled of the disk ${mount} ${keyAt} must be true or false.`);
    else if (key === "description" && (typeof value === "string" || value === null)) {
      setting.description = (value ?? "").trim().slice(0, AGENT_REPORT_LIMITS.descriptionLength);
    } else if (key === "description")
      reader.problems.push(`description of the disk ${mount} ${keyAt} must be text.`);
    else
      reader.problems.push(
        `The disk ${mount} has a key the agent does not know ${keyAt}: ${key}; a disk takes enabled and description.`,
      );
  }
  return setting;
}

function readDisks(reader: Reader, pair: Pair | undefined): Record<string, DiskSetting> | null {
  if (!pair || pair.value === null) return null;
  if (!isMap(pair.value)) {
    reader.problems.push(
      `disks ${reader.where(pair.key as Node)} must map each mount point to enabled and description.`,
    );
    return null;
  }
  const disks: Record<string, DiskSetting> = {};
  for (const item of pair.value.items) {
    const mount = isScalar(item.key) ? String(item.key.value) : "";
    if (!mount) {
      reader.problems.push(`A disk ${reader.where(item.key as Node)} must be a mount point.`);
      continue;
    }
    const setting = readDisk(reader, mount, item.value);
    if (setting) disks[mount] = setting;
  }
  return disks;
}

/** Reads agent.yaml's text; throws AgentConfigError listing every problem, each with its line. */
export function parseAgentConfig(source: string, path: string): AgentConfig {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const where = (node: Node | null | undefined) => {
    const offset = node?.range?.[0];
    return offset === undefined
      ? `in ${path}`
      : `on line ${lineCounter.linePos(offset).line} of ${path}`;
  };
  if (doc.errors.length > 0) {
    throw new AgentConfigError(
      doc.errors.map((error) => {
        const at = lineCounter.linePos(error.pos[0]);
        const position = `line ${at.line}, column ${at.col}`;
        const reason = error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
        return `${path} is not valid YAML at ${position}: ${reason.replace(/\.$/, "")}.`;
      }),
    );
  }
  if (!isMap(doc.contents)) {
    throw new AgentConfigError([
      `${path} must be a YAML map of settings (api_url: ..., api_key: ...); it is empty or not a map.`,
    ]);
  }
  const reader: Reader = { where, problems: [] };
  const pairs = new Map<Key, Pair>();
  for (const pair of doc.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : "";
    if ((KEYS as readonly string[]).includes(key)) pairs.set(key as Key, pair as Pair);
    else
      reader.problems.push(
        `${path} has a key the agent does not know on line ${lineCounter.linePos((pair.key as Node)?.range?.[0] ?? 0).line}: ${key}. The keys are ${KEYS.join(", ")}.`,
      );
  }
  return buildConfig(reader, pairs, path);
}

function buildConfig(reader: Reader, pairs: Map<Key, Pair>, path: string): AgentConfig {
  const ranges = AGENT_CONFIG_RANGES;
  const apiUrl = text(reader, "api_url", pairs.get("api_url"));
  if (!pairs.has("api_url"))
    reader.problems.push(`${path} must set api_url, your Upwatch address.`);
  if (apiUrl) {
    const problem = apiUrlProblem(apiUrl, reader.where(pairs.get("api_url")?.key as Node));
    if (problem) reader.problems.push(problem);
  }
  if (!pairs.has("api_key"))
    reader.problems.push(
      `${path} must set api_key, the key Upwatch showed when you added this agent.`,
    );
  const apiKey = readApiKey(reader, pairs.get("api_key"));
  const level = text(reader, "log_level", pairs.get("log_level"));
  if (level !== undefined && !(AGENT_LOG_LEVELS as readonly string[]).includes(level)) {
    reader.problems.push(
      `log_level ${reader.where(pairs.get("log_level")?.key as Node)} must be one of ${AGENT_LOG_LEVELS.join(", ")}; it is ${level}.`,
    );
  }
  const config: AgentConfig = {
    api_url: (apiUrl ?? "").replace(/\/+$/, ""),
    api_key: apiKey ?? "",
    timeout:
      numberIn(reader, "timeout", pairs.get("timeout"), ranges.timeout, false) ??
      AGENT_CONFIG_DEFAULTS.timeout,
    monitoring_interval:
      numberIn(
        reader,
        "monitoring_interval",
        pairs.get("monitoring_interval"),
        ranges.monitoring_interval,
        true,
      ) ?? AGENT_CONFIG_DEFAULTS.monitoring_interval,
    cpu_threshold:
      numberIn(reader, "cpu_threshold", pairs.get("cpu_threshold"), ranges.threshold, false) ??
      AGENT_CONFIG_DEFAULTS.cpu_threshold,
    memory_threshold:
      numberIn(
        reader,
        "memory_threshold",
        pairs.get("memory_threshold"),
        ranges.threshold,
        false,
      ) ?? AGENT_CONFIG_DEFAULTS.memory_threshold,
    disk_threshold:
      numberIn(reader, "disk_threshold", pairs.get("disk_threshold"), ranges.threshold, false) ??
      AGENT_CONFIG_DEFAULTS.disk_threshold,
    log_level: (level as AgentLogLevel | undefined) ?? AGENT_CONFIG_DEFAULTS.log_level,
    services: readServices(reader, pairs.get("services")),
    disks: readDisks(reader, pairs.get("disks")),
    custom_metrics: readCustomMetricSources(reader, pairs.get("custom_metrics")),
  };
  if (reader.problems.length > 0) throw new AgentConfigError(reader.problems);
  return config;
}
