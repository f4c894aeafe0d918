import { describe, expect, it } from "vitest";
import { AgentConfigError, PLACEHOLDER_KEY, parseAgentConfig } from "./agent-config.ts";

const KEY = `uwa_${"a".repeat(40)}`;
const PATH = "/etc/upwatch/agent.yaml";

function problemsOf(source: string): string[] {
  try {
    parseAgentConfig(source, PATH);
  } catch (error) {
    if (error instanceof AgentConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("agent.yaml", () => {
  it("fills in the defaults around the two required settings", () => {
    const config = parseAgentConfig(
      `api_url: https://upwatch.example.com/\napi_key: ${KEY}\n`,
      PATH,
    );
    expect(config).toEqual({
      api_url: "https://upwatch.example.com",
      api_key: KEY,
      timeout: 30,
      monitoring_interval: 60,
      cpu_threshold: 80,
      memory_threshold: 85,
      disk_threshold: 90,
      log_level: "info",
      services: [],
      disks: null,
      custom_metrics: [],
    });
  });

  it("reads services and the disks map with descriptions", () => {
    const config = parseAgentConfig(
      [
        "api_url: https://upwatch.example.com",
        `api_key: ${KEY}`,
        "services: [nginx, postgresql]",
        "disks:",
        "  /:",
        "    enabled: true",
        "    description: System",
        "  /data:",
        "    enabled: false",
      ].join("\n"),
      PATH,
    );
    expect(config.services).toEqual(["nginx", "postgresql"]);
    expect(config.disks).toEqual({
      "/": { enabled: true, description: "System" },
      "/data": { enabled: false, description: "" },
    });
  });

  it("reports a YAML error with its line and column", () => {
    const problems = problemsOf(`api_url: https://a.example\napi_key: ${KEY}\nservices: [nginx\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/is not valid YAML at line \d+, column \d+/);
  });

  it("names an out-of-range threshold with its line", () => {
    const problems = problemsOf(
      `api_url: https://a.example\napi_key: ${KEY}\n\ncpu_threshold: 150\n`,
    );
    expect(problems).toEqual([
      `cpu_threshold on line 4 of ${PATH} must be from 0 to 100; it is 150.`,
    ]);
  });

  it("refuses a monitoring interval under ten seconds and a timeout over two minutes", () => {
    const problems = problemsOf(
      `api_url: https://a.example\napi_key: ${KEY}\nmonitoring_interval: 5\ntimeout: 500\n`,
    );
    expect(problems).toEqual([
      `timeout on line 4 of ${PATH} must be from 1 to 120; it is 500.`,
      `monitoring_interval on line 3 of ${PATH} must be from 10 to 3600; it is 5.`,
    ]);
  });

  it("names an unknown key and its line", () => {
    const problems = problemsOf(`api_url: https://a.example\napi_key: ${KEY}\ninterval: 60\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("has a key the agent does not know on line 3: interval.");
  });

  it("refuses http:// for a server on another machine", () => {
    const problems = problemsOf(`api_url: http://upwatch.example.com\napi_key: ${KEY}\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("uses http://");
  });

  it("accepts http:// for a server on this machine", () => {
    for (const host of ["localhost:3000", "127.0.0.1:8080", "[::1]:3000"]) {
      expect(parseAgentConfig(`api_url: http://${host}\napi_key: ${KEY}\n`, PATH).api_url).toBe(
        `http://${host}`,
      );
    }
  });

  it("refuses the placeholder key with a sentence saying what to do", () => {
    const problems = problemsOf(`api_url: https://a.example\napi_key: ${PLACEHOLDER_KEY}\n`);
    expect(problems).toEqual([
      `api_key on line 2 of ${PATH} is still the placeholder ${PLACEHOLDER_KEY}; put in the key Upwatch showed when you added this agent, then start the agent again.`,
    ]);
  });

  it("asks for the address and the key when they are missing", () => {
    expect(problemsOf("log_level: debug\n")).toEqual([
      `${PATH} must set api_url, your Upwatch address.`,
      `${PATH} must set api_key, the key Upwatch showed when you added this agent.`,
    ]);
  });

  it("refuses an unknown log level and an unknown key inside a disk", () => {
    const problems = problemsOf(
      `api_url: https://a.example\napi_key: ${KEY}\nlog_level: loud\ndisks:\n  /:\n    label: x\n`,
    );
    expect(problems).toEqual([
      `log_level on line 3 of ${PATH} must be one of debug, info, warn, error; it is loud.`,
      `The disk / has a key the agent does not know on line 6 of ${PATH}: label; a disk takes enabled and description.`,
    ]);
  });

  it("reads custom metrics commands and textfile directories with their limits", () => {
    const config = parseAgentConfig(
      [
        "api_url: https://upwatch.example.com",
        `api_key: ${KEY}`,
        "custom_metrics:",
        "  - command: [/usr/local/bin/queue-depth, --prometheus]",
        "    timeout: 5",
        "    interval: 300",
        "  - textfile_directory: /var/lib/upwatch-agent/textfile",
        "    max_series: 50",
      ].join("\n"),
      PATH,
    );
    expect(config.custom_metrics).toEqual([
      {
        kind: "command",
        command: ["/usr/local/bin/queue-depth", "--prometheus"],
        timeout: 5,
        interval: 300,
        max_series: 100,
      },
      { kind: "textfile", textfile_directory: "/var/lib/upwatch-agent/textfile", max_series: 50 },
    ]);
  });

  it("names each mistake in custom_metrics with its line", () => {
    const problems = problemsOf(
      [
        "api_url: https://a.example",
        `api_key: ${KEY}`,
        "custom_metrics:",
        "  - command: queue-depth --prometheus",
        "  - command: [queue-depth]",
        "  - textfile_directory: relative/dir",
        "    timeout: 5",
        "  - command: [/bin/true]",
        "    textfile_directory: /tmp",
        "  - command: [/bin/true]",
        "    timeout: 600",
        "    shell: true",
      ].join("\n"),
    );
    expect(problems).toEqual([
      `command on line 4 of ${PATH} must be a list: the program's absolute path, then its arguments, such as [/usr/local/bin/queue-depth, --prometheus]; it runs without a shell.`,
      `command on line 5 of ${PATH} must start with the program's absolute path; it starts with queue-depth.`,
      `timeout on line 7 of ${PATH} applies only to a command; a textfile directory is read for every sample.`,
      `textfile_directory on line 6 of ${PATH} must be the absolute path of a directory.`,
      `A custom_metrics source on line 8 of ${PATH} must set either command or textfile_directory, not both.`,
      `A custom_metrics source has a key the agent does not know on line 12 of ${PATH}: shell; a source takes command, textfile_directory, timeout, interval, max_series.`,
      `timeout on line 11 of ${PATH} must be a whole number from 1 to 60.`,
    ]);
  });
});
