import { Button } from "./button.tsx";

/** A list or panel that could not be read: the reason and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="app-notice" data-tone="warn" role="alert">
      <p>{message}</p>
      <Button variant="ghost" size="small" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
