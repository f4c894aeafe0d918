import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { join } from "node:path";

/** A self-signed certificate for localhost and 127.0.0.1, as PEM files in `folder`. */
export interface TestCertificate {
  certFile: string;
  keyFile: string;
  cert: string;
}

/** Makes a self-signed certificate with openssl, valid for a day. */
export function makeCertificate(folder: string): TestCertificate {
  const certFile = join(folder, "cert.pem");
  const keyFile = join(folder, "key.pem");
  const result = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { encoding: "utf8" },
  );
  if (result.status !== 0) {
    throw new Error(
      `openssl could not make a test certificate (apt-get install -y openssl): ${result.stderr}`,
    );
  }
  return { certFile, keyFile, cert: readFileSync(certFile, "utf8") };
}

export interface Answer {
  status: number;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The client's own address: a loopback address other than the proxy's. */
  localAddress?: string;
  /** The certificate to trust (https only). */
  ca?: string;
}

function open(url: string, options: RequestOptions, onAnswer: (answer: IncomingMessage) => void) {
  const target = new URL(url);
  const common = {
    method: options.method ?? "GET",
    headers: options.headers ?? {},
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    agent: false as const,
  };
  return target.protocol === "https:"
    ? httpsRequest(target, { ...common, ...(options.ca ? { ca: options.ca } : {}) }, onAnswer)
    : httpRequest(target, common, onAnswer);
}

/** One request over its own connection, answering the whole response. */
export function send(url: string, options: RequestOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = open(url, options, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.setTimeout(15_000, () => request.destroy(new Error(`No answer from ${url} in 15 s`)));
    request.end(options.body);
  });
}

/** An open event stream: what arrived so far, with the time each piece arrived. */
export interface OpenStream {
  status: number;
  headers: IncomingMessage["headers"];
  chunks: { at: number; text: string }[];
  text(): string;
  close(): void;
}

/** Opens a server-sent event stream; resolves once the headers arrived (within 10 s). */
export function openStream(url: string, options: RequestOptions = {}): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`The event stream ${url} sent no headers within 10 s (held in a buffer?)`));
    }, 10_000);
    const request = open(
      url,
      { ...options, headers: { accept: "text/event-stream", ...options.headers } },
      (response) => {
        clearTimeout(timer);
        const chunks: { at: number; text: string }[] = [];
        response.setEncoding("utf8");
        response.on("data", (text: string) => chunks.push({ at: Date.now(), text }));
        response.on("error", () => {});
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          chunks,
          text: () => chunks.map((chunk) => chunk.text).join(""),
          close: () => request.destroy(),
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}
