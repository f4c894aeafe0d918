import type { ChildProcess } from "node:child_process";

const children = new Set<ChildProcess>();
const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
let listening = false;

function killChildren() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
}

/**
 * Kills `child` when the benchmark exits however it exits: at its end, on an exception or a
 * rejected promise nobody awaited, or on Ctrl-C, SIGTERM or SIGHUP. Every process a benchmark
 * starts goes through here, so none outlives the run and keeps the caller's output open. (The
 * forked helpers in bench/*.mjs also end when their parent's channel closes, which covers a
 * benchmark killed with SIGKILL.)
 */
export function endWithBenchmark<Child extends ChildProcess>(child: Child): Child {
  if (!listening) {
    listening = true;
    process.on("exit", killChildren);
    for (const [signal, code] of Object.entries(SIGNAL_EXIT_CODES)) {
      process.once(signal, () => process.exit(code));
    }
  }
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}
