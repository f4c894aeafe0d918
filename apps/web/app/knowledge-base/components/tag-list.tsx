/** An article's tags as small labels. */
export function TagList({ tags, label = "Tags" }: { tags: readonly string[]; label?: string }) {
  if (!tags.length) return null;
  return (
    <ul className="kb-tags" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag} className="kb-tag">
          {tag}
        </li>
      ))}
    </ul>
  );
}
