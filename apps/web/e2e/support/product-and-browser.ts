import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { type SmtpSink, startSmtpSink } from "../../../server/test/smtp-sink.ts";
import { launchBrowser } from "./browser.ts";
import { type RunningProduct, startProduct } from "./server.ts";

/** The setting that lets a product under test monitor the loopback sites the tests start. */
export const PRIVATE_TARGETS = { ALLOW_PRIVATE_TARGETS: "true" };

/** The product and the browser a block of browser tests shares. */
export interface ProductAndBrowser {
  product: RunningProduct;
  browser: Browser;
}

/**
 * Starts the product (with `env`) and Chromium before the tests of the enclosing block, hands
 * them to `use`, and stops both after the block.
 */
export function withProductAndBrowser(
  use: (running: ProductAndBrowser) => void,
  env?: Record<string, string>,
): void {
  let running: Partial<ProductAndBrowser> = {};
  beforeAll(async () => {
    const [product, browser] = await Promise.all([startProduct(env), launchBrowser()]);
    running = { product, browser };
    use({ product, browser });
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.product?.stop();
  });
}

/** The product, the browser and the loopback mail server the product sends its mail to. */
export interface ProductBrowserAndMail extends ProductAndBrowser {
  smtp: SmtpSink;
}

/**
 * Like `withProductAndBrowser`, with a real SMTP listener started first and the product set to
 * send through it, so tests can follow the links the product mails.
 */
export function withProductBrowserAndMail(use: (running: ProductBrowserAndMail) => void): void {
  let smtp: SmtpSink | undefined;
  let running: Partial<ProductAndBrowser> = {};
  beforeAll(async () => {
    smtp = await startSmtpSink();
    const env = { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port) };
    const [product, browser] = await Promise.all([startProduct(env), launchBrowser()]);
    running = { product, browser };
    use({ product, browser, smtp });
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.product?.stop();
    await smtp?.close();
  });
}
