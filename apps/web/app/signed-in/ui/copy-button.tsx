import { useEffect, useState } from "react";
import { Button } from "./button.tsx";

/** Copies a value to the clipboard and says so for a moment. */
export function CopyButton({ value, label = "Copy" }: { value: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = window.setTimeout(() => setState("idle"), 2500);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  };

  return (
    <>
      <Button variant="ghost" size="small" onClick={copy}>
        {state === "copied" ? "Copied" : label}
      </Button>
      <span className="visually-hidden" role="status">
        {state === "copied" ? "Copied to the clipboard." : ""}
        {state === "failed" ? "Copying failed; select the text and copy it yourself." : ""}
      </span>
    </>
  );
}
