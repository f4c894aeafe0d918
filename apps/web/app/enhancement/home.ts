/**
 * The home page's script. The home page is served as prerendered HTML without the framework;
 * this small module does what the page does in the browser, with the app's own modules.
 */
import { PRICING_CONTENT } from "../home/plan-price.ts";
import { STORE_LINKS_TEMPLATE_ID } from "../home/store-links.ts";
import { startAnalytics } from "./analytics.ts";
import { showCurrentYear } from "./copyright-year.ts";
import { enhanceMenu } from "./menu.ts";
import { enhanceNewsletterForm } from "./newsletter-form.ts";
import { enhancePricing } from "./pricing.ts";
import { showConfiguredStoreLinks } from "./store-links.ts";
import { enhanceThemeToggle } from "./theme-toggle.ts";

const themeToggle = document.querySelector<HTMLButtonElement>(".theme-toggle");
if (themeToggle) enhanceThemeToggle(themeToggle);

const menuButton = document.querySelector<HTMLButtonElement>(".menu-button");
const headerBar = menuButton?.closest<HTMLElement>(".header-bar");
if (menuButton && headerBar) enhanceMenu(headerBar, menuButton);

const pricing = document.getElementById("pricing");
if (pricing) enhancePricing(pricing);

const newsletter = document.querySelector<HTMLFormElement>("form.newsletter-form");
if (newsletter) enhanceNewsletterForm(newsletter);

const storeLinks = document.getElementById(STORE_LINKS_TEMPLATE_ID);
if (storeLinks instanceof HTMLTemplateElement) showConfiguredStoreLinks(storeLinks);

const year = document.querySelector(".copyright-year");
if (year) showCurrentYear(year);

startAnalytics(pricing ? { element: pricing, content: PRICING_CONTENT } : undefined);
