// `npm run package:agent` builds the agent's packages into dist/agent-packages: the npm package
// always, the .deb when dpkg-deb is installed and the .rpm when rpmbuild is. A package whose tool
// is missing is skipped with a sentence naming the command that installs the tool; nothing is
// ever installed by this script.
//
// Options: `--only npm,deb` builds just those kinds (`--npm-only` = `--only npm`, what
// `npm run build` needs no Debian tools for); `--require-all` makes a skipped package an error
// (for CI); `--out <dir>` writes elsewhere; `--bundle <file>` packages that agent bundle instead
// of building apps/agent.
//
// Exit codes: 0 every package asked for that this machine has the tools for was built (skipped
// ones are named on stderr); 1 a build failed or an option was wrong; 2 a package asked for was
// skipped and `--require-all` was given, or none of the packages asked for could be built.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildDebPackage } from "./agent-packages/deb-package.mjs";
import { buildNpmPackage } from "./agent-packages/npm-package.mjs";
import { packageFacts } from "./agent-packages/package-facts.mjs";
import { AGENT_PACKAGE_KINDS, buildableKinds } from "./agent-packages/packaging-tools.mjs";
import { buildRpmPackage } from "./agent-packages/rpm-package.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const AGENT_BUNDLE = join(root, "apps/agent/dist/upwatch-agent.mjs");

/** Where the packages go unless told otherwise; the server serves this folder. */
export const DEFAULT_PACKAGES_DIR = join(root, "dist/agent-packages");

/** Where the agent's build puts its bundle. */
export const AGENT_BUNDLE_PATH = AGENT_BUNDLE;

const BUILDERS = { npm: buildNpmPackage, deb: buildDebPackage, rpm: buildRpmPackage };

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

/**
 * Builds the asked-for kinds this machine has the tools for into `outDir`. Returns the files
 * built and the kinds skipped, each with the sentence saying why and how to install the tool.
 */
export async function packageAgent({
  outDir = DEFAULT_PACKAGES_DIR,
  kinds = AGENT_PACKAGE_KINDS,
  bundle,
} = {}) {
  const { build, skipped } = buildableKinds(kinds);
  if (build.length === 0) return { files: [], skipped };
  const source = bundle ? resolve(bundle) : await ensureAgentBundle();
  mkdirSync(outDir, { recursive: true });
  const facts = packageFacts(source);
  const input = { bundle: source, facts, outDir, license: join(root, "LICENSE") };
  return { files: build.map((kind) => BUILDERS[kind](input)), skipped };
}

function optionValue(args, name) {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith("--")) throw new Error(`${name} needs a value.`);
  return value;
}

function askedKinds(args) {
  if (args.includes("--npm-only")) return ["npm"];
  const only = optionValue(args, "--only");
  if (only === undefined) return AGENT_PACKAGE_KINDS;
  const kinds = only.split(",").map((kind) => kind.trim());
  const unknown = kinds.filter((kind) => !AGENT_PACKAGE_KINDS.includes(kind));
  if (unknown.length > 0) {
    throw new Error(`--only takes ${AGENT_PACKAGE_KINDS.join(", ")}; not ${unknown.join(", ")}.`);
  }
  return kinds;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  try {
    const out = optionValue(args, "--out");
    const { files, skipped } = await packageAgent({
      outDir: out ? resolve(out) : DEFAULT_PACKAGES_DIR,
      kinds: askedKinds(args),
      bundle: optionValue(args, "--bundle"),
    });
    for (const file of files) {
      console.log(`${file}  ${statSync(file).size} bytes  sha256 ${sha256Of(file)}`);
    }
    for (const { sentence } of skipped) console.error(sentence);
    if (files.length === 0) {
      console.error("Built no package: none of those asked for can be built on this machine.");
      process.exit(2);
    }
    if (skipped.length > 0 && args.includes("--require-all")) {
      console.error("--require-all: every package asked for must be built, and some were skipped.");
      process.exit(2);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
