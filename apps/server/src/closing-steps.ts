import type { FastifyInstance } from "fastify";

/**
 * Adds a named step to the app's close. While it runs its name is in `app.closingSteps`, so a
 * shutdown that overruns its grace can say which parts it was still waiting on.
 */
export function addClosingStep(
  app: FastifyInstance,
  name: string,
  step: () => Promise<unknown> | unknown,
): void {
  app.addHook("onClose", async () => {
    app.closingSteps.add(name);
    try {
      await step();
    } finally {
      app.closingSteps.delete(name);
    }
  });
}

const ANSWERING = "requests still being answered";
/** How long requests under way are given to finish when the server closes. */
const ANSWERING_GRACE_MS = 5_000;

/**
 * Names the wait for requests still being answered, which comes before the closing steps, and
 * ends the connections still open after its grace.
 */
export function trackClosing(app: FastifyInstance): void {
  app.decorate("closingSteps", new Set<string>());
  app.addHook("preClose", async () => {
    if (!app.server.listening) return;
    app.closingSteps.add(ANSWERING);
    // A client that stops reading must not hold the rest of the shutdown past its grace.
    const cutOff = setTimeout(() => app.server.closeAllConnections(), ANSWERING_GRACE_MS);
    cutOff.unref();
    app.server.once("close", () => {
      clearTimeout(cutOff);
      app.closingSteps.delete(ANSWERING);
    });
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** The parts of the app still closing, by name (empty before and after the close). */
    closingSteps: Set<string>;
  }
}
