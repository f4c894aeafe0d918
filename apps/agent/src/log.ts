import { AGENT_LOG_LEVELS, type AgentLogLevel } from "@upwatch/core";

/**
 * Writes one line per event to stdout and stderr. systemd's journal keeps them; Windows' Task
 * Scheduler keeps nothing (the task's command must redirect them to a file to keep a log).
 */
export interface Log {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  setLevel(level: AgentLogLevel): void;
}

export interface LogOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

const processOutput: LogOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** A log that prints events at `level` and above: info and debug to stdout, warn and error to stderr. */
export function createLog(level: AgentLogLevel = "info", output: LogOutput = processOutput): Log {
  let threshold = AGENT_LOG_LEVELS.indexOf(level);
  const write = (at: AgentLogLevel, message: string) => {
    if (AGENT_LOG_LEVELS.indexOf(at) < threshold) return;
    const line = `${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} ${message.replace(/\s*\n\s*/g, " ")}`;
    if (at === "warn" || at === "error") output.err(line);
    else output.out(line);
  };
  return {
    debug: (message) => write("debug", message),
    info: (message) => write("info", message),
    warn: (message) => write("warn", message),
    error: (message) => write("error", message),
    setLevel: (next) => {
      threshold = AGENT_LOG_LEVELS.indexOf(next);
    },
  };
}
