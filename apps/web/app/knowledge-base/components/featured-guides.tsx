import { Link } from "react-router";
import type { GuideSummary } from "../content/summaries.ts";

/** The two guides the front page features. */
export function FeaturedGuides({ guides }: { guides: readonly GuideSummary[] }) {
  return (
    <section className="kb-featured" aria-labelledby="featured-title">
      <h2 id="featured-title">Featured guides</h2>
      <div className="kb-grid kb-grid-2">
        {guides.map((guide) => (
          <article key={guide.slug} className="kb-card kb-featured-card">
            <p className="kb-eyebrow">Guide · {guide.readingTime} read</p>
            <h3 className="kb-card-title">
              <Link to={guide.path} prefetch="intent">
                {guide.title}
              </Link>
            </h3>
            <p className="kb-card-text">{guide.description}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
