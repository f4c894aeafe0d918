import { spawnSync } from "node:child_process";
import { onCleanup } from "./cleanup.ts";

/**
 * A network namespace joined to this machine by a veth pair on a private /30: the machine's
 * end is `hostAddress`, the namespace's end `address`, and its loopback is its own.
 */
export interface NetworkNamespace {
  name: string;
  hostAddress: string;
  address: string;
  /** The command prefix that runs a program inside the namespace. */
  exec(command: string, args: readonly string[]): { command: string; args: string[] };
  remove(): void;
}

const NAME_PREFIX = "uwsys";

function ip(args: readonly string[], { tolerate = false } = {}): string {
  const result = spawnSync("ip", args, { encoding: "utf8" });
  if (!tolerate && (result.error || result.status !== 0)) {
    throw new Error(`ip ${args.join(" ")} failed: ${result.stderr || String(result.error)}`);
  }
  return result.stdout ?? "";
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Removes namespaces an earlier test process left behind when it was killed outright. */
export function removeAbandonedNamespaces(): void {
  for (const line of ip(["netns", "list"], { tolerate: true }).split("\n")) {
    const match = new RegExp(`^(${NAME_PREFIX}(\\d+)n\\d+)\\b`).exec(line);
    if (match && !alive(Number(match[2]))) ip(["netns", "del", match[1]!], { tolerate: true });
  }
}

/** A 10.201.x.0/24 block with no address of this machine in it. */
export function freeAddressBlock(): string {
  const used = ip(["-o", "-4", "addr"]);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const block = `10.201.${1 + Math.floor(Math.random() * 250)}`;
    if (!used.includes(` ${block}.`)) return block;
  }
  throw new Error("Found no free 10.201.x.0/24 block for the test namespaces.");
}

/**
 * Makes namespace number `index` (0..60) in `block`, with its veth pair and its loopback up,
 * and removes it when the test process ends.
 */
export function createNamespace(block: string, index: number): NetworkNamespace {
  const name = `${NAME_PREFIX}${process.pid}n${index}`;
  const hostLink = `uw${process.pid}h${index}`;
  const innerLink = `uw${process.pid}i${index}`;
  const hostAddress = `${block}.${index * 4 + 1}`;
  const address = `${block}.${index * 4 + 2}`;
  const remove = onCleanup(`network namespace ${name}`, () => {
    // Deleting the namespace also deletes the veth pair; the host end may be left when the
    // namespace was never made.
    ip(["netns", "del", name], { tolerate: true });
    ip(["link", "del", hostLink], { tolerate: true });
  });
  ip(["netns", "add", name]);
  ip(["link", "add", hostLink, "type", "veth", "peer", "name", innerLink]);
  ip(["link", "set", innerLink, "netns", name]);
  ip(["addr", "add", `${hostAddress}/30`, "dev", hostLink]);
  ip(["link", "set", hostLink, "up"]);
  ip(["-n", name, "addr", "add", `${address}/30`, "dev", innerLink]);
  ip(["-n", name, "link", "set", innerLink, "up"]);
  ip(["-n", name, "link", "set", "lo", "up"]);
  return {
    name,
    hostAddress,
    address,
    exec: (command, args) => ({ command: "ip", args: ["netns", "exec", name, command, ...args] }),
    remove,
  };
}
