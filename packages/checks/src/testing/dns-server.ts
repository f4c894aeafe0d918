import dns2 from "dns2";
import type { LoopbackServer } from "./servers.ts";

/** Records the test DNS server answers with, by name and type. */
export type DnsZone = Record<
  string,
  Partial<Record<"A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS", string[]>>
>;

const { Packet } = dns2;
const NXDOMAIN = 3;
type Resource = Omit<dns2.Packet.Resource, "toBuffer">;

/** A real DNS server over UDP on 127.0.0.1 answering from `zone`; unknown names are NXDOMAIN. */
export async function startDnsServer(zone: DnsZone): Promise<LoopbackServer> {
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const records = question ? zone[question.name.toLowerCase()] : undefined;
      if (!question || !records) {
        response.header.rcode = NXDOMAIN;
        send(response);
        return;
      }
      for (const [type, values] of Object.entries(records)) {
        const code = Packet.TYPE[type as keyof typeof Packet.TYPE];
        if (code !== question.type) continue;
        for (const value of values ?? [])
          response.answers.push(resource(question.name, type, code, value) as dns2.Packet.Resource);
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  return {
    port: addresses.udp?.port ?? 0,
    host: "127.0.0.1",
    close: async () => void (await server.close()),
  };
}

function resource(name: string, type: string, code: number, value: string): Resource {
  const base = { name, type: code, class: Packet.CLASS.IN, ttl: 60 };
  if (type === "A" || type === "AAAA") return { ...base, address: value };
  if (type === "CNAME") return { ...base, domain: value };
  if (type === "NS") return { ...base, ns: value };
  if (type === "TXT") return { ...base, data: value };
  const [priority, exchange] = value.split(" ");
  return { ...base, priority: Number(priority), exchange: exchange ?? "" };
}
