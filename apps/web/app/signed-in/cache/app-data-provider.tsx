import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useLiveEvents } from "../live-events.ts";
import { applyLiveEvent } from "./live-cache.ts";

/**
 * The signed-in screens' data: one cache per signed-in visit (a new sign-in starts empty),
 * kept up to date by the live stream while the app is open.
 */
export function AppDataProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createAppQueryClient);
  useLiveEvents((event) => applyLiveEvent(client, event));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A screen reads its data again whenever it opens; the live stream's resync (not the
        // window's focus) brings it up to date after a break; a failed read is shown at once.
        staleTime: 0,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
    },
  });
}
