import type PDFDocument from "pdfkit";
import type { SlaDay } from "../sla-report.ts";

type Doc = InstanceType<typeof PDFDocument>;

const HEIGHT = 150;

/**
 * The daily uptime as vector bars: the axis runs from a floor just under the lowest day (never
 * above the target) to 100 %, with the target drawn as a dashed line; a day that missed the
 * target is red.
 */
export function drawUptimeChart(doc: Doc, days: readonly SlaDay[], targetPercent: number): void {
  const left = doc.page.margins.left + 34;
  const width = doc.page.width - doc.page.margins.right - left;
  if (doc.y + HEIGHT + 40 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y + 6;
  const measured = days.map((d) => d.uptimePercent).filter((v): v is number => v !== null);
  const lowest = Math.min(targetPercent, ...measured);
  const floor = Math.max(0, Math.floor((lowest - (100 - lowest) * 0.25) * 10) / 10);
  const y = (percent: number) => top + HEIGHT - ((percent - floor) / (100 - floor)) * HEIGHT;
  doc.lineWidth(0.5).strokeColor("#9ca3af");
  doc
    .moveTo(left, top)
    .lineTo(left, top + HEIGHT)
    .lineTo(left + width, top + HEIGHT)
    .stroke();
  doc.font("Helvetica").fontSize(7).fillColor("#4b5563");
  for (const mark of [floor, (floor + 100) / 2, 100]) {
    doc.text(`${mark.toFixed(1)}%`, doc.page.margins.left, y(mark) - 3, {
      width: 30,
      align: "right",
    });
  }
  const slot = width / Math.max(days.length, 1);
  days.forEach((day, index) => {
    if (day.uptimePercent === null) return;
    const x = left + index * slot + slot * 0.15;
    const barTop = y(Math.max(day.uptimePercent, floor));
    doc
      .rect(x, barTop, Math.max(slot * 0.7, 0.5), top + HEIGHT - barTop)
      .fillColor(day.uptimePercent >= targetPercent ? "#16a34a" : "#dc2626")
      .fill();
  });
  doc
    .moveTo(left, y(targetPercent))
    .lineTo(left + width, y(targetPercent))
    .dash(3, { space: 2 })
    .strokeColor("#1f2937")
    .lineWidth(0.7)
    .stroke()
    .undash();
  doc
    .fontSize(7)
    .fillColor("#1f2937")
    .text(`target ${targetPercent}%`, left + width - 80, y(targetPercent) - 9, {
      width: 80,
      align: "right",
    });
  doc.x = doc.page.margins.left;
  doc.y = top + HEIGHT + 8;
  doc
    .fontSize(8)
    .fillColor("#4b5563")
    .text("Uptime of each day of the period; red days are below the target.");
}
