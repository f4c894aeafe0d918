import { useEffect, useState } from "react";

/** Whether the page fills the screen, and a way to switch; `supported` is false where it cannot. */
export function useFullScreen(): { supported: boolean; active: boolean; toggle(): void } {
  const [active, setActive] = useState(false);
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    setSupported(document.fullscreenEnabled);
    const changed = () => setActive(document.fullscreenElement !== null);
    document.addEventListener("fullscreenchange", changed);
    return () => document.removeEventListener("fullscreenchange", changed);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => setSupported(false));
  };
  return { supported, active, toggle };
}
