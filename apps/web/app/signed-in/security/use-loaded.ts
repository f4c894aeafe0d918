import { useCallback, useEffect, useState } from "react";
import { apiRequest, errorDetail } from "../api-client.ts";

/** A GET answer loaded when the panel shows, with its error and a way to load it again. */
export function useLoaded<T>(path: string): {
  data: T | undefined;
  error: string | undefined;
  reload(): Promise<void>;
} {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  const reload = useCallback(async () => {
    try {
      setData(await apiRequest<T>("GET", path));
      setError(undefined);
    } catch (failure) {
      setError(errorDetail(failure));
    }
  }, [path]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, reload };
}
