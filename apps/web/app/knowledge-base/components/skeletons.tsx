/** Grey shapes standing in for a page whose code is still on its way. */
export function PageSkeleton({ kind }: { kind: "article" | "list" }) {
  return (
    <div className="kb-skeleton" role="status" aria-live="polite" data-testid="kb-skeleton">
      <span className="visually-hidden">Loading…</span>
      <div className="kb-skeleton-line kb-skeleton-short" />
      <div className="kb-skeleton-line kb-skeleton-title" />
      <div className="kb-skeleton-line" />
      {kind === "article" ? (
        Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
          <div key={i} className="kb-skeleton-line" />
        ))
      ) : (
        <div className="kb-grid">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
            <div key={i} className="kb-skeleton-card" />
          ))}
        </div>
      )}
    </div>
  );
}
