import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorDetail } from "../api-client.ts";
import { useToast } from "../ui/toast.tsx";
import { type ComponentList, statusPageKeys } from "./status-pages-api.ts";

/** A change to a page's components: sent one at a time, then the page and its list read again. */
export function usePageChange(pageId: string) {
  const client = useQueryClient();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);

  const refresh = (list?: ComponentList) => {
    if (list) client.setQueryData(statusPageKeys.components(pageId), list);
    return Promise.all([
      client.invalidateQueries({ queryKey: statusPageKeys.page(pageId) }),
      client.invalidateQueries({ queryKey: statusPageKeys.list }),
    ]);
  };

  /** Runs a change, says `done` when it worked and the server's sentence when it did not. */
  const run = async (change: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    try {
      const answer = await change();
      const list = answer && typeof answer === "object" && "sections" in answer;
      await refresh(list ? (answer as ComponentList) : undefined);
      await client.invalidateQueries({ queryKey: statusPageKeys.components(pageId) });
      showToast(done);
      return true;
    } catch (error) {
      showToast(errorDetail(error), "error");
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** Runs a change from a form: a refusal is thrown for the form to show beside its field. */
  const apply = async (change: () => Promise<unknown>, done: string): Promise<void> => {
    const answer = await change();
    const list = answer && typeof answer === "object" && "sections" in answer;
    await refresh(list ? (answer as ComponentList) : undefined);
    await client.invalidateQueries({ queryKey: statusPageKeys.components(pageId) });
    showToast(done);
  };

  return { run, apply, busy };
}
