import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { APIRequestContext, BrowserContext } from "playwright-core";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const run = promisify(execFile);

/** A signed-in account made through the API, sharing its session cookie with a browser context. */
export interface AppAccount {
  email: string;
  accountId: string;
  csrfToken: string;
  /** Calls the API with the session, as the app does (with the security token on changes). */
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
}

let counter = 0;

/** Registers a fresh account in the context: the context is then signed in as it. */
export async function registerAccount(
  context: BrowserContext,
  baseUrl: string,
): Promise<AppAccount> {
  counter += 1;
  const email = `owner-${Date.now().toString(36)}-${counter}@example.com`;
  const answer = await context.request.post(`${baseUrl}/api/v1/auth/register`, {
    data: { email, password: "correct horse battery staple" },
  });
  if (answer.status() !== 201) throw new Error(`Registering failed: ${await answer.text()}`);
  const body = (await answer.json()) as { account: { id: string }; csrf_token: string };
  return {
    email,
    accountId: body.account.id,
    csrfToken: body.csrf_token,
    api: (method, path, data) =>
      callApi(context.request, baseUrl, body.csrf_token, method, path, data),
  };
}

async function callApi<T>(
  request: APIRequestContext,
  baseUrl: string,
  csrfToken: string,
  method: string,
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { "x-csrf-token": csrfToken },
    ...(data === undefined ? {} : { data }),
  });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Moves an account to another plan with the operator's admin command, as an operator would. */
export async function setPlan(
  dataDir: string,
  accountId: string,
  plan: "free" | "hobby" | "business" | "enterprise",
): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [
      "--import",
      "tsx",
      "apps/server/src/admin/cli.ts",
      "set-plan",
      "--account",
      accountId,
      "--plan",
      plan,
    ],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
  );
  return stdout;
}
