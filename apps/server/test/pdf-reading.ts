import { inflateSync } from "node:zlib";

/** What a PDF reader finds in a document: its pages and the text drawn on them. */
export interface ReadPdf {
  version: string;
  pages: number;
  text: string;
  title: string | null;
}

function decodeHex(hex: string): string {
  const clean = hex.replace(/\s+/g, "");
  let out = "";
  for (let i = 0; i < clean.length; i += 2)
    out += String.fromCharCode(Number.parseInt(clean.slice(i, i + 2), 16));
  return out;
}

function decodeLiteral(literal: string): string {
  return literal.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, code: string) => {
    if (/^[0-7]+$/.test(code)) return String.fromCharCode(Number.parseInt(code, 8));
    return (
      ({ n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" } as Record<string, string>)[code] ?? code
    );
  });
}

/** The text a content stream draws: every string shown by Tj or TJ, a space between runs. */
function streamText(content: string): string {
  const runs: string[] = [];
  for (const match of content.matchAll(
    /\[(.*?)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/gs,
  )) {
    const body = match[1] ?? match[2] ?? "";
    let run = "";
    for (const piece of body.matchAll(
      /<([0-9a-fA-F\s]*)>|\(((?:\\.|[^\\)])*)\)|(-?\d+(?:\.\d+)?)/g,
    )) {
      if (piece[1] !== undefined) run += decodeHex(piece[1]);
      else if (piece[2] !== undefined) run += decodeLiteral(piece[2]);
      else if (piece[3] !== undefined && Number(piece[3]) < -200) run += " ";
    }
    runs.push(run);
  }
  return runs.join(" ");
}

/**
 * Reads a PDF the way a reader must: the header, the page objects, and the text of every
 * content stream, inflating compressed ones. Throws when the file is not a complete PDF.
 */
export function readPdf(bytes: Buffer): ReadPdf {
  const raw = bytes.toString("latin1");
  const header = /^%PDF-(\d\.\d)/.exec(raw);
  if (!header) throw new Error("The file does not start with a PDF header.");
  if (!/startxref\s+\d+\s+%%EOF\s*$/.test(raw))
    throw new Error("The file has no cross-reference trailer.");
  const pages = raw.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
  const texts: string[] = [];
  for (const match of raw.matchAll(/<<(.*?)>>\s*stream\r?\n/gs)) {
    const start = match.index! + match[0].length;
    const end = raw.indexOf("endstream", start);
    const body = bytes.subarray(start, end);
    const content = /\/FlateDecode/.test(match[1]!)
      ? inflateSync(body).toString("latin1")
      : body.toString("latin1");
    if (/\bBT\b/.test(content)) texts.push(streamText(content));
  }
  // The title is written in place, or as a reference to an object holding the string.
  const ref = /\/Title\s+(\d+)\s+0\s+R/.exec(raw);
  const title = ref
    ? new RegExp(`\\b${ref[1]} 0 obj\\s*\\(((?:\\\\.|[^\\\\)])*)\\)`).exec(raw)
    : /\/Title\s*\(((?:\\.|[^\\)])*)\)/.exec(raw);
  return {
    version: header[1]!,
    pages,
    text: texts.join("\n"),
    title: title ? decodeLiteral(title[1]!) : null,
  };
}
