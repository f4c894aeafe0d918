/**
 * Text cut to at most `max` characters, ending in an ellipsis when cut. Counts code points, not
 * UTF-16 units, so an emoji is never split in half.
 */
export function shorten(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters.slice(0, max - 1).join("")}…`;
}
