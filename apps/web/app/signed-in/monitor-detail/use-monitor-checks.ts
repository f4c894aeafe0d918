import type { CheckPage, CheckView } from "@upwatch/api";
import { useCallback, useEffect, useState } from "react";
import { apiRequest } from "../api-client.ts";
import { problemText } from "../monitors/use-api-resource.ts";

const PAGE = 50;

/** A monitor's checks, newest first, a page at a time, with live ones added on top. */
export function useMonitorChecks(monitorId: string) {
  const [checks, setChecks] = useState<CheckView[]>([]);
  const [nextBefore, setNextBefore] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const page = await apiRequest<CheckPage>(
        "GET",
        `/monitors/${monitorId}/checks?limit=${PAGE}`,
      );
      setChecks(page.data);
      setNextBefore(page.next_before);
      setError(null);
    } catch (problem) {
      setError(problemText(problem));
    } finally {
      setLoading(false);
    }
  }, [monitorId]);

  useEffect(() => {
    setLoading(true);
    setChecks([]);
    void reload();
  }, [reload]);

  const loadMore = useCallback(async () => {
    if (nextBefore === null) return;
    setLoadingMore(true);
    try {
      const page = await apiRequest<CheckPage>(
        "GET",
        `/monitors/${monitorId}/checks?limit=${PAGE}&before=${nextBefore}`,
      );
      setChecks((current) => [...current, ...page.data]);
      setNextBefore(page.next_before);
    } catch (problem) {
      setError(problemText(problem));
    } finally {
      setLoadingMore(false);
    }
  }, [monitorId, nextBefore]);

  /** Adds a check that arrived live or from "Check now", once. */
  const addCheck = useCallback((check: CheckView) => {
    setChecks((current) =>
      current.some((item) => item.id === check.id)
        ? current
        : [check, ...current].sort((a, b) => b.checked_at.localeCompare(a.checked_at)),
    );
  }, []);

  return {
    checks,
    hasMore: nextBefore !== null,
    loading,
    loadingMore,
    error,
    loadMore,
    reload,
    addCheck,
  };
}
