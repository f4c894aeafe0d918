import { describe, expect, it } from "vitest";
import { parsePrometheusText } from "./prometheus-text.ts";

const parse = (text: string) => parsePrometheusText(text, "jobs.prom");

describe("reading the Prometheus text format", () => {
  it("reads gauges and counters with their labels, ignoring comments, HELP and TYPE", () => {
    const parsed = parse(
      [
        "# A comment the exporter left",
        "# HELP queue_depth Jobs waiting.",
        "# TYPE queue_depth gauge",
        'queue_depth{queue="mail"} 12',
        'queue_depth{queue="thumbnails",region="eu"} 3.5',
        "# TYPE jobs_done_total counter",
        "jobs_done_total 1.2e3",
        "",
      ].join("\n"),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.series).toEqual([
      { name: "queue_depth", labels: { queue: "mail" }, value: 12 },
      { name: "queue_depth", labels: { queue: "thumbnails", region: "eu" }, value: 3.5 },
      { name: "jobs_done_total", labels: {}, value: 1200 },
    ]);
  });

  it("unescapes label values and reads NaN and infinities as no number", () => {
    const parsed = parse(
      [
        'path_errors{path="C:\\\\temp",msg="say \\"hi\\"\\nbye"} NaN',
        "backlog_seconds +Inf",
        "drift_seconds -Inf",
      ].join("\n"),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.series).toEqual([
      { name: "path_errors", labels: { path: "C:\\temp", msg: 'say "hi"\nbye' }, value: null },
      { name: "backlog_seconds", labels: {}, value: null },
      { name: "drift_seconds", labels: {}, value: null },
    ]);
  });

  it("ignores a timestamp and reads a histogram and a summary as their series", () => {
    const parsed = parse(
      [
        "# TYPE request_seconds histogram",
        'request_seconds_bucket{le="0.1"} 4 1700000000000',
        'request_seconds_bucket{le="+Inf"} 9 1700000000000',
        "request_seconds_sum 2.25",
        "request_seconds_count 9",
        "# TYPE rpc_seconds summary",
        'rpc_seconds{quantile="0.99"} 0.4',
      ].join("\n"),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.series.map((s) => [s.name, s.labels, s.value])).toEqual([
      ["request_seconds_bucket", { le: "0.1" }, 4],
      ["request_seconds_bucket", { le: "+Inf" }, 9],
      ["request_seconds_sum", {}, 2.25],
      ["request_seconds_count", {}, 9],
      ["rpc_seconds", { quantile: "0.99" }, 0.4],
    ]);
  });

  it("skips each bad line with a sentence naming its line, and keeps the good ones", () => {
    const parsed = parse(
      [
        "ok_metric 1",
        "9bad 1",
        'no_value{a="b"}',
        "not_a_number abc",
        'unclosed{a="b} 1',
        'reserved{__name__="x"} 1',
        "ok_metric 2",
        "# TYPE ok_metric weird",
        `${"long_".repeat(1000)} 1`,
      ].join("\n"),
    );
    expect(parsed.series).toEqual([{ name: "ok_metric", labels: {}, value: 1 }]);
    expect(parsed.problems).toEqual([
      "Line 2 of jobs.prom has a metric name that is not letters, digits, _ or : (9bad); the line is skipped.",
      "Line 3 of jobs.prom has no value; the line is skipped.",
      "Line 4 of jobs.prom has a value that is not a number (abc); the line is skipped.",
      "Line 5 of jobs.prom has a label value without its closing quote; the line is skipped.",
      "Line 6 of jobs.prom has the label __name__, a name reserved by Prometheus; the line is skipped.",
      "Line 7 of jobs.prom repeats the series ok_metric; the line is skipped.",
      "Line 8 of jobs.prom has a TYPE that is not counter, gauge, histogram, summary or untyped; the line is skipped.",
      "Line 9 of jobs.prom is longer than 4096 characters; the line is skipped.",
    ]);
  });

  it("treats series with the same labels in another order as one series", () => {
    const parsed = parse('a{x="1",y="2"} 1\na{y="2",x="1"} 2\n');
    expect(parsed.series).toHaveLength(1);
    expect(parsed.problems[0]).toContain('repeats the series a{x="1",y="2"}');
  });

  it("accepts Windows line endings and a trailing comma in the labels", () => {
    const parsed = parse('temp_celsius{room="lab",} 21.5\r\n');
    expect(parsed).toEqual({
      series: [{ name: "temp_celsius", labels: { room: "lab" }, value: 21.5 }],
      problems: [],
    });
  });
});
