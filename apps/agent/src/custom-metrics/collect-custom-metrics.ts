import { CUSTOM_METRIC_LIMITS, type CustomMetricSample, customSeriesKey } from "@upwatch/core";
import type { CustomMetricSource } from "../config/custom-metric-sources.ts";
import { parsePrometheusText } from "./prometheus-text.ts";
import { readTextfileDirectory } from "./read-textfile-directory.ts";
import { runMetricCommand } from "./run-metric-command.ts";

/** One collection: the series to report, and a sentence per problem met on the way. */
export interface CustomMetricsCollection {
  series: CustomMetricSample[];
  problems: string[];
}

interface SourceRead {
  series: CustomMetricSample[];
  problems: string[];
}

/**
 * A collector of the configured sources, run together: each source keeps at most its
 * `max_series`, the report at most 200 in all, and a series a source repeats from an earlier
 * one is skipped. A command with an `interval` is run again once it is due; meanwhile its last
 * output is reported, as a textfile's values hold until the file is rewritten.
 */
export function createCustomMetricsCollector(
  sources: readonly CustomMetricSource[],
  now: () => number = Date.now,
) {
  const lastRuns = new Map<number, { at: number; read: SourceRead }>();
  const readSource = async (source: CustomMetricSource, index: number): Promise<SourceRead> => {
    if (source.kind === "textfile") return readTextfiles(source.textfile_directory);
    const last = lastRuns.get(index);
    // A second early, so a run due at the next sample is not put off by a few milliseconds.
    if (source.interval !== null && last && now() - last.at < source.interval * 1000 - 1000) {
      return { series: last.read.series, problems: [] };
    }
    const at = now();
    const outcome = await runMetricCommand(source.command, source.timeout);
    const read = outcome.ok
      ? parsePrometheusText(outcome.output, `the output of ${source.command.join(" ")}`)
      : { series: [], problems: [outcome.problem] };
    lastRuns.set(index, { at, read });
    return read;
  };
  return async (): Promise<CustomMetricsCollection> => {
    const reads = await Promise.all(sources.map(readSource));
    return combine(sources, reads);
  };
}

async function readTextfiles(directory: string): Promise<SourceRead> {
  try {
    const files = await readTextfileDirectory(directory);
    const read: SourceRead = { series: [], problems: [] };
    for (const file of files) {
      if (!file.ok) {
        read.problems.push(file.problem);
        continue;
      }
      const parsed = parsePrometheusText(file.text, file.path);
      read.series.push(...parsed.series);
      read.problems.push(...parsed.problems);
    }
    return read;
  } catch (error) {
    return {
      series: [],
      problems: [
        `The textfile directory ${directory} could not be read: ${(error as Error).message}.`,
      ],
    };
  }
}

function combine(
  sources: readonly CustomMetricSource[],
  reads: readonly SourceRead[],
): CustomMetricsCollection {
  const total = CUSTOM_METRIC_LIMITS.seriesPerReport;
  const series: CustomMetricSample[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  let full = false;
  reads.forEach((read, index) => {
    if (full) return;
    const source = sources[index]!;
    const name =
      source.kind === "command"
        ? `The command ${source.command.join(" ")}`
        : `The textfile directory ${source.textfile_directory}`;
    problems.push(...read.problems);
    let kept = 0;
    for (const sample of read.series) {
      const key = customSeriesKey(sample.name, sample.labels);
      if (seen.has(key)) {
        problems.push(`${name} repeats the series ${key} of an earlier source; it is skipped.`);
        continue;
      }
      if (kept >= source.max_series) {
        problems.push(
          `${name} has ${read.series.length} series; only the first ${source.max_series} (its max_series) are reported.`,
        );
        break;
      }
      if (series.length >= total) {
        problems.push(
          `The sources have more than ${total} series in all; those after the first ${total} are not reported.`,
        );
        full = true;
        return;
      }
      seen.add(key);
      series.push(sample);
      kept += 1;
    }
  });
  return { series, problems };
}
