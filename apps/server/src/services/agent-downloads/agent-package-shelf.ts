import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { type AgentPackageName, parseAgentPackageName } from "./agent-package-name.ts";

/** A package file on the shelf. */
export interface AgentPackageFile extends AgentPackageName {
  name: string;
  path: string;
  bytes: number;
  modifiedAt: number;
}

/** The folder of agent packages the server offers, with each file's SHA-256 remembered. */
export interface AgentPackageShelf {
  /** Every package file in the folder; none when the folder does not exist. */
  files(): Promise<AgentPackageFile[]>;
  /** The package file of that name, or undefined when the name is not a package's or absent. */
  find(name: string): Promise<AgentPackageFile | undefined>;
  /** The file's SHA-256 in hex, computed once per size and modification time. */
  sha256(file: AgentPackageFile): Promise<string>;
}

function digestOf(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(path)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}

/** The shelf of packages in `dir` (AGENT_PACKAGES_DIR). */
export function agentPackageShelf(dir: string): AgentPackageShelf {
  const digests = new Map<string, { stamp: string; digest: Promise<string> }>();
  const find = async (name: string): Promise<AgentPackageFile | undefined> => {
    const parsed = parseAgentPackageName(name);
    if (!parsed) return undefined;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { ...parsed, name, path, bytes: info.size, modifiedAt: info.mtimeMs };
  };
  return {
    find,
    async files() {
      const names = await readdir(dir).catch(() => [] as string[]);
      const found = await Promise.all(names.map(find));
      return found.filter((file) => file !== undefined);
    },
    sha256(file) {
      const stamp = `${file.bytes}:${file.modifiedAt}`;
      const known = digests.get(file.name);
      if (known?.stamp === stamp) return known.digest;
      const digest = digestOf(file.path);
      digests.set(file.name, { stamp, digest });
      digest.catch(() => digests.delete(file.name));
      return digest;
    },
  };
}
