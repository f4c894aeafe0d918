import type { ChildProcess } from "node:child_process";

const children = new Set<ChildProcess>();

function killChildren() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
}

/** Kills `child` when the benchmark exits, Ctrl-C included, so no process outlives the run. */
export function endWithBenchmark<Child extends ChildProcess>(child: Child): Child {
  if (children.size === 0) {
    process.on("exit", killChildren);
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => process.exit(1));
    }
  }
  children.add(child);
  return child;
}
