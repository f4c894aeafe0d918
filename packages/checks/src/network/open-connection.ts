import { connect as connectTcp, isIP, type Socket } from "node:net";
import { connect as connectTls, type TLSSocket } from "node:tls";
import { CheckError, describeNetworkError } from "../check-error.ts";
import type { NetworkAccess, ResolvedAddress } from "./network-access.ts";
import { resolveTarget } from "./resolve-target.ts";

/** Where to connect, and whether to speak TLS once connected. */
export interface ConnectionRequest {
  host: string;
  port: number;
  tls?: { verify: boolean } | undefined;
}

/** An open connection to an address the policy allowed, with the time each phase took. */
export interface OpenConnection {
  socket: Socket | TLSSocket;
  address: string;
  dnsMs: number | null;
  connectMs: number;
  tlsMs: number | null;
}

const MAX_ADDRESSES_TRIED = 3;

/**
 * Resolves the host, validates every address, and connects to a validated address itself, so
 * a DNS answer that changes between lookup and connect (rebinding) cannot slip through.
 */
export async function openConnection(
  request: ConnectionRequest,
  network: NetworkAccess,
  signal: AbortSignal,
): Promise<OpenConnection> {
  const { addresses, dnsMs } = await resolveTarget(request.host, network);
  let lastError: unknown;
  for (const candidate of addresses.slice(0, MAX_ADDRESSES_TRIED)) {
    signal.throwIfAborted();
    const started = performance.now();
    let socket: Socket;
    try {
      socket = await connectTo(candidate, request.port, signal);
    } catch (error) {
      lastError = error;
      continue;
    }
    const connectMs = performance.now() - started;
    if (!request.tls) return { socket, address: candidate.address, dnsMs, connectMs, tlsMs: null };
    const tlsStarted = performance.now();
    const secure = await startTls(socket, request, network, signal);
    const tlsMs = performance.now() - tlsStarted;
    return { socket: secure, address: candidate.address, dnsMs, connectMs, tlsMs };
  }
  throw new CheckError(describeNetworkError(lastError, describeEndpoint(request)));
}

/** `host:port` as people write it, with brackets around IPv6. */
export function describeEndpoint(request: { host: string; port: number }): string {
  const host = isIP(request.host) === 6 ? `[${request.host}]` : request.host;
  return `${host}:${request.port}`;
}

function connectTo(target: ResolvedAddress, port: number, signal: AbortSignal): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectTcp({ host: target.address, port, family: target.family, noDelay: true });
    const onAbort = () => socket.destroy(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    socket.once("connect", () => {
      signal.removeEventListener("abort", onAbort);
      socket.removeListener("error", reject);
      resolve(socket);
    });
    socket.once("error", (error) => {
      signal.removeEventListener("abort", onAbort);
      reject(error);
    });
  });
}

function startTls(
  socket: Socket,
  request: ConnectionRequest,
  network: NetworkAccess,
  signal: AbortSignal,
): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const secure = connectTls({
      socket,
      host: request.host,
      servername: isIP(request.host) ? undefined : request.host,
      rejectUnauthorized: request.tls?.verify ?? true,
      ca: network.trustedCertificates ? [...network.trustedCertificates] : undefined,
      ALPNProtocols: ["http/1.1"],
    });
    const onAbort = () => secure.destroy(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    secure.once("secureConnect", () => {
      signal.removeEventListener("abort", onAbort);
      secure.removeListener("error", fail);
      resolve(secure);
    });
    const fail = (error: Error) => {
      signal.removeEventListener("abort", onAbort);
      socket.destroy();
      reject(new CheckError(describeNetworkError(error, describeEndpoint(request))));
    };
    secure.once("error", fail);
  });
}
