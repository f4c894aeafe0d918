/**
 * Undo steps that must run however the test process ends: after the suite, on an uncaught
 * failure, or when the process is told to stop. Each runs once, synchronously, newest first.
 */
const steps: { name: string; undo: () => void }[] = [];
let installed = false;

function runAll(): void {
  while (steps.length) {
    const step = steps.pop()!;
    try {
      step.undo();
    } catch (error) {
      console.error(`Cleaning up ${step.name} failed: ${String(error)}`);
    }
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on("exit", runAll);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      runAll();
      process.exit(1);
    });
  }
}

/** Registers an undo step; the returned function runs it now (and only once). */
export function onCleanup(name: string, undo: () => void): () => void {
  install();
  const step = { name, undo };
  steps.push(step);
  return () => {
    const index = steps.indexOf(step);
    if (index === -1) return;
    steps.splice(index, 1);
    undo();
  };
}

/** Runs every registered undo step now. */
export function cleanUpEverything(): void {
  runAll();
}
