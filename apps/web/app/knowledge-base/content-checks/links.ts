/** The link and image targets of a markdown body, outside code. */
export function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const text = line.replace(/`[^`]*`/g, "");
    for (const match of text.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
      targets.push(match[1] ?? "");
    }
    const reference = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(text);
    if (reference?.[1]) targets.push(reference[1]);
  }
  return targets;
}
