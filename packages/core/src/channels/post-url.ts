import { z } from "zod";
import { storableText } from "../storable-text.ts";

/** The app's check of a URL alerts are posted to, shared by the types that post to one. */
export const POST_URL_CHECK = {
  pattern: /^https?:\/\/\S+$/i,
  empty: "Enter the URL alerts are posted to.",
  mismatch: "Enter a full URL starting with https:// (or http://).",
} as const;

/** A URL setting alerts are posted to, refused with `message` when it is not text. */
export function postUrl(message: string) {
  return z
    .string({ message })
    .check(storableText("config.url"))
    .trim()
    .max(2000, { message: "config.url can be at most 2,000 characters." });
}
