import { useEffect, useState } from "react";

/** Renders the caller again every half minute, so "4 minutes ago" stays true while shown. */
export function useMinuteTick(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((tick) => tick + 1), 30_000);
    return () => window.clearInterval(timer);
  }, []);
}
