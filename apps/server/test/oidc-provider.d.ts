/** The little of `oidc-provider` the tests use (the package ships no types). */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface KoaContext {
    path: string;
    body: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    interactionDetails(
      request: IncomingMessage,
      response: ServerResponse,
    ): Promise<{ uid: string; prompt: { name: string }; params: { login_hint?: string } }>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
