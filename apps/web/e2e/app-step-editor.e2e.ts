import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerInContext, setPlan } from "./support/app-accounts.ts";
import { axeViolations } from "./support/axe.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

describe("the step editor in the monitor form", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  it("adds, names, links, reorders and removes steps, and points at a step with no URL", async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    context.setDefaultTimeout(8_000);
    const account = await registerInContext(context, product, "steps");
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${product.url}/app/monitors/new`);
    const multiStep = page.getByRole("radio", { name: /Multi-step API/ });
    await multiStep.waitFor();
    expect(await multiStep.isDisabled()).toBe(true);
    await page.getByText("Multi-step API checks need the Hobby plan or above.").waitFor();

    await setPlan(product, account.accountId, "hobby");
    await page.reload();
    await multiStep.check();
    await page.getByRole("heading", { name: "The steps" }).waitFor();
    expect(await page.locator("#monitor-target").count()).toBe(0);

    const first = page.getByRole("group", { name: "Step 1: step_1" });
    await first.getByLabel("Step name").fill("login");
    const login = page.getByRole("group", { name: "Step 1: login" });
    await login.getByLabel("Method").selectOption("POST");
    await login.getByLabel("URL").fill("{{base_url}}/v1/auth/login");

    await page.getByRole("button", { name: "Add step" }).click();
    const second = page.getByRole("group", { name: "Step 2: step_2" });
    await second.getByLabel("Step name").fill("login_ok");
    const check = page.getByRole("group", { name: "Step 2: login_ok" });
    await check.getByLabel("Step type").selectOption("assertion");
    await check.getByLabel("Operator").selectOption("equals");
    expect(await check.getByLabel("Expected").getAttribute("type")).toBe("number");
    await check.getByLabel("Expected").fill("200");
    const dependsOn = check.getByRole("group", { name: "Depends on" });
    await dependsOn.getByRole("checkbox", { name: "login" }).check();
    await check.getByLabel("Dependency type").selectOption("success");

    await page.getByRole("button", { name: "Add variable" }).click();
    await page.getByLabel("Variable name").fill("base_url");
    await page.getByLabel("Variable value").fill("https://api.example.com");
    expect(await page.getByLabel("Use a secure variable").isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Moving the assertion above the request drops its dependency: only earlier steps count.
    await check.getByRole("button", { name: "Move up" }).click();
    const moved = page.getByRole("group", { name: "Step 1: login_ok" });
    await moved.waitFor();
    expect(await moved.getByRole("group", { name: "Depends on" }).count()).toBe(0);
    const request = page.getByRole("group", { name: "Step 2: login" });
    expect(
      await request.getByRole("group", { name: "Depends on" }).getByRole("checkbox").count(),
    ).toBe(1);
    await request.getByRole("button", { name: "Move up" }).click();
    await page.getByRole("group", { name: "Step 1: login" }).waitFor();

    await page.getByRole("button", { name: "Add step" }).click();
    const third = page.getByRole("group", { name: "Step 3: step_3" });
    await page.getByLabel("Name", { exact: true }).fill("Orders API");
    await page.getByRole("button", { name: "Create monitor" }).click();
    await third.getByText("Give the request a URL.").waitFor();
    expect(await third.getByLabel("URL").getAttribute("aria-invalid")).toBe("true");

    await third.getByRole("button", { name: "Remove step" }).click();
    await third.waitFor({ state: "detached" });
    expect(await page.getByRole("group", { name: /^Step \d/ }).count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
