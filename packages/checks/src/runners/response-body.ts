import type { IncomingMessage } from "node:http";
import { Transform } from "node:stream";
import {
  constants,
  createBrotliDecompress,
  createGunzip,
  createInflate,
  createInflateRaw,
} from "node:zlib";
import { CheckError } from "../check-error.ts";

/** The encodings a check that reads the body decompresses, as its `Accept-Encoding` offers them. */
export const ACCEPTED_ENCODINGS = "gzip, deflate, br";

/** What was read of a response body. */
export interface BodyText {
  text: string;
  /** The body (after decompression) went on past the limit; only the limit was kept. */
  truncated: boolean;
}

// Like browsers, accept a compressed stream the server ended without its final block.
const zlibFlush = { finishFlush: constants.Z_SYNC_FLUSH };
const brotliFlush = { finishFlush: constants.BROTLI_OPERATION_FLUSH };

/** Each layer is a decoder with its own buffers: a long list of them is an attack, not a page. */
const MAX_ENCODINGS = 2;

const DECODERS: Record<string, () => Transform> = {
  gzip: () => createGunzip(zlibFlush),
  "x-gzip": () => createGunzip(zlibFlush),
  deflate: () => createDeflateDecoder(),
  br: () => createBrotliDecompress(brotliFlush),
};

/**
 * Reads the body as text, keeping at most `limit` bytes and then hanging up. With `decompress`,
 * a gzip, deflate or br body is decoded first and the limit applies to the decoded bytes (and to
 * the bytes received, so neither a bomb nor an endless stream of empty blocks can grow past it).
 */
export function readBody(
  response: IncomingMessage,
  limit: number,
  decompress: boolean,
): Promise<BodyText> {
  const encodings = decompress ? contentEncodings(response) : [];
  if (encodings.length > MAX_ENCODINGS) {
    response.destroy();
    return Promise.reject(
      new CheckError(
        `The server answered with ${encodings.length} content encodings layered on each other; the check reads at most ${MAX_ENCODINGS}.`,
      ),
    );
  }
  const unknown = encodings.find((encoding) => !DECODERS[encoding]);
  if (unknown) {
    response.destroy();
    return Promise.reject(
      new CheckError(
        `The server answered in ${unknown} encoding, which the check cannot read (it reads gzip, deflate and br).`,
      ),
    );
  }
  const decoders = encodings.reverse().map((encoding) => (DECODERS[encoding] as () => Transform)());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let received = 0;
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      response.destroy();
      for (const decoder of decoders) decoder.destroy();
      finish();
    };
    const done = (truncated: boolean) =>
      settle(() => resolve({ text: Buffer.concat(chunks).toString("utf8"), truncated }));
    response.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (decoders.length > 0 && received > limit) done(true);
    });
    response.once("error", (error) => settle(() => reject(error)));
    let output: NodeJS.ReadableStream = response;
    for (const decoder of decoders) {
      decoder.once("error", (error) => {
        if (received === 0) return done(false);
        const named = encodings.join(", ");
        settle(() =>
          reject(new CheckError(`The ${named} body could not be decompressed: ${error.message}.`)),
        );
      });
      output = output.pipe(decoder);
    }
    output.on("data", (chunk: Buffer) => {
      if (kept < limit) chunks.push(chunk.subarray(0, limit - kept));
      kept += chunk.length;
      if (kept > limit) done(true);
    });
    output.once("end", () => done(false));
  });
}

function contentEncodings(response: IncomingMessage): string[] {
  return (response.headers["content-encoding"] ?? "")
    .split(",")
    .map((encoding) => encoding.trim().toLowerCase())
    .filter((encoding) => encoding !== "" && encoding !== "identity");
}

/**
 * `deflate` is meant to be zlib-wrapped, but some servers send the raw stream: the first byte
 * tells which (a zlib header names compression method 8 in its low four bits).
 */
function createDeflateDecoder(): Transform {
  let inner: Transform | undefined;
  const outer: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (chunk.length === 0) return callback();
      if (!inner) {
        const wrapped = ((chunk[0] ?? 0) & 0x0f) === 0x08;
        inner = wrapped ? createInflate(zlibFlush) : createInflateRaw(zlibFlush);
        inner.on("data", (data: Buffer) => outer.push(data));
        inner.once("error", (error) => outer.destroy(error));
      }
      inner.write(chunk, () => callback());
    },
    flush(callback) {
      if (!inner) return callback();
      inner.once("end", () => callback());
      inner.end();
    },
  });
  outer.once("close", () => inner?.destroy());
  return outer;
}
