import { type MessagePart, messageParagraphs } from "@upwatch/core";
import { Fragment } from "react";

/** An update's or a window's message: paragraphs and line breaks kept, web addresses linked. */
export function StatusMessage({ text }: { text: string }) {
  return (
    <div className="status-message">
      {messageParagraphs(text).map((parts, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their place.
        <p key={index}>{parts.map(partElement)}</p>
      ))}
    </div>
  );
}

function partElement(part: MessagePart, index: number) {
  if (part.kind === "break") return <br key={index} />;
  if (part.kind === "text") return <Fragment key={index}>{part.text}</Fragment>;
  return (
    <a key={index} href={part.href} rel="nofollow ugc noopener" target="_blank">
      {part.href}
    </a>
  );
}
