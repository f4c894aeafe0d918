/** The words of a markdown body without its markup, for searching: code and link text kept. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^\s*(```|~~~).*$/gm, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*`|~]+/g, " ")
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, " ")
    .replace(/^\s*:?-{3,}:?\s*$/gm, " ")
    .replace(/\s+/g, " ")
    .trim();
}
