import { useEffect, useState } from "react";

/** A wall's pointer hides after this long without moving, and shows again when it moves. */
const IDLE_MS = 3_000;

/** Whether the pointer has been still long enough to hide it. */
export function useIdleCursor(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer = setTimeout(() => setIdle(true), IDLE_MS);
    const moved = () => {
      setIdle(false);
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), IDLE_MS);
    };
    window.addEventListener("pointermove", moved);
    window.addEventListener("keydown", moved);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("pointermove", moved);
      window.removeEventListener("keydown", moved);
    };
  }, []);
  return idle;
}
