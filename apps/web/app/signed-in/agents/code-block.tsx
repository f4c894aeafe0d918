import { CopyButton } from "../ui/copy-button.tsx";

/**
 * Text to paste (a command or a file), wrapped rather than scrolled, with a button that copies
 * it. `label` names the text as written inside a sentence ("check command", "Windows service
 * commands"): the button reads "Copy " and the label, with proper names kept as they are.
 */
export function CodeBlock({ text, label }: { text: string; label: string }) {
  return (
    <div className="agent-code">
      <pre data-label={label}>
        <code>{text}</code>
      </pre>
      <CopyButton value={text} label={`Copy ${label}`} />
    </div>
  );
}
