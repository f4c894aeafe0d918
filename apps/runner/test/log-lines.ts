import { Writable } from "node:stream";
import { type Logger, pino } from "pino";

/** A JSON-lines logger whose lines the test can read back. */
export function recordingLogger(): { logger: Logger; lines: { msg: string; level: number }[] } {
  const lines: { msg: string; level: number }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: "debug" }, stream), lines };
}
