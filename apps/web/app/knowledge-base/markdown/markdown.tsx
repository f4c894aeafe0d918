import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./code-block.tsx";
import { Heading2, Heading3 } from "./heading.tsx";
import { MarkdownLink } from "./markdown-link.tsx";

const COMPONENTS: Components = {
  a: MarkdownLink,
  pre: CodeBlock,
  h2: Heading2,
  h3: Heading3,
  img: ({ node: _node, src, alt, title }) => (
    <img src={src || undefined} alt={alt ?? ""} title={title} loading="lazy" decoding="async" />
  ),
  table: ({ node: _node, children }) => (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways, by keyboard too.
    <div className="kb-table-scroll" tabIndex={0}>
      <table>{children}</table>
    </div>
  ),
};

/**
 * Renders help-centre markdown (GitHub flavour). Raw HTML is shown as text, never run, and link
 * and image addresses keep only the http, https, irc, ircs, mailto and xmpp schemes or relative
 * paths (the library's safe default).
 */
export function MarkdownBody({ children }: { children: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} components={COMPONENTS}>
      {children}
    </ReactMarkdown>
  );
}

/** Help-centre markdown in its prose frame. */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="kb-prose">
      <MarkdownBody>{children}</MarkdownBody>
    </div>
  );
}
