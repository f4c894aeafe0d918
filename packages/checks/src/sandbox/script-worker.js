// Runs scripts in QuickJS (WebAssembly) inside this worker thread. Each script gets a fresh
// QuickJS runtime with its own heap limit, stack limit and deadline; nothing of Node is reachable
// from inside it. Plain JavaScript so that Node loads it as it is from the sources and the bundles.
import { parentPort, workerData } from "node:worker_threads";
import { getQuickJS } from "quickjs-emscripten";

// The limits and sentences come from the pool (script-types.ts), so they are stated once.
const {
  timeoutMs: TIMEOUT_MS,
  memoryBytes: MEMORY_BYTES,
  stackBytes: STACK_BYTES,
} = workerData.limits;
const { logLines: LOG_LINES, rawTextChars: RAW_TEXT_CHARS } = workerData.limits;
const MESSAGES = workerData.messages;
const FILE_NAME = "script.js";

// Sets the script's globals from JSON (so no host object ever enters QuickJS) and returns the
// function that reads back the variables the script added or changed. Built-ins are captured
// before the script runs, so a script that replaces them only confuses its own results.
const PRELUDE = `(function (inputJson, sendLog) {
  "use strict";
  const input = JSON.parse(inputJson);
  const stringify = JSON.stringify, toText = String, keysOf = Object.keys, freeze = Object.freeze;
  const original = Object.create(null);
  const vars = {};
  for (const key of keysOf(input.variables)) {
    original[key] = input.variables[key];
    vars[key] = input.variables[key];
  }
  const response = input.response;
  if (response !== null) {
    freeze(response.headers);
    freeze(response);
  }
  const show = (value) => {
    if (typeof value === "string") return value;
    if (value !== null && typeof value === "object") {
      try {
        const text = stringify(value);
        if (typeof text === "string") return text;
      } catch {}
    }
    return toText(value);
  };
  const log = (...values) => {
    let line = "";
    for (let i = 0; i < values.length; i++) line += (i ? " " : "") + show(values[i]);
    sendLog(line);
  };
  globalThis.vars = vars;
  globalThis.response = response;
  globalThis.console = freeze({ log, info: log, warn: log, error: log });
  return function collect() {
    const current = globalThis.vars;
    const changed = {};
    if (current !== null && typeof current === "object") {
      for (const key of keysOf(current)) {
        const value = toText(current[key]);
        if (original[key] !== value) changed[key] = value;
      }
    }
    return stringify(changed);
  };
})`;

// QuickJS's own heap limit does not count large blocks (strings, arrays, buffers) in this build,
// so the WebAssembly memory itself is capped: past the cap, an allocation fails inside QuickJS and
// the script gets an "out of memory" error instead of growing the process.
let memoryCapBytes = Number.POSITIVE_INFINITY;
const growMemory = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function grow(pages) {
  if (this.buffer.byteLength + pages * 65536 > memoryCapBytes)
    throw new RangeError("memory cap reached");
  return growMemory.call(this, pages);
};

const QuickJS = await getQuickJS();
memoryCapBytes = QuickJS.module.HEAPU8.buffer.byteLength + MEMORY_BYTES;

/** Gives `body` a fresh context whose runtime carries the limits; always frees both. */
function inSandbox(body) {
  const runtime = QuickJS.newRuntime();
  const state = { interrupted: false, imported: undefined, deadline: Date.now() + TIMEOUT_MS };
  runtime.setMemoryLimit(MEMORY_BYTES);
  runtime.setMaxStackSize(STACK_BYTES);
  runtime.setInterruptHandler(() => {
    if (Date.now() <= state.deadline) return false;
    state.interrupted = true;
    return true;
  });
  runtime.setModuleLoader((name) => {
    state.imported ??= name;
    return { error: new Error("scripts cannot load modules") };
  });
  const context = runtime.newContext();
  try {
    return body(context, runtime, state);
  } finally {
    context.dispose();
    runtime.dispose();
  }
}

/** Turns a QuickJS exception into the step's sentence, and frees it. */
function describeError(context, state, errorHandle) {
  let thrown;
  try {
    thrown = context.dump(errorHandle);
  } catch {
    thrown = undefined;
  } finally {
    errorHandle.dispose();
  }
  if (state.interrupted) return MESSAGES.timedOut;
  const message =
    thrown && typeof thrown === "object"
      ? String(thrown.message ?? thrown.name ?? "")
      : String(thrown);
  if (/out of memory/i.test(message)) return MESSAGES.outOfMemory;
  const stack =
    thrown && typeof thrown === "object" && typeof thrown.stack === "string" ? thrown.stack : "";
  const line = new RegExp(`${FILE_NAME.replace(".", "\\.")}:(\\d+)`).exec(stack)?.[1];
  const shown = message.slice(0, RAW_TEXT_CHARS);
  return `${shown || "the script failed"}${line ? ` (line ${line})` : ""}`;
}

function runScript({ source, variables, response }) {
  const logs = [];
  return inSandbox((context, runtime, state) => {
    const fail = (error) => ({ ok: false, error, logs });
    const scriptError = (handle) => {
      const sentence = describeError(context, state, handle);
      return fail(
        sentence === MESSAGES.timedOut || sentence === MESSAGES.outOfMemory
          ? sentence
          : `Script error: ${sentence}`,
      );
    };
    const sendLog = context.newFunction("sendLog", (lineHandle) => {
      if (logs.length < LOG_LINES)
        logs.push(context.getString(lineHandle).slice(0, RAW_TEXT_CHARS));
    });
    const prelude = context.evalCode(PRELUDE, "prelude.js");
    if (prelude.error) {
      sendLog.dispose();
      return scriptError(prelude.error);
    }
    const input = context.newString(JSON.stringify({ variables, response }));
    const setup = context.callFunction(prelude.value, context.undefined, input, sendLog);
    input.dispose();
    sendLog.dispose();
    prelude.value.dispose();
    if (setup.error) return scriptError(setup.error);
    const collect = setup.value;
    try {
      const result = context.evalCode(source, FILE_NAME, { type: "global" });
      if (result.error) return scriptError(result.error);
      result.value.dispose();
      // Promise callbacks (and any import()) run now, within the same deadline.
      const jobs = runtime.executePendingJobs();
      if (jobs.error) return scriptError(jobs.error);
      if (state.imported !== undefined) {
        return fail(
          `Script error: scripts cannot load modules (import("${state.imported.slice(0, 100)}")).`,
        );
      }
      const changed = context.callFunction(collect, context.undefined);
      if (changed.error) return scriptError(changed.error);
      const text = context.getString(changed.value);
      changed.value.dispose();
      return { ok: true, variables: onlyStrings(JSON.parse(text)), logs };
    } finally {
      collect.dispose();
    }
  });
}

function onlyStrings(record) {
  const strings = {};
  for (const [key, value] of Object.entries(record))
    if (typeof value === "string") strings[key] = value;
  return strings;
}

function parseProblem(source) {
  return inSandbox((context, _runtime, state) => {
    const result = context.evalCode(source, FILE_NAME, { type: "global", compileOnly: true });
    if (!result.error) {
      result.value.dispose();
      return undefined;
    }
    return `the script does not parse: ${describeError(context, state, result.error)}`;
  });
}

parentPort?.on("message", (message) => {
  let answer;
  // After running out of memory or a failure of QuickJS itself, the pool starts a clean worker.
  let broken = false;
  try {
    answer =
      message.kind === "parse" ? { problem: parseProblem(message.source) } : runScript(message);
  } catch (error) {
    broken = true;
    const text = error instanceof Error ? error.message : String(error);
    answer =
      message.kind === "parse"
        ? { problem: undefined }
        : {
            ok: false,
            error: /memory/i.test(text) ? MESSAGES.outOfMemory : `Script error: ${text}`,
            logs: [],
          };
  }
  if (answer.error === MESSAGES.outOfMemory) broken = true;
  parentPort?.postMessage({ id: message.id, answer, retire: broken });
});
parentPort?.postMessage({ ready: true });
