import {
  ACCENT_COLOR_PATTERN,
  CUSTOM_DOMAIN_PATTERN,
  STATUS_PAGE_LIMITS,
  slugProblem,
  sniffLogoType,
} from "@upwatch/core";
import type { PageFields, StatusPage } from "./status-pages-api.ts";

/** The settings form's fields, as typed. */
export interface SettingsValues {
  name: string;
  slug: string;
  headline: string;
  accentColor: string;
  websiteUrl: string;
  supportUrl: string;
  whiteLabel: boolean;
  customDomain: string;
}

export type SettingsField = keyof SettingsValues;

/** The form's starting values for a page. */
export function settingsValuesOf(page: StatusPage): SettingsValues {
  return {
    name: page.name,
    slug: page.slug,
    headline: page.headline,
    accentColor: page.accent_color ?? "",
    websiteUrl: page.website_url ?? "",
    supportUrl: page.support_url ?? "",
    whiteLabel: page.white_label,
    customDomain: page.custom_domain ?? "",
  };
}

/** Why an address (slug) cannot be used, in the form's words; undefined when it can. */
export function addressProblem(slug: string): string | undefined {
  if (!slug) return "Choose the address of the page, such as acme-cloud.";
  const problem = slugProblem(slug);
  if (!problem) return undefined;
  return /reserved/.test(problem)
    ? `The address "${slug}" is kept for Upwatch's own pages; choose another.`
    : "The address must be 2 to 48 lower-case letters, digits and hyphens, starting and ending with a letter or digit.";
}

/** A slug suggested from a page's name: "Acme Cloud" gives "acme-cloud". */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, STATUS_PAGE_LIMITS.slugChars)
    .replace(/^-+|-+$/g, "");
}

function urlProblem(value: string, label: string): string | undefined {
  if (!value.trim()) return undefined;
  return /^https?:\/\/[^\s/]+/i.test(value.trim()) && URL.canParse(value.trim())
    ? undefined
    : `Enter the ${label} as an address starting with https:// or http://.`;
}

/** The problems found before asking the server, by field. */
export function settingsProblems(
  values: SettingsValues,
): Partial<Record<SettingsField, string | undefined>> {
  const slug = values.slug.trim().toLowerCase();
  const accent = values.accentColor.trim();
  const domain = values.customDomain.trim().toLowerCase();
  return {
    name: values.name.trim() ? undefined : "Give the page a name, such as Acme Cloud.",
    slug: addressProblem(slug),
    accentColor:
      accent && !ACCENT_COLOR_PATTERN.test(accent)
        ? "Enter a colour as # and six hexadecimal digits, such as #2563eb."
        : undefined,
    websiteUrl: urlProblem(values.websiteUrl, "website"),
    supportUrl: urlProblem(values.supportUrl, "support page"),
    customDomain:
      domain && !CUSTOM_DOMAIN_PATTERN.test(domain)
        ? "Enter a host name such as status.example.com, without https:// or a path."
        : undefined,
  };
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/**
 * The request body for the form's values. White-label fields are left out on plans without
 * them, so that saving the other settings never trips over a plan the page cannot use.
 */
export function settingsPayload(values: SettingsValues, whiteLabelAllowed: boolean): PageFields {
  const payload: PageFields = {
    name: values.name.trim(),
    slug: values.slug.trim().toLowerCase(),
    headline: values.headline.trim(),
    accent_color: orNull(values.accentColor)?.toLowerCase() ?? null,
    website_url: orNull(values.websiteUrl),
    support_url: orNull(values.supportUrl),
  };
  if (!whiteLabelAllowed) return payload;
  return {
    ...payload,
    white_label: values.whiteLabel,
    custom_domain: orNull(values.customDomain)?.toLowerCase() ?? null,
  };
}

/** Which field a server's refusal is about, judged by the field it names. */
export function refusedField(detail: string): SettingsField | "form" {
  const fields: [RegExp, SettingsField][] = [
    [/\bslug\b/i, "slug"],
    [/custom.domain/i, "customDomain"],
    [/white.label/i, "whiteLabel"],
    [/accent/i, "accentColor"],
    [/website/i, "websiteUrl"],
    [/support_url/i, "supportUrl"],
    [/headline/i, "headline"],
    [/\bname\b/i, "name"],
  ];
  return fields.find(([pattern]) => pattern.test(detail))?.[1] ?? "form";
}

/** A DNS record to create, as a DNS provider's form asks for it. */
export interface DnsRecord {
  type: "CNAME";
  name: string;
  target: string;
}

/** The DNS record that points a custom domain at the host of the server's public address. */
export function dnsRecordOf(domain: string, publicUrl: string): DnsRecord {
  return { type: "CNAME", name: domain, target: new URL(publicUrl, "http://localhost").hostname };
}

/** Why a logo file cannot be used, or undefined when it can. */
export function logoProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return "The file is empty. Choose a PNG, JPEG or WebP image.";
  const limit = STATUS_PAGE_LIMITS.logoBytes;
  if (bytes.length > limit) {
    return `The logo can be at most ${limit / 1024} KiB; this file has ${Math.ceil(bytes.length / 1024)} KiB.`;
  }
  return sniffLogoType(bytes) ? undefined : "The logo must be a PNG, JPEG or WebP image.";
}

/** Bytes as base64, as the logo operation takes them. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let start = 0; start < bytes.length; start += chunk) {
    binary += String.fromCharCode(...bytes.subarray(start, start + chunk));
  }
  return btoa(binary);
}
