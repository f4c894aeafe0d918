import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** A rendered answer as it is sent, with its compressed forms made once, on first demand. */
export interface CachedAnswer {
  status: number;
  body: Buffer;
  type: string;
  etag: string;
  policy: string | undefined;
  version: number;
  expires: number;
  gzip?: Buffer;
  br?: Buffer;
}

/** What a renderer gives back: the body and, when the clock alone changes it, until when it holds. */
export interface Rendered {
  status?: number;
  body: string;
  type: string;
  policy?: string | undefined;
  expires?: number | undefined;
}

/** How long an answer may be served at most, so uptime bars stay within a minute of the checks. */
export const CACHE_MAX_AGE_MS = 60_000;

/**
 * Rendered answers per (page, variant), valid while the page's version is the one they were made
 * from and until they expire. Concurrent misses share one rendering, so a spike right after a
 * change renders the page once.
 */
export class PageCache {
  readonly #entries = new Map<string, CachedAnswer>();
  readonly #pending = new Map<string, Promise<CachedAnswer>>();

  constructor(private readonly maxEntries = 5_000) {}

  /** The answer for the page's current version, rendering it when missing or stale. */
  async answer(
    pageId: string,
    variant: string,
    version: number,
    now: number,
    render: () => Promise<Rendered>,
  ): Promise<CachedAnswer> {
    const key = `${pageId} ${variant}`;
    const cached = this.#entries.get(key);
    if (cached && cached.version === version && cached.expires > now) return cached;
    const pendingKey = `${key} ${version}`;
    const pending = this.#pending.get(pendingKey);
    if (pending) return pending;
    const work = render()
      .then((rendered) => this.#store(key, version, now, rendered))
      .finally(() => this.#pending.delete(pendingKey));
    this.#pending.set(pendingKey, work);
    return work;
  }

  /** Forgets everything (tests, and pages deleted). */
  clear(): void {
    this.#entries.clear();
  }

  #store(key: string, version: number, now: number, rendered: Rendered): CachedAnswer {
    const body = Buffer.from(rendered.body);
    const answer: CachedAnswer = {
      status: rendered.status ?? 200,
      body,
      type: rendered.type,
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      policy: rendered.policy,
      version,
      expires: Math.min(now + CACHE_MAX_AGE_MS, rendered.expires ?? Number.POSITIVE_INFINITY),
    };
    // Made-up addresses (unknown incidents, components) must not push real pages out.
    if (answer.status === 404) return answer;
    this.#entries.delete(key);
    this.#entries.set(key, answer);
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return answer;
  }
}

/** The body in the best encoding the client accepts, compressed once per answer. */
export function encodedBody(
  answer: CachedAnswer,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: "br" | "gzip" | undefined } {
  const accepts = acceptEncoding ?? "";
  if (answer.body.length < 1024) return { body: answer.body, encoding: undefined };
  if (/\bbr\b/.test(accepts)) {
    answer.br ??= brotliCompressSync(answer.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
    });
    return { body: answer.br, encoding: "br" };
  }
  if (/\bgzip\b/.test(accepts)) {
    answer.gzip ??= gzipSync(answer.body, { level: 9 });
    return { body: answer.gzip, encoding: "gzip" };
  }
  return { body: answer.body, encoding: undefined };
}

/** Whether `If-None-Match` names the answer's entity tag (weak or strong, or `*`). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
