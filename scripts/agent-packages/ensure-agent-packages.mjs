// Keeps the packages folder the server offers (dist/agent-packages) holding every agent package
// this machine can build, so a server started with `npm start` offers what the Add agent screen
// lists. It rebuilds only when the agent's bundle, the packaging or the tools on PATH changed.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { basename, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { AGENT_BUNDLE_PATH, DEFAULT_PACKAGES_DIR, packageAgent } from "../package-agent.mjs";
import { sourceFingerprint } from "../source-fingerprint.mjs";
import { AGENT_PACKAGE_KINDS, buildableKinds } from "./packaging-tools.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Records what the packages in the folder were built from; the server ignores this name. */
const STAMP = ".built-from.json";

const PACKAGING_SOURCES = [
  "packaging/agent",
  "scripts/agent-packages",
  "scripts/package-agent.mjs",
  "LICENSE",
];

function readStamp(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, STAMP), "utf8"));
  } catch {
    return undefined;
  }
}

function writeStamp(dir, stamp) {
  const temporary = join(dir, `${STAMP}.${process.pid}`);
  writeFileSync(temporary, `${JSON.stringify(stamp)}\n`);
  renameSync(temporary, join(dir, STAMP));
}

/**
 * Builds the agent's packages into `dir` unless the ones there match the bundle, the packaging
 * and the tools on PATH. Returns the package names in the folder that it built and the kinds
 * skipped with their sentences; `rebuilt` says whether it built anything now.
 */
export async function ensureAgentPackages({
  dir = DEFAULT_PACKAGES_DIR,
  bundle = AGENT_BUNDLE_PATH,
  force = false,
  log = (line) => console.error(line),
} = {}) {
  const { build, skipped } = buildableKinds(AGENT_PACKAGE_KINDS);
  const fingerprint = [
    sourceFingerprint(root, [relative(root, bundle), ...PACKAGING_SOURCES]),
    ...build,
  ].join(" ");
  const stamp = readStamp(dir);
  const current =
    stamp?.fingerprint === fingerprint && stamp.files.every((name) => existsSync(join(dir, name)));
  if (current && !force) return { files: stamp.files, skipped, rebuilt: false };

  log(`Building the agent's packages for the Add agent screen (${build.join(", ")})...`);
  for (const { sentence } of skipped) log(sentence);
  mkdirSync(dir, { recursive: true });
  // Built beside their place and moved in whole, so a server offering the folder, or another
  // start building at the same time, never sees half a package.
  const staging = mkdtempSync(join(dir, ".building-"));
  try {
    const built = await packageAgent({ outDir: staging, kinds: build, bundle });
    const files = built.files.map((file) => basename(file));
    for (const name of files) renameSync(join(staging, name), join(dir, name));
    for (const name of stamp?.files ?? []) {
      if (!files.includes(name)) rmSync(join(dir, name), { force: true });
    }
    writeStamp(dir, { fingerprint, files });
    return { files, skipped, rebuilt: true };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
