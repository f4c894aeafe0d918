import { describeMonitorIssue } from "@upwatch/core";
import type { z } from "zod";
import { ServiceError } from "../../services/service-error.ts";

/** Validates input with the schema the API documents; the first problem becomes a 400 detail. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new ServiceError("invalid", describeMonitorIssue(result.error));
  return result.data;
}
