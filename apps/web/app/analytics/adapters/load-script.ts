/** Adds an async third-party script to the page once. */
export function loadScript(src: string): void {
  if (document.querySelector(`script[src="${CSS.escape(src)}"]`)) return;
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.append(script);
}
