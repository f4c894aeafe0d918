/** Grey bars standing in for content while it loads; announced once as loading. */
export function Skeleton({ lines = 3, label = "Loading" }: { lines?: number; label?: string }) {
  return (
    <div className="app-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label}...</span>
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the bars are identical and never reorder.
        <span key={index} className="app-skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}
