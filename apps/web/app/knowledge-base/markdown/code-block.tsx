import type { ComponentProps } from "react";
import type { ExtraProps } from "react-markdown";

/** A fenced code block, labelled with its language when the fence names one. */
export function CodeBlock({ children, node }: ComponentProps<"pre"> & ExtraProps) {
  const language = languageOf(node?.children[0]);
  // A long line scrolls sideways, so the block takes the keyboard focus to be scrolled.
  if (!language)
    return (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      <pre className="kb-code" tabIndex={0}>
        {children}
      </pre>
    );
  return (
    <div className="kb-code-block">
      <span className="kb-code-language">{language}</span>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
      <pre className="kb-code" data-language={language} tabIndex={0}>
        {children}
      </pre>
    </div>
  );
}

function languageOf(child: unknown): string | undefined {
  if (!child || typeof child !== "object" || !("properties" in child)) return undefined;
  const className = (child as { properties?: { className?: unknown } }).properties?.className;
  const classes = Array.isArray(className) ? className.map(String) : [];
  return classes.find((name) => name.startsWith("language-"))?.slice("language-".length);
}
