import { createHash } from "node:crypto";
import { STATUS_PAGE_LIMITS, sniffLogoType } from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findOwnedPage, touchStatusPage } from "./owned-page.ts";
import { recordOfPage, type StatusPageRecord } from "./status-page-record.ts";

/**
 * Sets a page's logo from its bytes in base64: only PNG, JPEG or WebP (judged by the bytes, not
 * a name) of at most 256 KiB. Its hash becomes part of its address, so a new logo is a new URL.
 */
export async function setStatusPageLogo(
  ctx: ServiceContext,
  access: AccountAccess,
  pageId: string,
  imageBase64: string,
): Promise<StatusPageRecord> {
  const bytes = Buffer.from(imageBase64, "base64");
  if (bytes.length === 0) throw new ServiceError("invalid", "The logo is empty.");
  if (bytes.length > STATUS_PAGE_LIMITS.logoBytes) {
    throw new ServiceError(
      "invalid",
      `The logo can be at most ${STATUS_PAGE_LIMITS.logoBytes / 1024} KiB; this one is ${Math.ceil(bytes.length / 1024)} KiB.`,
    );
  }
  const type = sniffLogoType(bytes);
  if (!type) {
    throw new ServiceError("invalid", "The logo must be a PNG, JPEG or WebP image.");
  }
  const hash = createHash("sha256").update(bytes).digest("hex");
  const now = ctx.now();
  const stored = { content_type: type, bytes_base64: bytes.toString("base64"), updated_at: now };
  await storeOrExplain("the logo", () =>
    ctx.db.transaction().execute(async (trx) => {
      await findOwnedPage(trx, access, pageId);
      await trx.deleteFrom("status_page_logos").where("page_id", "=", pageId).execute();
      await trx
        .insertInto("status_page_logos")
        .values({ page_id: pageId, ...stored })
        .execute();
      await trx
        .updateTable("status_pages")
        .set({ logo_type: type, logo_hash: hash })
        .where("id", "=", pageId)
        .execute();
      await touchStatusPage(trx, pageId, now);
    }),
  );
  return recordOfPage(ctx.db, await findOwnedPage(ctx.db, access, pageId), now);
}
