import type PDFDocument from "pdfkit";

type Doc = InstanceType<typeof PDFDocument>;

/** A column of a table: its heading, its share of the width and where its text sits. */
export interface PdfColumn {
  heading: string;
  width: number;
  align?: "left" | "right";
}

const ROW_PADDING = 4;
const FONT_SIZE = 8.5;

/** Starts a new page when fewer than `needed` points are left above the bottom margin. */
export function ensureRoom(doc: Doc, needed: number): void {
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** A section heading, kept on the same page as at least a few lines below it. */
export function sectionHeading(doc: Doc, text: string): void {
  ensureRoom(doc, 80);
  doc.moveDown(0.8);
  doc.font("Helvetica-Bold").fontSize(13).fillColor("#111827").text(text, doc.page.margins.left);
  doc.moveDown(0.4);
}

function drawRow(doc: Doc, columns: readonly PdfColumn[], cells: readonly string[], bold: boolean) {
  const left = doc.page.margins.left;
  doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(FONT_SIZE);
  const heights = cells.map((text, i) =>
    doc.heightOfString(text, { width: columns[i]!.width - ROW_PADDING * 2 }),
  );
  const height = Math.max(...heights) + ROW_PADDING * 2;
  ensureRoom(doc, height);
  const top = doc.y;
  let x = left;
  cells.forEach((text, i) => {
    const column = columns[i]!;
    doc.fillColor(bold ? "#111827" : "#1f2937").text(text, x + ROW_PADDING, top + ROW_PADDING, {
      width: column.width - ROW_PADDING * 2,
      align: column.align ?? "left",
    });
    x += column.width;
  });
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  doc
    .moveTo(left, top + height)
    .lineTo(left + width, top + height)
    .lineWidth(bold ? 0.8 : 0.3)
    .strokeColor(bold ? "#374151" : "#d1d5db")
    .stroke();
  doc.x = left;
  doc.y = top + height;
  return height;
}

/** A table whose heading row repeats at the top of every page it runs onto. */
export function drawTable(
  doc: Doc,
  columns: readonly PdfColumn[],
  rows: readonly (readonly string[])[],
  empty: string,
): void {
  if (rows.length === 0) {
    doc.font("Helvetica").fontSize(10).fillColor("#4b5563").text(empty);
    return;
  }
  const headings = columns.map((c) => c.heading);
  drawRow(doc, columns, headings, true);
  for (const row of rows) {
    const pageBefore = doc.page;
    ensureRoom(doc, 18);
    if (doc.page !== pageBefore) drawRow(doc, columns, headings, true);
    drawRow(doc, columns, row, false);
  }
}
