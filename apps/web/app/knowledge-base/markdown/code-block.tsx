import type { ComponentProps } from "react";
import type { ExtraProps } from "react-markdown";

/** A fenced code block, labelled with its language when the fence names one. */
export function CodeBlock({ children, node }: ComponentProps<"pre"> & ExtraProps) {
  const language = languageOf(node?.children[0]);
  if (!language) return <pre className="kb-code">{children}</pre>;
  return (
    <div className="kb-code-block">
      <span className="kb-code-language">{language}</span>
      <pre className="kb-code" data-language={language}>
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
