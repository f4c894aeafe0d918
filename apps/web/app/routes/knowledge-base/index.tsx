import { Link, useLoaderData, useNavigate, useSearchParams } from "react-router";
import { CategoryCard } from "../../knowledge-base/components/category-card.tsx";
import { FeaturedGuides } from "../../knowledge-base/components/featured-guides.tsx";
import { indexPageData } from "../../knowledge-base/page-data.server.ts";
import { KNOWLEDGE_BASE_CRUMB, knowledgeBaseMeta } from "../../knowledge-base/page-meta.ts";
import { SearchBox } from "../../knowledge-base/search/search-box.tsx";
import { SearchResults } from "../../knowledge-base/search/search-results.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";

export function loader() {
  return indexPageData();
}

export function meta() {
  return knowledgeBaseMeta({
    title: "Knowledge Base",
    description:
      "Guides and answers for Upwatch: agents, alerts, check types, status pages, billing and plans. Search every article or browse by category.",
    path: "/knowledge-base",
    keywords: ["knowledge base", "help centre", "uptime monitoring help", "monitoring agents"],
    trail: [KNOWLEDGE_BASE_CRUMB],
  });
}

/** The help centre's front page: search, featured guides and the categories. */
export default function KnowledgeBaseIndex() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { guides, categories } = useLoaderData<typeof loader>();
  // The prerendered page has no query; a query in the address shows once the page is live.
  const hydrated = useHydrated();
  const query = hydrated ? (params.get("q") ?? "").trim() : "";

  return (
    <main className="kb-page kb-index">
      <header className="kb-hero">
        <h1>Knowledge Base</h1>
        <p className="kb-lead">
          Answers, guides and deep dives for everything Upwatch watches: websites, APIs and servers.
        </p>
        <SearchBox
          committed={query}
          onSubmit={(q) =>
            navigate(`/knowledge-base?q=${encodeURIComponent(q)}`, { preventScrollReset: true })
          }
          onClear={() => {
            if (query) navigate("/knowledge-base", { preventScrollReset: true });
          }}
        />
      </header>
      {query ? (
        <SearchResults query={query} />
      ) : (
        <>
          <FeaturedGuides guides={guides} />
          <section className="kb-categories" aria-labelledby="categories-title">
            <h2 id="categories-title">Browse by Category</h2>
            <div className="kb-grid">
              {categories.map((category) => (
                <CategoryCard key={category.id} category={category} />
              ))}
            </div>
          </section>
        </>
      )}
      <aside className="kb-contact hosted-only">
        <h2>Still need help?</h2>
        <p>Our support team answers every message within 24 hours.</p>
        <Link to="/contact" className="button button-primary">
          Contact Support
        </Link>
      </aside>
    </main>
  );
}
