import { searchTokens } from "./tokens.ts";

const PIECES = /([\p{L}\p{N}]+(?:[._:/-][\p{L}\p{N}]+)*)/u;

/** The text with the words that matched a search marked. */
export function Highlight({ text, words }: { text: string; words: ReadonlySet<string> }) {
  if (!words.size) return <>{text}</>;
  const pieces = text.split(PIECES);
  return (
    <>
      {pieces.map((piece, i) =>
        i % 2 === 1 && searchTokens(piece).some((token) => words.has(token)) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed string.
          <mark key={i}>{piece}</mark>
        ) : (
          piece
        ),
      )}
    </>
  );
}
