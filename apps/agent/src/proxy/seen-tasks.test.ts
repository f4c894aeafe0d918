import { describe, expect, it } from "vitest";
import { SeenTasks } from "./seen-tasks.ts";

describe("the tasks an agent has taken", () => {
  it("takes each id once, and again only after forgetting it", () => {
    const seen = new SeenTasks();
    expect(seen.take("tsk_1")).toBe(true);
    expect(seen.take("tsk_1")).toBe(false);
    seen.forget("tsk_1");
    expect(seen.take("tsk_1")).toBe(true);
  });

  it("keeps at most its limit of ids, forgetting the oldest first", () => {
    const seen = new SeenTasks(3);
    for (const id of ["tsk_1", "tsk_2", "tsk_3", "tsk_4"]) seen.take(id);
    expect(seen.take("tsk_4")).toBe(false);
    expect(seen.take("tsk_2")).toBe(false);
    expect(seen.take("tsk_1")).toBe(true);
  });
});
