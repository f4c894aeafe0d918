import { useCallback, useEffect, useState } from "react";
import type { ArticleSearch } from "./article-search.ts";

let loading: Promise<ArticleSearch> | undefined;

/** Loads the search code and builds the index once per page load, on first need. */
function loadSearch(): Promise<ArticleSearch> {
  loading ??= Promise.all([import("./article-search.ts"), import("../content/bundled.ts")]).then(
    ([{ createArticleSearch }, { knowledgeBase }]) => createArticleSearch(knowledgeBase.articles),
  );
  return loading;
}

/**
 * The article search, or undefined while it loads. It starts loading when `wanted` turns true
 * (the visitor focuses the box or arrives with a query), so pages that never search never pay.
 */
export function useArticleSearch(wanted: boolean): {
  search: ArticleSearch | undefined;
  prepare: () => void;
} {
  const [search, setSearch] = useState<ArticleSearch>();
  const prepare = useCallback(() => {
    void loadSearch().then(setSearch);
  }, []);
  useEffect(() => {
    if (wanted) prepare();
  }, [wanted, prepare]);
  return { search, prepare };
}
