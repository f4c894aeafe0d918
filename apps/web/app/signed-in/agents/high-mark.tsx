/** Marks a figure over the agent's own threshold: amber, and the word "high" with it. */
export function HighMark({ high }: { high: boolean }) {
  if (!high) return null;
  return (
    <span className="agent-high">
      <span aria-hidden="true">▲ </span>high
    </span>
  );
}
