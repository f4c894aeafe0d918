import { createHash } from "node:crypto";
import { PRODUCT_NAME, pageTitle } from "@upwatch/core";
import type { FastifyReply } from "fastify";
import { escapeHtml } from "../http/escape-html.ts";

export interface MessagePage {
  title: string;
  message: string;
  /** A form button that posts back to the same address, e.g. to confirm an unsubscribe. */
  action?: { label: string; url: string };
  link: { label: string; url: string };
  /** Whose page this is, when not the product's own (a status page); the product's by default. */
  brand?: MessageBrand;
}

/** The name shown at the top of a message page, with the home it links to. */
export interface MessageBrand {
  name: string;
  url: string;
  /** White-label: the product is not named anywhere, nor its icon used. */
  whiteLabel: boolean;
}

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0b1020;color:#e6e9f2;line-height:1.6}
main{max-width:36rem;margin:12vh auto;padding:0 1.25rem}
a{color:#4ade80}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#4ade80;color:#0b1020;font-weight:600;cursor:pointer}
`;

/** The message pages' policy: no scripts at all, and only their own style sheet. */
export const MESSAGE_PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`,
  "img-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

/** A small server-made page for answers that happen outside the web app (form posts, mail links). */
export function renderMessagePage(page: MessagePage): string {
  const brand = page.brand;
  const title = brand?.whiteLabel ? `${page.title} | ${brand.name}` : pageTitle(page.title);
  const icon = brand?.whiteLabel
    ? ""
    : '<link rel="icon" href="/favicon.svg" type="image/svg+xml">\n';
  const action = page.action
    ? `<form method="post" action="${escapeHtml(page.action.url)}"><button type="submit">${escapeHtml(page.action.label)}</button></form>`
    : "";
  return `<!DOCTYPE html>
<html lang="en" data-theme="dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${icon}<style>${STYLE}</style>
</head>
<body>
<main>
<p><a href="${escapeHtml(brand?.url ?? "/")}">${escapeHtml(brand?.name ?? PRODUCT_NAME)}</a></p>
<h1>${escapeHtml(page.title)}</h1>
<p role="status">${escapeHtml(page.message)}</p>
${action}
<p><a href="${escapeHtml(page.link.url)}">${escapeHtml(page.link.label)}</a></p>
</main>
</body>
</html>`;
}

/** Answers with a message page; such answers are personal, so they are never cached. */
export function sendMessagePage(
  reply: FastifyReply,
  status: number,
  page: MessagePage,
): FastifyReply {
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("content-security-policy", MESSAGE_PAGE_POLICY)
    .send(renderMessagePage(page));
}
