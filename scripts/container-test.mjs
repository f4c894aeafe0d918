// `node scripts/container-test.mjs` (as root): builds the server's container image and tests it
// for real in a Docker engine on this machine. It installs docker.io and debootstrap when they
// are missing, starts dockerd when none runs, assembles a Node.js base image without any image
// registry (cached by its inputs), builds the Dockerfile on it, checks the image's size, then runs
// the image on the host's network: /healthz, a registration, a monitor of a loopback site that
// comes up, a backup, and a new container on the same volume that still has the account and its
// monitor and stops cleanly on SIGTERM. It removes the containers and volumes it made.
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { ensureBaseImage } from "./container/base-image.mjs";
import {
  ContainerTestFailure,
  runCommand,
  streamCommand,
  succeeds,
} from "./container/commands.mjs";
import {
  engineAnswers,
  engineDescription,
  ensureEngine,
  ensurePackages,
} from "./container/docker-engine.mjs";
import {
  createMonitor,
  listMonitors,
  register,
  signIn,
  startLoopbackTarget,
  waitForHealth,
  waitForMonitorUp,
} from "./container/product-checks.mjs";

const IMAGE = "upwatch:container-test";
const LABEL = "org.upwatch.container-test";
const MAX_IMAGE_BYTES = 300 * 1000 * 1000;
const MAX_STOP_MS = 10_000;
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const EMAIL = "owner@example.com";

const log = (message) => console.log(`container test: ${message}`);
const timings = [];

async function step(name, work) {
  const started = Date.now();
  const result = await work();
  const seconds = (Date.now() - started) / 1000;
  timings.push([name, seconds]);
  log(`${name}: done in ${seconds.toFixed(1)} s`);
  return result;
}

function docker(args, what) {
  return runCommand("docker", args, { what: what ?? `docker ${args.slice(0, 2).join(" ")}` });
}

function freeLoopbackPort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Removes what this test (or an earlier, interrupted one) made; never the cached images. */
function removeTestContainersAndVolumes() {
  const containers = docker(["ps", "-aq", "--filter", `label=${LABEL}`])
    .split("\n")
    .filter(Boolean);
  if (containers.length) succeeds("docker", ["rm", "-f", ...containers]);
  const volumes = docker(["volume", "ls", "-q", "--filter", `label=${LABEL}`])
    .split("\n")
    .filter(Boolean);
  if (volumes.length) succeeds("docker", ["volume", "rm", "-f", ...volumes]);
}

function imageId(tag) {
  return succeeds("docker", ["image", "inspect", tag])
    ? docker(["image", "inspect", "-f", "{{.Id}}", tag])
    : undefined;
}

/**
 * Builds the install-and-build stages under tags of their own, then the image. The classic
 * builder's cache is its intermediate images: with the stages tagged, removing the images an
 * earlier run tagged removes that run's layers too, and the layers still in use stay cached.
 */
async function buildImage(baseTag) {
  const targets = [
    { tag: `${IMAGE}-build`, args: ["--target", "build"] },
    { tag: `${IMAGE}-production-deps`, args: ["--target", "production-deps"] },
    { tag: IMAGE, args: [] },
  ];
  const previous = targets.map(({ tag }) => imageId(tag));
  // A step is shown once the builder says it runs it rather than taking it from the cache.
  let step;
  const showStepsThatRun = (line) => {
    if (step && !line.includes("Using cache")) log(`  ${step.slice(0, 110)}`);
    step = line.startsWith("Step ") ? line : undefined;
  };
  for (const { tag, args } of targets) {
    await streamCommand(
      "docker",
      [
        "build",
        "--force-rm",
        "--network",
        "host",
        "--build-arg",
        `NODE_IMAGE=${baseTag}`,
        ...args,
        "-t",
        tag,
        ROOT,
      ],
      {
        what: `docker build of the Dockerfile${args.length ? ` (${args.join(" ")})` : ""}`,
        // The classic builder: its output is plain lines, and it works with every engine version.
        env: { DOCKER_BUILDKIT: "0" },
        onLine: showStepsThatRun,
      },
    );
  }
  const replaced = previous.filter((id, index) => id && id !== imageId(targets[index].tag));
  if (replaced.length) succeeds("docker", ["rmi", ...replaced]);
}

function checkImageSize() {
  const bytes = Number(docker(["image", "inspect", "-f", "{{.Size}}", IMAGE]));
  const megabytes = (bytes / 1e6).toFixed(0);
  if (!(bytes < MAX_IMAGE_BYTES)) {
    throw new ContainerTestFailure(
      `The image is ${megabytes} MB, more than the ${MAX_IMAGE_BYTES / 1e6} MB it must stay under.`,
    );
  }
  log(`the image is ${megabytes} MB (limit ${MAX_IMAGE_BYTES / 1e6} MB)`);
}

function startContainer(name, volume, port) {
  docker(
    [
      "run",
      "-d",
      "--name",
      name,
      "--label",
      LABEL,
      "--network",
      "host",
      "-v",
      `${volume}:/data`,
      "-e",
      "HOST=127.0.0.1",
      "-e",
      `PORT=${port}`,
      "-e",
      "ALLOW_PRIVATE_TARGETS=true",
      "-e",
      "FORMS_MIN_FILL_MS=0",
      "-e",
      "SIGNUP_RATE_LIMIT=0",
      "-e",
      "LOG_LEVEL=warn",
      IMAGE,
    ],
    `starting the container ${name}`,
  );
  const isRunning = () => docker(["inspect", "-f", "{{.State.Running}}", name]) === "true";
  return { name, isRunning, logs: () => runCommand("docker", ["logs", "--tail", "40", name]) };
}

async function healthy(container, base) {
  try {
    await waitForHealth(base, container.isRunning);
  } catch (error) {
    throw new ContainerTestFailure(`${error.message}\nIts log:\n${container.logs()}`);
  }
}

/** Runs the image's own HEALTHCHECK command in the container, as the engine would. */
function checkHealthcheckCommand(container) {
  const test = JSON.parse(docker(["inspect", "-f", "{{json .Config.Healthcheck.Test}}", IMAGE]));
  if (!Array.isArray(test) || test[0] !== "CMD") {
    throw new ContainerTestFailure(`The image's HEALTHCHECK is not a plain command: ${test}`);
  }
  docker(["exec", container.name, ...test.slice(1)], "the image's HEALTHCHECK command");
}

function checkRunsAsUnprivilegedUser(container) {
  const uid = docker(["exec", container.name, "id", "-u"]);
  if (uid === "0") throw new ContainerTestFailure("The server in the container runs as root.");
  docker(
    ["exec", container.name, "ping", "-c", "1", "-W", "5", "127.0.0.1"],
    "ping in the container",
  );
}

function checkBackup(container) {
  const printed = docker(
    ["exec", container.name, "node", "apps/server/dist/admin.js", "backup"],
    "a backup with the admin command in the container",
  );
  const folder = /\/data\/backups\/upwatch-backup-[^\s(]+/.exec(printed)?.[0];
  if (!folder) throw new ContainerTestFailure(`The backup printed no folder: ${printed}`);
  docker(
    ["exec", container.name, "node", "apps/server/dist/admin.js", "verify-backup", folder],
    "verifying the backup in the container",
  );
  log(`backup taken and verified: ${folder}`);
}

async function stopCleanly(container) {
  const started = Date.now();
  docker(["stop", "-t", "30", container.name], "docker stop");
  const took = Date.now() - started;
  const exitCode = docker(["inspect", "-f", "{{.State.ExitCode}}", container.name]);
  if (exitCode !== "0") {
    throw new ContainerTestFailure(
      `docker stop ended the server with exit code ${exitCode}, not 0.\nIts log:\n${container.logs()}`,
    );
  }
  if (took > MAX_STOP_MS) {
    throw new ContainerTestFailure(
      `docker stop took ${(took / 1000).toFixed(1)} s; the server should stop on SIGTERM within ${MAX_STOP_MS / 1000} s.`,
    );
  }
  log(`docker stop: exit code 0 in ${(took / 1000).toFixed(1)} s`);
}

async function testTheImage() {
  const volume = `upwatch-container-test-${process.pid}`;
  docker(["volume", "create", "--label", LABEL, volume]);
  const target = await startLoopbackTarget();
  try {
    const port = await freeLoopbackPort();
    const base = `http://127.0.0.1:${port}`;
    const monitorId = await step("first container: start, register, monitor up", async () => {
      const first = startContainer(`upwatch-container-test-${process.pid}-a`, volume, port);
      await healthy(first, base);
      checkHealthcheckCommand(first);
      checkRunsAsUnprivilegedUser(first);
      const session = await register(base, EMAIL);
      const id = await createMonitor(base, session, target.url);
      await waitForMonitorUp(base, session, id);
      log(`registered ${EMAIL}; the monitor of ${target.url} is up`);
      docker(["rm", "-f", first.name], "docker rm -f of the first container");
      return id;
    });
    await step("second container on the same volume: sign in, monitor kept, stop", async () => {
      const second = startContainer(`upwatch-container-test-${process.pid}-b`, volume, port);
      await healthy(second, base);
      const session = await signIn(base, EMAIL);
      const monitors = await listMonitors(base, session);
      if (!monitors.some((monitor) => monitor.id === monitorId)) {
        throw new ContainerTestFailure(
          `The new container's account has lost its monitor ${monitorId}: ${JSON.stringify(monitors)}`,
        );
      }
      log(`signed in again as ${EMAIL}; monitor ${monitorId} is still there`);
      checkBackup(second);
      await stopCleanly(second);
    });
  } finally {
    target.close();
  }
}

async function main() {
  const started = Date.now();
  const isRoot = process.getuid?.() === 0;
  if (process.platform !== "linux" || !isRoot) {
    const reason =
      process.platform !== "linux"
        ? "it needs Linux"
        : "it installs packages, starts dockerd and runs debootstrap, which need root";
    console.log(
      `The container test did not run: ${reason}. Run it as root on Debian or Ubuntu: sudo node scripts/container-test.mjs`,
    );
    return process.env.CI === "true" ? 1 : 0;
  }
  await step("docker engine", async () => {
    ensurePackages(log);
    const engine = await ensureEngine(log);
    if (engine.started) log(`dockerd started (pid ${engine.pid}); it keeps running afterwards`);
    log(`engine: ${engineDescription()}`);
  });
  removeTestContainersAndVolumes();
  const baseTag = await step("base image", () => ensureBaseImage(log));
  await step("docker build", () => buildImage(baseTag));
  checkImageSize();
  try {
    await testTheImage();
  } finally {
    if (engineAnswers()) removeTestContainersAndVolumes();
  }
  timings.push(["in all", (Date.now() - started) / 1000]);
  log("timings:");
  for (const [name, seconds] of timings) log(`  ${name.padEnd(68)} ${seconds.toFixed(1)} s`);
  log("the image builds, runs, keeps its data on its volume and stops cleanly");
  return 0;
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    log(`stopped by ${signal}; removing the test's containers and volumes`);
    if (engineAnswers()) removeTestContainersAndVolumes();
    process.exit(1);
  });
}

try {
  process.exitCode = await main();
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.log(`container test FAILED: ${message}`);
  if (!(error instanceof ContainerTestFailure) && error instanceof Error) console.log(error.stack);
  process.exitCode = 1;
}
