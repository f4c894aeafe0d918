// `npm run package:agent` builds the agent's packages into dist/agent-packages: the npm
// package, the .deb and the .rpm. `--npm-only` makes just the npm package (no Debian tools
// needed; `npm run build` does this). `--out <dir>` writes elsewhere; `--bundle <file>`
// packages that agent bundle instead of building apps/agent.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildDebPackage } from "./agent-packages/deb-package.mjs";
import { buildNpmPackage } from "./agent-packages/npm-package.mjs";
import { packageFacts } from "./agent-packages/package-facts.mjs";
import { buildRpmPackage } from "./agent-packages/rpm-package.mjs";
import { ensureRpmbuild, RPMBUILD_MISSING } from "./ensure-rpmbuild.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const AGENT_BUNDLE = join(root, "apps/agent/dist/upwatch-agent.mjs");

/** Where the packages go unless told otherwise; the server serves this folder. */
export const DEFAULT_PACKAGES_DIR = join(root, "dist/agent-packages");

/** Where the agent's build puts its bundle. */
export const AGENT_BUNDLE_PATH = AGENT_BUNDLE;

/** Builds the agent's bundle unless it matches its sources (apps/agent). */
async function ensureAgentBundle() {
  // Imported here, not above: `npm run build` imports this file while its own module is still
  // running, and passes the bundle it has just built.
  const { ensureBuild } = await import("./build.mjs");
  await ensureBuild({ parts: ["agent"] });
  if (!existsSync(AGENT_BUNDLE)) throw new Error(`The agent's build made no ${AGENT_BUNDLE}.`);
  return AGENT_BUNDLE;
}

function sha256Of(file) {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

function missingTool(command) {
  const result = spawnSync(command, ["--version"], { stdio: "ignore" });
  return Boolean(result.error) || result.status !== 0;
}

/**
 * Builds the packages into `outDir` and returns their paths: the npm package always, the .deb
 * and the .rpm unless `npmOnly`.
 */
export async function packageAgent({
  outDir = DEFAULT_PACKAGES_DIR,
  npmOnly = false,
  bundle,
} = {}) {
  if (!npmOnly) {
    if (missingTool("dpkg-deb")) {
      throw new Error("Building the agent's .deb needs dpkg-deb: run `sudo apt-get install dpkg`.");
    }
    if (!ensureRpmbuild()) throw new Error(RPMBUILD_MISSING);
  }
  const source = bundle ? resolve(bundle) : await ensureAgentBundle();
  mkdirSync(outDir, { recursive: true });
  const facts = packageFacts(source);
  const input = { bundle: source, facts, outDir, license: join(root, "LICENSE") };
  const files = [buildNpmPackage(input)];
  if (!npmOnly) files.push(buildDebPackage(input), buildRpmPackage(input));
  return files;
}

function optionValue(args, name) {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith("--")) throw new Error(`${name} needs a value.`);
  return value;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  try {
    const out = optionValue(args, "--out");
    const files = await packageAgent({
      outDir: out ? resolve(out) : DEFAULT_PACKAGES_DIR,
      npmOnly: args.includes("--npm-only"),
      bundle: optionValue(args, "--bundle"),
    });
    for (const file of files) {
      console.log(`${file}  ${statSync(file).size} bytes  sha256 ${sha256Of(file)}`);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
