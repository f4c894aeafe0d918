import { PRODUCT_NAME } from "@upwatch/core";
import PDFDocument from "pdfkit";
import {
  localTime,
  minutesText,
  percentText,
  periodTitle,
  SUBJECT_WORDS,
  targetText,
} from "../report-words.ts";
import type { SlaReport } from "../sla-report.ts";
import { drawUptimeChart } from "./pdf-chart.ts";
import { drawTable, sectionHeading } from "./pdf-table.ts";

type Doc = InstanceType<typeof PDFDocument>;

const ms = (value: number | null | undefined) => (value == null ? "-" : `${value} ms`);

function drawCover(doc: Doc, report: SlaReport): void {
  const left = doc.page.margins.left;
  doc.rect(0, 0, doc.page.width, 8).fillColor("#2563eb").fill();
  doc.font("Helvetica-Bold").fontSize(12).fillColor("#2563eb").text(PRODUCT_NAME, left, 70);
  doc.moveDown(5);
  doc.font("Helvetica").fontSize(14).fillColor("#4b5563").text("Service level report");
  doc.moveDown(0.3);
  doc.font("Helvetica-Bold").fontSize(28).fillColor("#111827").text(report.subject.name);
  doc.moveDown(0.3);
  doc.font("Helvetica").fontSize(16).fillColor("#1f2937").text(periodTitle(report));
  doc.moveDown(2.5);
  const verdict = targetText(report.whole.targetMet);
  doc
    .font("Helvetica-Bold")
    .fontSize(40)
    .fillColor(report.whole.targetMet === false ? "#dc2626" : "#16a34a")
    .text(percentText(report.whole.uptimePercent));
  doc
    .font("Helvetica")
    .fontSize(13)
    .fillColor("#1f2937")
    .text(`uptime against a target of ${report.targetPercent} %: ${verdict.toLowerCase()}`);
  doc.moveDown(3);
  doc.fontSize(10).fillColor("#4b5563");
  const facts = [
    `${SUBJECT_WORDS[report.subject.type]}: ${report.subject.name}`,
    `Period: ${localTime(report.from, report.timeZone)} to ${localTime(report.to, report.timeZone)} (${report.timeZone})`,
    report.measuredUntil < report.to
      ? `Measured until ${localTime(report.measuredUntil, report.timeZone)}: the period is still running.`
      : "The whole period was measured.",
    `Generated ${localTime(report.generatedAt, report.timeZone)} (${report.timeZone})`,
  ];
  for (const fact of facts) doc.text(fact);
}

function drawSummary(doc: Doc, report: SlaReport): void {
  const w = report.whole;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  sectionHeading(doc, "Summary");
  const rows: string[][] = [
    ["SLA target", `${report.targetPercent} %`],
    ["Achieved uptime", percentText(w.uptimePercent)],
    ["Target", targetText(w.targetMet)],
    ["Measured time", minutesText(w.measuredMinutes)],
    ["Downtime", minutesText(w.downtimeMinutes)],
    ["Downtime the target allows", minutesText(w.allowedDowntimeMinutes)],
    ["Budget left", minutesText(w.budgetLeftMinutes)],
    ["Maintenance excluded", minutesText(w.maintenanceMinutes)],
    ["Outages", String(w.outages)],
    ["Mean time to recover (MTTR)", minutesText(w.mttrMinutes)],
    ["Mean time between failures (MTBF)", minutesText(w.mtbfMinutes)],
  ];
  const r = report.response;
  if (r) {
    rows.push(
      ["Checks (up)", `${r.checks} (${percentText(r.checksUpPercent)})`],
      ["Response time, average / p50", `${ms(r.averageMs)} / ${ms(r.p50Ms)}`],
      ["Response time, p95 / p99", `${ms(r.p95Ms)} / ${ms(r.p99Ms)}`],
    );
  }
  drawTable(
    doc,
    [
      { heading: "Figure", width: width * 0.55 },
      { heading: "Value", width: width * 0.45, align: "right" },
    ],
    rows,
    "",
  );
  doc
    .moveDown(0.5)
    .font("Helvetica")
    .fontSize(8)
    .fillColor("#4b5563")
    .text(
      "Uptime counts the minutes outside maintenance windows; a minute is down while an outage of any member was open. Minutes are rounded to a tenth.",
    );
}

function drawMembers(doc: Doc, report: SlaReport, width: number): void {
  if (report.members.length < 2) return;
  sectionHeading(doc, "Members");
  drawTable(
    doc,
    [
      { heading: "Member", width: width * 0.34 },
      { heading: "Uptime", width: width * 0.16, align: "right" },
      { heading: "Downtime", width: width * 0.16, align: "right" },
      { heading: "Outages", width: width * 0.1, align: "right" },
      { heading: "p95", width: width * 0.12, align: "right" },
      { heading: "Target", width: width * 0.12 },
    ],
    report.members.map((m) => [
      m.name,
      percentText(m.figures.uptimePercent),
      minutesText(m.figures.downtimeMinutes),
      String(m.figures.outages),
      ms(m.response?.p95Ms),
      targetText(m.figures.targetMet),
    ]),
    "",
  );
}

function drawDetails(doc: Doc, report: SlaReport): void {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const zone = report.timeZone;
  drawMembers(doc, report, width);
  sectionHeading(doc, "Outages");
  drawTable(
    doc,
    [
      { heading: "Started", width: width * 0.18 },
      { heading: "Member", width: width * 0.18 },
      { heading: "Lasted", width: width * 0.12, align: "right" },
      { heading: "Counted", width: width * 0.12, align: "right" },
      { heading: "Cause", width: width * 0.4 },
    ],
    report.outages.map((o) => [
      localTime(o.startedAt, zone),
      o.memberName,
      `${o.durationMinutes === 0 ? "under a minute" : minutesText(o.durationMinutes)}${o.endedAt === null ? " (ongoing)" : ""}`,
      minutesText(o.countedMinutes),
      o.cause,
    ]),
    "No outages in this period.",
  );
  sectionHeading(doc, "Maintenance windows (excluded)");
  drawTable(
    doc,
    [
      { heading: "Starts", width: width * 0.2 },
      { heading: "Ends", width: width * 0.2 },
      { heading: "Member", width: width * 0.25 },
      { heading: "Title", width: width * 0.35 },
    ],
    report.maintenance.map((w) => [
      localTime(w.startsAt, zone),
      localTime(w.endsAt, zone),
      w.memberName,
      w.title,
    ]),
    "No maintenance windows in this period.",
  );
  if (report.regions.length === 0) return;
  sectionHeading(doc, "Regions");
  drawTable(
    doc,
    [
      { heading: "Member", width: width * 0.26 },
      { heading: "Region", width: width * 0.16 },
      { heading: "Checks", width: width * 0.12, align: "right" },
      { heading: "Uptime", width: width * 0.16, align: "right" },
      { heading: "p50", width: width * 0.15, align: "right" },
      { heading: "p95", width: width * 0.15, align: "right" },
    ],
    report.regions.map((g) => [
      g.memberName,
      g.region,
      String(g.checks),
      percentText(g.uptimePercent),
      ms(g.p50Ms),
      ms(g.p95Ms),
    ]),
    "",
  );
}

/** The report as a PDF: a cover, the summary with a chart of each day, then the tables. */
export function slaReportPdf(report: SlaReport): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: {
      Title: `Service level report: ${report.subject.name}, ${periodTitle(report)}`,
      Author: PRODUCT_NAME,
      Creator: PRODUCT_NAME,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  drawCover(doc, report);
  doc.addPage();
  drawSummary(doc, report);
  sectionHeading(doc, "Uptime by day");
  drawUptimeChart(doc, report.days, report.targetPercent);
  doc.addPage();
  drawDetails(doc, report);
  doc.end();
  return done;
}
