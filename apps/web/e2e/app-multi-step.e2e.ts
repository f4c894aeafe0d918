import { createServer, type Server } from "node:http";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { PRIVATE_TARGETS, withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

const API_PASSWORD = "s3cret-orders-pass";

/** A small API on loopback: a login that wants the password, and an orders list that can break. */
interface OrdersApi {
  url: string;
  ordersBroken: boolean;
  /** The passwords the login was sent, in order. */
  logins: string[];
  close(): Promise<void>;
}

async function startOrdersApi(): Promise<OrdersApi> {
  const api: OrdersApi = { url: "", ordersBroken: false, logins: [], close: async () => {} };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (request.method === "POST" && request.url === "/login") {
        let password = "";
        try {
          password = String(JSON.parse(Buffer.concat(chunks).toString()).password ?? "");
        } catch {}
        api.logins.push(password);
        if (password !== API_PASSWORD) return json(401, { error: "wrong password" });
        return json(200, { data: { token: "t-1" } });
      }
      if (request.method === "GET" && request.url === "/orders") {
        if (api.ordersBroken) return json(503, { error: "unavailable" });
        return json(200, { data: [{ id: "7" }] });
      }
      json(404, { error: "not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  api.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  api.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return api;
}

/** "Check now" is refused within 5 seconds of the monitor's last check. */
async function waitOutCheckGap(page: Page): Promise<void> {
  const last = await page.locator(".checks-table tbody tr time").first().getAttribute("datetime");
  const wait = Date.parse(String(last)) + 5_500 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Presses "Check now", again if a scheduled check had just run and the server asks to wait. */
async function checkNow(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await waitOutCheckGap(page);
    const answer = page.waitForResponse((response) => response.url().endsWith("/check"));
    await page.getByRole("button", { name: "Check now" }).click();
    const response = await answer;
    if (response.status() === 200) return;
    expect(response.status()).toBe(429);
    await page.getByText("This monitor was checked a moment ago; wait a few seconds.").waitFor();
  }
  throw new Error("Check now was refused three times.");
}

/** The step card at a position (from 1), adding steps until there is one. */
async function stepCard(page: Page, position: number): Promise<Locator> {
  const cards = page.getByRole("group", { name: /^Step \d+:/ });
  while ((await cards.count()) < position) {
    await page.getByRole("button", { name: "Add step" }).click();
  }
  return page.getByRole("group", { name: new RegExp(`^Step ${position}:`) });
}

/** The variable row at a position (from 1), adding rows until there is one. */
async function variableRow(page: Page, position: number): Promise<Locator> {
  const rows = page.getByRole("group", { name: /^Variable \d+$/ });
  while ((await rows.count()) < position) {
    await page.getByRole("button", { name: "Add variable" }).click();
  }
  return page.getByRole("group", { name: `Variable ${position}`, exact: true });
}

describe("a multi-step API check built in the monitor form", () => {
  let product: RunningProduct;
  let browser: Browser;
  let api: OrdersApi;
  withProductAndBrowser((running) => ({ product, browser } = running), PRIVATE_TARGETS);
  beforeAll(async () => {
    api = await startOrdersApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it("is built by hand with a secure password, passes step by step, then shows the failing step and its alert when the orders endpoint breaks", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    const account = await registerAccount(context, product);
    await setPlan(product, account.accountId, "hobby");
    await account.api("POST", "/secure-variables", { name: "api_password", value: API_PASSWORD });

    const page = await context.newPage();
    // "Check now" may be refused (429) when a scheduled check has just run; it is pressed again.
    const errors = collectPageErrors(page, (url) => url.endsWith("/check"));
    await page.goto(`${product.url}/app`);
    await page.getByRole("link", { name: "Add your first monitor" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Orders API");
    await page.getByRole("radio", { name: /^Multi-step API/ }).check();

    const baseUrl = await variableRow(page, 1);
    await baseUrl.getByLabel("Variable name", { exact: true }).fill("base_url");
    await baseUrl.getByLabel("Variable value", { exact: true }).fill(api.url);
    const password = await variableRow(page, 2);
    await password.getByLabel("Variable name", { exact: true }).fill("password");
    await password.getByLabel("Use a secure variable").selectOption("api_password");

    const login = await stepCard(page, 1);
    await login.getByLabel("Step name", { exact: true }).fill("login");
    await login.getByLabel("Step type").selectOption("http_request");
    await login.getByLabel("Method").selectOption("POST");
    await login.getByLabel("URL", { exact: true }).fill("{{base_url}}/login");
    await login.getByLabel("Body", { exact: true }).fill('{"password": "{{password}}"}');

    const orders = await stepCard(page, 2);
    await orders.getByLabel("Step name", { exact: true }).fill("list_orders");
    await orders.getByLabel("Step type").selectOption("http_request");
    await orders.getByLabel("Method").selectOption("GET");
    await orders.getByLabel("URL", { exact: true }).fill("{{base_url}}/orders");

    // Without dependencies, an assertion reads the most recent request: the orders list.
    const status = await stepCard(page, 3);
    await status.getByLabel("Step name", { exact: true }).fill("orders_status");
    await status.getByLabel("Step type").selectOption("assertion");
    await status.getByLabel("Assertion").selectOption("status_code");
    await status.getByLabel("Operator").selectOption("equals");
    await status.getByLabel("Expected", { exact: true }).fill("200");

    await page.getByLabel("Check every").selectOption({ label: "1 minute" });
    await page.getByLabel("Failure threshold").fill("1");
    await page.getByRole("button", { name: "Create monitor" }).click();

    // The monitor's page: the target is the first request's URL, and the first run passes.
    await page.getByRole("heading", { name: /Orders API/ }).waitFor();
    expect(await page.locator(".monitor-target-text").textContent()).toBe(`${api.url}/login`);
    const runs = page.getByRole("region", { name: "Runs" });
    const newest = runs.locator("details.run").first();
    await newest.getByText("Run passed").waitFor({ timeout: 30_000 });
    expect(await newest.getAttribute("open")).not.toBeNull();
    await newest.getByText("3 of 3 steps passed").waitFor();
    const steps = newest.locator(".run-step");
    expect(await steps.count()).toBe(3);
    for (const name of ["login", "list_orders", "orders_status"]) {
      await steps
        .filter({ hasText: name })
        .locator(".step-outcome", { hasText: "Passed" })
        .waitFor();
    }
    await steps.filter({ hasText: "login" }).getByText(`POST ${api.url}/login`).waitFor();
    await newest
      .locator(".step-waterfall figcaption", { hasText: "Steps of the run at" })
      .waitFor();
    expect(await newest.locator(".waterfall-row").count()).toBe(3);
    expect(api.logins.at(-1)).toBe(API_PASSWORD);
    expect(await page.locator("body").textContent()).not.toContain(API_PASSWORD);

    // The orders endpoint breaks; the next run fails at the status assertion, and alerts.
    api.ordersBroken = true;
    await checkNow(page);
    const failed = runs.locator("details.run").first();
    await failed.getByText("Run failed").waitFor();
    expect(await failed.getAttribute("open")).not.toBeNull();
    const failing = failed.locator(".step-failed-run");
    expect(await failing.count()).toBe(1);
    expect(await failing.locator(".run-step-name").textContent()).toBe("orders_status");
    await failing.getByText("This step failed the run").waitFor();
    await failing.locator(".step-outcome", { hasText: "Failed" }).waitFor();
    await failing.getByText("expected status 200, got 503").waitFor();
    const ordersFacts = failed.locator(".run-step", { hasText: "list_orders" }).locator("dl > div");
    expect(await ordersFacts.filter({ hasText: "Status code" }).locator("dd").textContent()).toBe(
      "503",
    );
    await failed.getByRole("link", { name: "Step “orders_status”" }).click();
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(
      `#${await failing.getAttribute("id")}`,
    );

    await page.locator(".monitor-title .status-badge", { hasText: "Down" }).waitFor();
    const alert = page.locator(".alert-item");
    await alert.locator(".alert-state", { hasText: "Open" }).waitFor();
    expect(await alert.textContent()).toContain(
      'Step "orders_status": expected status 200, got 503',
    );
    expect(await page.locator("body").textContent()).not.toContain(API_PASSWORD);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
