import { describeFirstIssue } from "@upwatch/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { isFormPost } from "../http/form-body.ts";
import { applyServiceError } from "../http/problem.ts";
import { type MessageBrand, sendMessagePage } from "../pages/message-page.ts";
import { ServiceError } from "../services/service-error.ts";

/** Validates a form payload with its shared schema; the first problem becomes the 400 detail. */
export function parsePayload<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw new ServiceError("invalid", describeFirstIssue(result.error));
  return result.data;
}

/** Refuses a form sent faster than a person can fill it in (only when the form reported its time). */
export function requireHumanPace(elapsedMs: number | undefined, minimumMs: number): void {
  if (elapsedMs !== undefined && elapsedMs < minimumMs) {
    throw new ServiceError(
      "invalid",
      "That was too quick to be a person. Please wait a moment and send the form again.",
    );
  }
}

export interface FormAnswer {
  status: number;
  title: string;
  message: string;
}

/**
 * Runs a submission and answers as the caller expects: JSON `{ message }` / `{ detail }` for
 * scripts, a result page for a plain HTML form post.
 */
export async function answerSubmission(
  request: FastifyRequest,
  reply: FastifyReply,
  back: { label: string; url: string },
  submit: () => Promise<FormAnswer>,
  brand?: MessageBrand,
): Promise<unknown> {
  if (!isFormPost(request)) {
    const answer = await submit();
    return reply.code(answer.status).send({ message: answer.message });
  }
  try {
    const answer = await submit();
    return sendMessagePage(reply, answer.status, {
      title: answer.title,
      message: answer.message,
      link: back,
      ...(brand ? { brand } : {}),
    });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return sendMessagePage(reply, applyServiceError(reply, error), {
      title: "Not sent",
      message: error.message,
      link: back,
      ...(brand ? { brand } : {}),
    });
  }
}
