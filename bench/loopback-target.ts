import { fork } from "node:child_process";
import { endWithBenchmark } from "./child-processes.ts";

/** bench/http-target.mjs in its own process on 127.0.0.1, answering 200 to every request. */
export async function startLoopbackTarget(): Promise<{ port: number; stop(): void }> {
  const child = endWithBenchmark(
    fork(new URL("./http-target.mjs", import.meta.url), ["127.0.0.1"], { stdio: "inherit" }),
  );
  const { ports } = await new Promise<{ ports: number[] }>((resolve) =>
    child.once("message", resolve as never),
  );
  return { port: ports[0] as number, stop: () => child.kill() };
}
