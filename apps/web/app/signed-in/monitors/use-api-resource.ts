import {
  type Dispatch,
  type SetStateAction,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { ApiError, apiRequest } from "../api-client.ts";

/** What a screen knows of one API answer (which live events may change in place) while it loads, after it loaded, or when it failed. */
export interface ApiResource<T> {
  data: T | undefined;
  error: string | null;
  /** The answer's status when it failed (404 for a monitor that is gone). */
  errorStatus: number | null;
  loading: boolean;
  reload: () => Promise<void>;
  setData: Dispatch<SetStateAction<T | undefined>>;
}

/** The sentence shown when a request failed: the server's detail, or why there was none. */
export function problemText(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  return "The server could not be reached. Check your connection and try again.";
}

/** Loads `GET /api/v1{path}` when the path changes; `reload` fetches it again quietly. */
export function useApiResource<T>(path: string | null): ApiResource<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [errorStatus, setErrorStatus] = useState<number | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const current = useRef(path);
  current.current = path;

  const load = useCallback(async (wanted: string) => {
    try {
      const answer = await apiRequest<T>("GET", wanted);
      if (current.current !== wanted) return;
      setData(answer);
      setError(null);
      setErrorStatus(null);
    } catch (problem) {
      if (current.current !== wanted) return;
      setError(problemText(problem));
      setErrorStatus(problem instanceof ApiError ? problem.status : null);
    } finally {
      if (current.current === wanted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (path === null) return;
    setData(undefined);
    setLoading(true);
    void load(path);
  }, [path, load]);

  const reload = useCallback(async () => {
    if (current.current !== null) await load(current.current);
  }, [load]);

  return { data, error, errorStatus, loading, reload, setData };
}
