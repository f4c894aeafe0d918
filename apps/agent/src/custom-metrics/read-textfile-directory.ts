import { open, readdir } from "node:fs/promises";
import { join } from "node:path";
import { CUSTOM_METRIC_LIMITS } from "@upwatch/core";

/** The text of one `*.prom` file, or why it was not read. */
export type TextfileOutcome =
  | { path: string; ok: true; text: string }
  | { path: string; ok: false; problem: string };

/**
 * Reads the `*.prom` files of a directory, as node_exporter's textfile collector does: other
 * names are ignored, so a file written under a temporary name and renamed into place is never
 * read half-written. A file over the output limit is refused whole.
 */
export async function readTextfileDirectory(directory: string): Promise<TextfileOutcome[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".prom"))
    .map((entry) => join(directory, entry.name))
    .sort();
  return Promise.all(files.map(readLimited));
}

async function readLimited(path: string): Promise<TextfileOutcome> {
  const limit = CUSTOM_METRIC_LIMITS.outputBytes;
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, "r");
    const buffer = Buffer.alloc(limit + 1);
    const { bytesRead } = await handle.read(buffer, 0, limit + 1, 0);
    if (bytesRead > limit) {
      return {
        path,
        ok: false,
        problem: `${path} is larger than ${limit / 1024} KiB; it is not read.`,
      };
    }
    return { path, ok: true, text: buffer.subarray(0, bytesRead).toString("utf8") };
  } catch (error) {
    return { path, ok: false, problem: `${path} could not be read: ${(error as Error).message}.` };
  } finally {
    await handle?.close();
  }
}
