import { useQuery } from "@tanstack/react-query";
import { problemText } from "../api-client.ts";
import { formatDate } from "../ui/format.ts";
import { LoadError } from "../ui/load-error.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { invoicesQuery } from "./billing-query.ts";
import { formatCents } from "./money.ts";

/** The account's invoices and receipts, newest first, each on Stripe's hosted page. */
export function InvoiceList() {
  const invoices = useQuery(invoicesQuery());
  return (
    <section className="billing-invoices" aria-labelledby="billing-invoices-heading">
      <h3 id="billing-invoices-heading">Invoices</h3>
      {invoices.isPending ? <Skeleton lines={2} label="Loading invoices" /> : null}
      {invoices.isError ? (
        <LoadError message={problemText(invoices.error)} onRetry={() => void invoices.refetch()} />
      ) : null}
      {invoices.isSuccess && invoices.data.data.length === 0 ? <p>No invoices yet.</p> : null}
      {invoices.isSuccess && invoices.data.data.length > 0 ? (
        <ul className="billing-invoice-list">
          {invoices.data.data.map((invoice) => (
            <li key={invoice.id}>
              <span>{formatDate(invoice.created_at)}</span>{" "}
              <span>{invoice.number ?? invoice.id}</span> <span>{formatCents(invoice.total)}</span>{" "}
              <span>{invoice.status === "paid" ? "Paid" : (invoice.status ?? "")}</span>{" "}
              {invoice.hosted_invoice_url ? (
                <a href={invoice.hosted_invoice_url} target="_blank" rel="noreferrer">
                  View invoice {invoice.number ?? ""}
                </a>
              ) : null}{" "}
              {invoice.invoice_pdf ? (
                <a href={invoice.invoice_pdf} target="_blank" rel="noreferrer">
                  PDF
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
