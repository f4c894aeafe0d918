import { describe, expect, it } from "vitest";
import { ipVersion } from "./ip-literal.ts";
import { isHost, parseHostPort, parseHttpUrl } from "./monitor-targets.ts";

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
});
