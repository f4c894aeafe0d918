import { type BillingCycle, type PlanPrices, PRICES_ATTRIBUTE } from "../home/plan-price.ts";

/** The Monthly/Yearly toggle: each plan card shows its price line for the chosen cycle. */
export function enhancePricing(section: HTMLElement): void {
  const options = [...section.querySelectorAll<HTMLButtonElement>("button[data-cycle]")];
  const choose = (cycle: BillingCycle) => {
    for (const option of options) {
      option.setAttribute("aria-pressed", String(option.dataset.cycle === cycle));
    }
    for (const card of section.querySelectorAll<HTMLElement>(`[${PRICES_ATTRIBUTE}]`)) {
      showPrice(card, cycle);
    }
  };
  for (const option of options) {
    option.addEventListener("click", () => choose(option.dataset.cycle as BillingCycle));
  }
}

function showPrice(card: HTMLElement, cycle: BillingCycle): void {
  const prices = JSON.parse(card.getAttribute(PRICES_ATTRIBUTE) ?? "{}") as Partial<PlanPrices>;
  const price = prices[cycle];
  if (!price) return;
  setText(card, ".plan-amount", price.amount);
  setText(card, ".plan-per", ` ${price.per}`);
  setText(card, ".plan-note", price.note);
}

function setText(card: HTMLElement, selector: string, text: string): void {
  const element = card.querySelector(selector);
  if (element) element.textContent = text;
}
