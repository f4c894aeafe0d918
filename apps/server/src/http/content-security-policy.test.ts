import { createHash } from "node:crypto";
import { placeholderSiteConfig } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, pagePolicy } from "./content-security-policy.ts";

const sha = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
const none = { scripts: [], connections: [], images: [] };

describe("the content security policy of a page", () => {
  it("allows exactly the inline scripts the page carries, not its JSON data blocks", () => {
    const html = `<script>window.a=1</script><script type="module">import "/x.js"</script><script type="application/json">{"x":1}</script><script src="/y.js"></script>`;
    expect(inlineScriptHashes(html)).toEqual([sha("window.a=1"), sha('import "/x.js"')]);
  });

  it("forbids framing, plugins and foreign scripts by default", () => {
    const policy = pagePolicy("<p>hi</p>", { ...placeholderSiteConfig(), apiUrl: "" }, none);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("connect-src 'self';");
  });

  it("lets the page reach a separately hosted API and configured analytics", () => {
    const policy = pagePolicy(
      "",
      { ...placeholderSiteConfig(), apiUrl: "https://api.example.com/v" },
      {
        scripts: ["https://analytics.example"],
        connections: ["https://collect.example"],
        images: [],
      },
    );
    expect(policy).toContain("script-src 'self' https://analytics.example;");
    expect(policy).toContain("connect-src 'self' https://api.example.com https://collect.example;");
    expect(policy).toContain("form-action 'self' https://api.example.com;");
  });
});
