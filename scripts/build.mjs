// `npm run build` builds the web app, the server, the runner and the agent, then the agent's
// packages this machine has the tools for (the npm package always, the .deb and .rpm when
// dpkg-deb and rpmbuild are installed), which the server offers for download. `ensureBuild()`
// (used by `npm start`, `npm run runner` and the browser tests) builds only the parts whose
// sources changed since their last build.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sourceFingerprint } from "./source-fingerprint.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const packages = readdirSync(join(root, "packages")).map((name) => `packages/${name}`);

const PARTS = {
  web: {
    name: "the web app",
    workspace: "apps/web",
    tool: "@react-router/dev/package.json",
    output: "apps/web/build/client/index.html",
    stamp: "apps/web/build/.source-fingerprint",
    sources: [
      "apps/web/app",
      "apps/web/vite-plugins",
      "apps/web/public",
      "apps/web/vite.config.ts",
      "apps/web/react-router.config.ts",
      "apps/web/package.json",
      "packages/core/src",
      "packages/api/src",
      "content",
      "package-lock.json",
    ],
  },
  server: {
    name: "the server",
    workspace: "apps/server",
    tool: "esbuild/package.json",
    output: "apps/server/dist/main.js",
    stamp: "apps/server/dist/.source-fingerprint",
    sources: [
      "apps/server/src",
      "apps/server/scripts",
      "apps/server/package.json",
      "scripts/bundle-for-node.mjs",
    ]
      .concat(packages.flatMap((dir) => [`${dir}/src`, `${dir}/package.json`]))
      .concat(["package-lock.json"]),
  },
  runner: {
    name: "the runner",
    workspace: "apps/runner",
    tool: "esbuild/package.json",
    output: "apps/runner/dist/runner.js",
    stamp: "apps/runner/dist/.source-fingerprint",
    sources: [
      "apps/runner/src",
      "apps/runner/scripts",
      "apps/runner/package.json",
      "scripts/bundle-for-node.mjs",
    ]
      .concat(packages.flatMap((dir) => [`${dir}/src`, `${dir}/package.json`]))
      .concat(["package-lock.json"]),
  },
  agent: {
    name: "the agent",
    workspace: "apps/agent",
    tool: "esbuild/package.json",
    output: "apps/agent/dist/upwatch-agent.mjs",
    stamp: "apps/agent/dist/.source-fingerprint",
    sources: ["apps/agent/src", "apps/agent/scripts", "apps/agent/package.json"]
      .concat(["packages/core/src", "packages/core/package.json", "packages/api/src"])
      .concat(["packages/checks/src", "packages/checks/package.json"])
      .concat(["package-lock.json"]),
  },
};

/** Whether the part's build tool is installed (it is not after `npm ci --omit=dev`). */
function canBuild(part) {
  try {
    createRequire(join(root, part.workspace, "package.json")).resolve(part.tool);
    return true;
  } catch {
    return false;
  }
}

function buildPart(part, current) {
  const result = spawnSync("npm", ["run", "build", "--silent", "-w", part.workspace], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) {
    console.error(`Building ${part.name} failed; see the errors above.`);
    process.exit(1);
  }
  writeFileSync(join(root, part.stamp), current);
}

function ensurePart(part, force) {
  const current = sourceFingerprint(root, part.sources);
  const stamp = join(root, part.stamp);
  const built = existsSync(join(root, part.output));
  if (!force && built && existsSync(stamp) && readFileSync(stamp, "utf8") === current) return;
  if (!canBuild(part)) {
    // A production install (`npm ci --omit=dev`) runs the build it was given.
    if (built && !force) return;
    console.error(
      `Cannot build ${part.name}: its build tools are not installed. Run \`npm install\` and \`npm run build\`.`,
    );
    process.exit(1);
  }
  const reason = force ? "" : built ? " (its sources changed)" : " (no build yet)";
  console.error(`Building ${part.name}${reason}...`);
  buildPart(part, current);
}

/** Whether the part's build tools are installed, so `ensureBuild` can build it. */
export function canBuildPart(name) {
  return canBuild(PARTS[name]);
}

/** Builds the parts (default: the web app and the server) unless their builds match the sources. */
export async function ensureBuild({ force = false, parts = ["web", "server"] } = {}) {
  for (const name of parts) ensurePart(PARTS[name], force);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await ensureBuild({ force: true, parts: ["web", "server", "runner", "agent"] });
  const { ensureAgentPackages } = await import("./agent-packages/ensure-agent-packages.mjs");
  await ensureAgentPackages({ force: true });
}
