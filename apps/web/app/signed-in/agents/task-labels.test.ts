import { describe, expect, it } from "vitest";
import {
  agentTasksPath,
  TASK_STATES,
  taskResultText,
  taskStateFromParam,
  totalTaskCount,
} from "./task-labels.ts";

describe("the Tasks tab's words and addresses", () => {
  it("names the six states as the help article does", () => {
    expect(Object.values(TASK_STATES).map((state) => state.label)).toEqual([
      "Pending",
      "Dispatched",
      "Executing",
      "Completed",
      "Failed",
      "Timeout",
    ]);
  });

  it("reads a known state from the address and ignores anything else", () => {
    expect(taskStateFromParam("completed")).toBe("completed");
    expect(taskStateFromParam("Completed")).toBeUndefined();
    expect(taskStateFromParam("")).toBeUndefined();
    expect(taskStateFromParam(null)).toBeUndefined();
  });

  it("asks for one state's tasks older than a page's next_before", () => {
    expect(agentTasksPath("agt_1", "failed", "1764000000000.tsk_abc")).toBe(
      "/agents/agt_1/tasks?limit=50&state=failed&before=1764000000000.tsk_abc",
    );
    expect(agentTasksPath("agt 2", undefined, undefined)).toBe("/agents/agt%202/tasks?limit=50");
  });

  it("says what a finished task came to: up with its response time, or down with why", () => {
    const result = { status_code: 200, response_time_ms: 42, error: null };
    expect(taskResultText({ ...result, status: "up" })).toBe("Up, 42 ms");
    expect(taskResultText({ ...result, status: "down", status_code: 503 })).toBe("Down, 503");
    expect(
      taskResultText({ ...result, status: "down", error: "Connection refused", status_code: null }),
    ).toBe("Down: Connection refused");
    expect(taskResultText(null)).toBeNull();
  });

  it("adds the counts of every state for the All filter", () => {
    expect(
      totalTaskCount({
        pending: 1,
        dispatched: 0,
        executing: 2,
        completed: 10,
        failed: 1,
        timeout: 3,
      }),
    ).toBe(17);
  });
});
