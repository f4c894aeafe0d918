import { describe, expect, it } from "vitest";
import { ipVersion } from "./ip-literal.ts";
import { isHost, parseHostPort, parseHttpUrl, parseResolverAddress } from "./monitor-targets.ts";

describe("monitor targets", () => {
  it("tells IPv4 and IPv6 literals from names", () => {
    expect(ipVersion("127.0.0.1")).toBe(4);
    expect(ipVersion("256.0.0.1")).toBe(0);
    expect(ipVersion("::1")).toBe(6);
    expect(ipVersion("fe80::1")).toBe(6);
    expect(ipVersion("example.com")).toBe(0);
    expect(ipVersion("1:2:3")).toBe(0);
  });

  it("accepts host names and refuses text with spaces or slashes", () => {
    expect(isHost("example.com")).toBe(true);
    expect(isHost("localhost")).toBe(true);
    expect(isHost("exa mple.com")).toBe(false);
    expect(isHost("example.com/path")).toBe(false);
  });

  it("splits host and port, including bracketed IPv6", () => {
    expect(parseHostPort("db.example.com:5432")).toEqual({ host: "db.example.com", port: 5432 });
    expect(parseHostPort("[::1]:8080")).toEqual({ host: "::1", port: 8080 });
    expect(parseHostPort("example.com", 443)).toEqual({ host: "example.com", port: 443 });
    expect(parseHostPort("example.com")).toBeUndefined();
    expect(parseHostPort("example.com:70000")).toBeUndefined();
    expect(parseHostPort("example.com:0")).toBeUndefined();
  });

  it("accepts only http and https URLs", () => {
    expect(parseHttpUrl("https://example.com/health")?.hostname).toBe("example.com");
    expect(parseHttpUrl("http://[::1]:8080/")?.port).toBe("8080");
    expect(parseHttpUrl("ftp://example.com/")).toBeUndefined();
    expect(parseHttpUrl("not a url")).toBeUndefined();
  });

  it("takes a DNS resolver as an IP address with an optional port, 53 when absent", () => {
    expect(parseResolverAddress("9.9.9.9")).toEqual({ host: "9.9.9.9", port: 53 });
    expect(parseResolverAddress("9.9.9.9:5353")).toEqual({ host: "9.9.9.9", port: 5353 });
    expect(parseResolverAddress("2620:fe::fe")).toEqual({ host: "2620:fe::fe", port: 53 });
    expect(parseResolverAddress("[2620:fe::fe]:853")).toEqual({ host: "2620:fe::fe", port: 853 });
    for (const refused of [
      "dns.example.com",
      "dns.example.com:53",
      "9.9.9.9:0",
      "9.9.9.9:65536",
      "[9.9.9.9]:53",
      "256.1.1.1",
      "9.9.9.9:",
      "",
    ]) {
      expect(parseResolverAddress(refused), refused).toBeUndefined();
    }
  });
});
