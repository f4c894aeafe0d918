import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { BrowserContext, Page } from "playwright-core";
import type { RunningProduct } from "./server.ts";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const run = promisify(execFile);

export const PASSWORD = "correct horse battery staple";

let counter = 0;

/** An address no other test uses. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

export interface TestAccount {
  email: string;
  password: string;
  accountId: string;
}

/**
 * Creates an account through the API in the browser context, which then carries its session
 * cookie: the context's pages are signed in.
 */
export async function registerInContext(
  context: BrowserContext,
  product: RunningProduct,
  label: string,
): Promise<TestAccount> {
  const email = uniqueEmail(label);
  const response = await context.request.post(`${product.url}/api/v1/auth/register`, {
    data: { email, password: PASSWORD },
  });
  if (response.status() !== 201) {
    throw new Error(`Registering failed: ${response.status()} ${await response.text()}`);
  }
  const body = (await response.json()) as { account: { id: string } };
  return { email, password: PASSWORD, accountId: body.account.id };
}

/** Moves an account to another plan with the operator's admin command. */
export async function setPlan(product: RunningProduct, accountId: string, plan: string) {
  await run(
    process.execPath,
    ["scripts/admin.mjs", "set-plan", "--account", accountId, "--plan", plan],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: product.dataDir, LOG_LEVEL: "warn" } },
  );
}

/** Adds a person who already signs in to an account with a role, with the admin command. */
export async function addMember(
  product: RunningProduct,
  accountId: string,
  email: string,
  role: "admin" | "member" | "viewer",
) {
  await run(
    process.execPath,
    ["scripts/admin.mjs", "add-member", "--account", accountId, "--email", email, "--role", role],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: product.dataDir, LOG_LEVEL: "warn" } },
  );
}

/** Fills the login form and submits it. */
export async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}
