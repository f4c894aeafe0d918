import { Fragment } from "react";
import { linkPieces, paragraphsOf } from "./plain-text.ts";

/** An update's or a window's message: paragraphs and line breaks kept, web addresses linked. */
export function StatusMessage({ text }: { text: string }) {
  return (
    <div className="status-message">
      {paragraphsOf(text).map((lines, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their place.
        <p key={index}>
          {lines.map((line, lineIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place.
            <Fragment key={lineIndex}>
              {lineIndex > 0 ? <br /> : null}
              {linkPieces(line).map((piece, pieceIndex) =>
                piece.kind === "link" ? (
                  <a
                    // biome-ignore lint/suspicious/noArrayIndexKey: pieces have no identity but their place.
                    key={pieceIndex}
                    href={piece.href}
                    rel="nofollow ugc noopener"
                    target="_blank"
                  >
                    {piece.href}
                  </a>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: pieces have no identity but their place.
                  <Fragment key={pieceIndex}>{piece.text}</Fragment>
                ),
              )}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}
