import type { APIRequestContext, BrowserContext } from "playwright-core";
import { registerInContext, type TestAccount } from "./app-accounts.ts";
import type { RunningProduct } from "./server.ts";

/** A signed-in account whose session the tests also use to call the API, as the app does. */
export interface AppAccount extends TestAccount {
  /** Calls `/api/v1{path}` with the session cookie and its security token. */
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
}

/** Registers a fresh account in the context: the context's pages are then signed in as it. */
export async function registerAccount(
  context: BrowserContext,
  product: RunningProduct,
): Promise<AppAccount> {
  const account = await registerInContext(context, product, "monitors");
  const session = await context.request.get(`${product.url}/api/v1/auth/session`);
  const { csrf_token: csrfToken } = (await session.json()) as { csrf_token: string };
  return {
    ...account,
    api: (method, path, data) =>
      callApi(context.request, product.url, csrfToken, method, path, data),
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
