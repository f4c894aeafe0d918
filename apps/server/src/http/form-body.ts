import type { FastifyInstance, FastifyRequest } from "fastify";

const FORM_TYPE = "application/x-www-form-urlencoded";

/** Accepts plain HTML form posts, so the site's forms work without JavaScript. */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(FORM_TYPE, { parseAs: "string" }, (_request, body, done) => {
    const fields = Object.fromEntries(new URLSearchParams(body as string));
    if (typeof fields.elapsedMs === "string") {
      const elapsed = Number(fields.elapsedMs);
      if (fields.elapsedMs === "" || !Number.isFinite(elapsed)) delete fields.elapsedMs;
      else (fields as Record<string, unknown>).elapsedMs = Math.max(0, Math.round(elapsed));
    }
    done(null, fields);
  });
}

/** True when the request came from a plain HTML form rather than a script. */
export function isFormPost(request: FastifyRequest): boolean {
  return (request.headers["content-type"] ?? "").startsWith(FORM_TYPE);
}
