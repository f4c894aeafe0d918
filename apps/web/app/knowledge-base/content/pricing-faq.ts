import { text } from "./article.ts";
import type { ContentFile } from "./front-matter.ts";
import { headingId, inlineText } from "./headings.ts";

/** One question of the pricing FAQ, with its answer in markdown. */
export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

/** The pricing page's words: a title, a description, an optional intro and the questions. */
export interface PricingFaq {
  title: string;
  description: string;
  intro: string;
  questions: FaqEntry[];
}

/** Reads `content/pricing-faq.md`: every `## Question?` heading starts an entry. */
export function toPricingFaq({ data, body }: ContentFile): PricingFaq {
  const [intro = "", ...parts] = body.split(/^##[ \t]+/m);
  return {
    title: text(data.title) || "Pricing",
    description: text(data.description),
    intro: intro.trim(),
    questions: parts.map((part) => {
      const newline = part.indexOf("\n");
      const question = inlineText(newline < 0 ? part : part.slice(0, newline));
      return {
        id: headingId(question),
        question,
        answer: newline < 0 ? "" : part.slice(newline + 1).trim(),
      };
    }),
  };
}
