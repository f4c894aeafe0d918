import { track } from "./track.ts";

/** Reports `content` as viewed the first time `element` scrolls into view; returns the cleanup. */
export function reportFirstView(element: Element, content: string): () => void {
  if (typeof IntersectionObserver === "undefined") return () => {};
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    track({ name: "view_content", content });
    observer.disconnect();
  });
  observer.observe(element);
  return () => observer.disconnect();
}
