import { useCallback, useEffect, useRef, useState } from "react";
import { apiRequest, errorDetail } from "./api-client.ts";

export type ApiData<T> =
  | { status: "loading"; data?: undefined; error?: undefined }
  | { status: "error"; data?: undefined; error: string }
  | { status: "ready"; data: T; error?: undefined };

/**
 * Reads `GET path` when the screen opens (and when `path` changes); `reload` reads it again
 * and keeps showing the current data meanwhile.
 */
export function useApiData<T>(path: string): ApiData<T> & { reload(): Promise<void> } {
  const [state, setState] = useState<ApiData<T>>({ status: "loading" });
  const latest = useRef(path);

  const load = useCallback(async (target: string) => {
    try {
      const data = await apiRequest<T>("GET", target);
      if (latest.current === target) setState({ status: "ready", data });
    } catch (error) {
      if (latest.current !== target) return;
      setState({
        status: "error",
        error: errorDetail(error),
      });
    }
  }, []);

  useEffect(() => {
    latest.current = path;
    setState({ status: "loading" });
    void load(path);
  }, [path, load]);

  const reload = useCallback(() => load(latest.current), [load]);
  return { ...state, reload };
}
