import { useCallback, useEffect, useState } from "react";
import { errorDetail } from "../api-client.ts";

/**
 * An answer loaded when the panel shows, with its error and a way to load it again; `read` is
 * a function of the module (the same on every render), such as `() => call(OP.listSessions)`.
 */
export function useLoaded<T>(read: () => Promise<T>): {
  data: T | undefined;
  error: string | undefined;
  reload(): Promise<void>;
} {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  const reload = useCallback(async () => {
    try {
      setData(await read());
      setError(undefined);
    } catch (failure) {
      setError(errorDetail(failure));
    }
  }, [read]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, reload };
}
