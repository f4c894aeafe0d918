import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Markdown } from "./markdown.tsx";

function render(markdown: string): string {
  return renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(Markdown, null, markdown)),
  );
}

describe("rendering article markdown", () => {
  it("turns links to other articles into help-centre addresses", () => {
    const html = render(
      "[a](./linux-agent.md) [b](../x/sms-alerts) [c](webhook-alerts.md#signing)",
    );
    expect(html).toContain('href="/knowledge-base/linux-agent"');
    expect(html).toContain('href="/knowledge-base/sms-alerts"');
    expect(html).toContain('href="/knowledge-base/webhook-alerts#signing"');
  });

  it("opens outside links in a new tab without giving it access to the page", () => {
    const html = render("[Slack](https://api.slack.com/messaging/webhooks)");
    expect(html).toContain('href="https://api.slack.com/messaging/webhooks"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it("keeps only safe link and image schemes", () => {
    const html = render(
      "[x](javascript:alert(1)) [m](mailto:a@b.example) [i](irc://irc.example/room) ![p](data:image/png;base64,AAAA)",
    );
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("data:image");
    expect(html).toContain('href="mailto:a@b.example"');
    expect(html).toContain('href="irc://irc.example/room"');
  });

  it("shows raw HTML as text instead of running it", () => {
    const html = render('<script>alert("x")</script>\n\n<img src=x onerror="alert(1)">');
    expect(html).not.toMatch(/<script|<img src="x"/);
    expect(html).toContain("&lt;script&gt;");
  });

  it("labels a fenced code block with its language", () => {
    const html = render("```yaml\ninterval: 60\n```\n\n```\nplain\n```");
    expect(html).toContain('<span class="kb-code-language">yaml</span>');
    expect(html.match(/kb-code-language/g)).toHaveLength(1);
  });

  it("loads images lazily", () => {
    expect(render("![Agents page](/images/agents.png)")).toMatch(
      /<img src="\/images\/agents.png" alt="Agents page" loading="lazy"/,
    );
  });

  it("gives section headings anchor ids and wraps tables so they scroll on small screens, by keyboard too", () => {
    const html = render("## Step 1: Install `agent`\n\n| a | b |\n|---|---|\n| 1 | 2 |");
    expect(html).toContain('<h2 id="step-1-install-agent">');
    expect(html).toContain('<div class="kb-table-scroll" tabindex="0"><table>');
  });

  it("lets the keyboard reach code blocks, which scroll sideways when a line is long", () => {
    const html = render(
      "```bash\nsudo systemctl enable --now upwatch-agent\n```\n\n```\nplain\n```",
    );
    expect(html).toContain('<pre class="kb-code" data-language="bash" tabindex="0">');
    expect(html).toContain('<pre class="kb-code" tabindex="0">');
  });
});
