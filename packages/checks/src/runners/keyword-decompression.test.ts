import { Readable } from "node:stream";
import { brotliCompressSync, createGzip, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { keywordOptionsSchema } from "@upwatch/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "../registry.ts";
import { type LoopbackServer, startHttpServer, testNetwork } from "../testing/index.ts";

const PAGE = "<html><body><h1>Checkout</h1><button>Add to basket</button></body></html>";
const ENCODERS: Record<string, (text: string) => Buffer> = {
  gzip: (text) => gzipSync(text),
  deflate: (text) => deflateSync(text),
  "raw-deflate": (text) => deflateRawSync(text),
  br: (text) => brotliCompressSync(text),
  identity: (text) => Buffer.from(text),
};

/** An endless gzip stream of spaces: it never ends, and decodes to far more than any limit. */
function endlessGzip(): Readable {
  const spaces = Buffer.alloc(64 * 1024, " ");
  return new Readable({
    read() {
      this.push(spaces);
    },
  }).pipe(createGzip());
}

describe("the keyword runner on compressed answers", () => {
  let server: LoopbackServer;
  const asked: Array<string | undefined> = [];
  const network = testNetwork();

  beforeAll(async () => {
    server = await startHttpServer((request, response) => {
      asked.push(request.headers["accept-encoding"]);
      const name = (request.url ?? "/").slice(1);
      if (name === "bomb") {
        // 64 MiB of spaces with the keyword at the very end, sent as about 64 KiB of gzip.
        const body = gzipSync(`${" ".repeat(64 * 1024 * 1024)}Add to basket`);
        return response.writeHead(200, { "content-encoding": "gzip" }).end(body);
      }
      if (name === "endless") {
        response.writeHead(200, { "content-encoding": "gzip" });
        return void endlessGzip().pipe(response);
      }
      if (name === "zstd") return response.writeHead(200, { "content-encoding": "zstd" }).end("x");
      if (name === "layered") {
        const layers = Array.from({ length: 500 }, () => "br").join(", ");
        return response.writeHead(200, { "content-encoding": layers }).end("x");
      }
      if (name === "corrupt") {
        return response.writeHead(200, { "content-encoding": "gzip" }).end("not gzip at all");
      }
      const encode = ENCODERS[name];
      if (!encode) return response.writeHead(404).end();
      const encoding = name === "raw-deflate" ? "deflate" : name;
      response.writeHead(200, { "content-encoding": encoding }).end(encode(PAGE));
    });
  });
  afterAll(() => server.close());

  const check = (path: string, options: Record<string, unknown> = {}) =>
    runCheck(
      {
        type: "keyword",
        target: `http://127.0.0.1:${server.port}/${path}`,
        timeoutMs: 10_000,
        options: keywordOptionsSchema.parse({ keyword: "Add to basket", ...options }),
      },
      { network },
    );

  it.each(["gzip", "deflate", "raw-deflate", "br", "identity"])(
    "finds the keyword in a %s answer, and asks for gzip, deflate and br itself",
    async (encoding) => {
      const outcome = await check(encoding);
      expect(outcome).toMatchObject({ status: "up", statusCode: 200, error: null });
      expect(asked.at(-1)).toBe("gzip, deflate, br");
      const absent = await check(encoding, { keyword_mode: "absent" });
      expect(absent.error).toBe('The page contains "Add to basket", which should be absent.');
    },
  );

  it("sends the person's own Accept-Encoding instead, and still decodes what comes back", async () => {
    const outcome = await check("gzip", { headers: { "Accept-Encoding": "gzip" } });
    expect(outcome.status).toBe("up");
    expect(asked.at(-1)).toBe("gzip");
  });

  it("stops at 1 MiB of decompressed text from a bomb and says the rest was not read", async () => {
    const outcome = await check("bomb");
    expect(outcome.status).toBe("down");
    expect(outcome.error).toBe(
      'The page does not contain "Add to basket" in its first 1 MiB: the page is longer (after decompression), and the rest is not read.',
    );
  });

  it("stops reading an endless compressed answer at the same limit instead of waiting", async () => {
    const outcome = await check("endless");
    expect(outcome.error).toMatch(/^The page does not contain "Add to basket" in its first 1 MiB/);
  });

  it("is down with a sentence on an encoding it cannot read, or a corrupt body", async () => {
    expect((await check("zstd")).error).toBe(
      "The server answered in zstd encoding, which the check cannot read (it reads gzip, deflate and br).",
    );
    expect((await check("corrupt")).error).toMatch(
      /^The gzip body could not be decompressed: .+\.$/,
    );
  });

  it("refuses an answer with hundreds of encodings layered on each other, decoding none", async () => {
    expect((await check("layered")).error).toBe(
      "The server answered with 500 content encodings layered on each other; the check reads at most 2.",
    );
  });
});
