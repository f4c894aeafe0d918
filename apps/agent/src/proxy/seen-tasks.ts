/**
 * The task ids this process has taken, so a task handed out again is never run twice. Bounded:
 * past `limit` ids the oldest is forgotten, long after its deadline has passed.
 */
export class SeenTasks {
  private readonly ids = new Set<string>();

  constructor(private readonly limit = 10_000) {}

  /** Notes the id; false when it was already taken. */
  take(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.limit) this.ids.delete(this.ids.values().next().value!);
    return true;
  }

  /** Forgets an id whose task never ran, so a later poll may hand it out again. */
  forget(id: string): void {
    this.ids.delete(id);
  }
}
