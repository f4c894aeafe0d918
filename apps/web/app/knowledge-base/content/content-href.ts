/** Where a link in an article leads, and how the page should open it. */
export type ContentHref =
  | { kind: "internal"; to: string }
  | { kind: "external"; href: string }
  | { kind: "plain"; href: string };

const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * Maps a link written in an article: `./x`, `../x`, `x.md` and other relative links lead to
 * `/knowledge-base/x` (the last path segment, `.md` removed, anchor kept); site paths such as
 * `/contact` stay; http(s) links are external; anything else (`mailto:`, `#anchor`) is left alone.
 */
export function resolveContentHref(href: string): ContentHref {
  if (/^https?:\/\//i.test(href)) return { kind: "external", href };
  if (href === "" || href.startsWith("#") || SCHEME.test(href) || href.startsWith("//")) {
    return { kind: "plain", href };
  }
  if (href.startsWith("/")) return { kind: "internal", to: href };
  const [, path = "", rest = ""] = /^([^?#]*)(.*)$/.exec(href) ?? [];
  const slug = (path.split("/").filter(Boolean).at(-1) ?? "").replace(/\.md$/i, "");
  const isParentOrSelf = slug === "." || slug === ".." || slug === "";
  return { kind: "internal", to: `/knowledge-base${isParentOrSelf ? "" : `/${slug}`}${rest}` };
}
