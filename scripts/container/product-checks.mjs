// What the container test checks on the running image, through its HTTP API as a person's
// browser would use it: health, a registration, a monitor that comes up, and that all of it is
// still there in a new container on the same volume.
import { createServer } from "node:http";
import { ContainerTestFailure } from "./commands.mjs";

const PASSWORD = "a long enough password for the container test";

/** Polls `probe` until it answers something other than undefined, or gives up with `what`. */
export async function waitFor(what, probe, { timeoutMs = 120_000, everyMs = 500 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = "";
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      if (error instanceof ContainerTestFailure) throw error;
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new ContainerTestFailure(
    `Gave up waiting for ${what} after ${timeoutMs / 1000} s${lastProblem ? ` (last: ${lastProblem})` : ""}.`,
  );
}

/** A plain HTTP site on 127.0.0.1 for the monitor to check; answers 200 to everything. */
export function startLoopbackTarget() {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("Upwatch container test target\n");
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    });
  });
}

async function call(base, path, { method = "GET", body, session } = {}) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (session) {
    headers.cookie = session.cookie;
    if (method !== "GET") headers["x-csrf-token"] = session.csrf;
  }
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = { text };
  }
  return { status: response.status, body: json, setCookie: response.headers.get("set-cookie") };
}

function sessionOf(answer, what) {
  const token = /upwatch_session=([^;]+)/.exec(answer.setCookie ?? "")?.[1];
  if (!token || !answer.body.csrf_token) {
    throw new ContainerTestFailure(
      `${what} answered ${answer.status} without a session: ${JSON.stringify(answer.body)}`,
    );
  }
  return { cookie: `upwatch_session=${token}`, csrf: answer.body.csrf_token };
}

/** Waits until the server in the container answers /healthz with 200. */
export async function waitForHealth(base, isRunning) {
  await waitFor("the container's /healthz to answer 200", async () => {
    if (!isRunning()) throw new ContainerTestFailure("The container stopped while starting.");
    const response = await fetch(`${base}/healthz`);
    return response.status === 200 ? true : undefined;
  });
}

/** Registers an account, as the sign-up form does, and answers its session. */
export async function register(base, email) {
  const answer = await call(base, "/api/v1/auth/register", {
    method: "POST",
    body: { email, password: PASSWORD },
  });
  if (answer.status !== 201) {
    throw new ContainerTestFailure(
      `Registering ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  }
  return sessionOf(answer, "Registering");
}

/** Signs in with the password given at registration. */
export async function signIn(base, email) {
  const answer = await call(base, "/api/v1/auth/login", {
    method: "POST",
    body: { email, password: PASSWORD },
  });
  if (answer.status !== 200) {
    throw new ContainerTestFailure(
      `Signing in as ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  }
  return sessionOf(answer, "Signing in");
}

/** Creates an HTTP monitor of `target` and answers its id. */
export async function createMonitor(base, session, target) {
  const answer = await call(base, "/api/v1/monitors", {
    method: "POST",
    session,
    // The free plan's shortest interval; the first check runs at once anyway.
    body: { type: "http", name: "Container test target", target, interval_seconds: 300 },
  });
  if (answer.status !== 201) {
    throw new ContainerTestFailure(
      `Creating a monitor answered ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  }
  return answer.body.id;
}

/** The account's monitors as the dashboard lists them. */
export async function listMonitors(base, session) {
  const answer = await call(base, "/api/v1/monitors", { session });
  if (answer.status !== 200) {
    throw new ContainerTestFailure(
      `Listing monitors answered ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  }
  return answer.body.data;
}

/** Waits until the monitor's state is up. */
export async function waitForMonitorUp(base, session, monitorId) {
  let state = "unknown";
  try {
    await waitFor(
      "the monitor of the loopback target to be up",
      async () => {
        const monitor = (await listMonitors(base, session)).find((row) => row.id === monitorId);
        state = monitor?.state ?? "missing";
        return state === "up" ? true : undefined;
      },
      { timeoutMs: 90_000, everyMs: 1000 },
    );
  } catch (error) {
    throw new ContainerTestFailure(`${error.message} Its state stayed ${state}.`);
  }
}
