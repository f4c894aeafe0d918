import { describe, expect, it } from "vitest";
import { classifyAddress, createAddressPolicy } from "./address-policy.ts";

describe("the address policy", () => {
  it("classifies loopback, private, link-local, metadata and reserved ranges", () => {
    expect(classifyAddress("127.0.0.1")).toBe("loopback");
    expect(classifyAddress("127.5.6.7")).toBe("loopback");
    expect(classifyAddress("::1")).toBe("loopback");
    expect(classifyAddress("10.1.2.3")).toBe("private");
    expect(classifyAddress("172.20.0.1")).toBe("private");
    expect(classifyAddress("192.168.1.1")).toBe("private");
    expect(classifyAddress("100.64.0.1")).toBe("private");
    expect(classifyAddress("fd12:3456::1")).toBe("private");
    expect(classifyAddress("169.254.1.1")).toBe("link-local");
    expect(classifyAddress("fe80::1")).toBe("link-local");
    expect(classifyAddress("169.254.169.254")).toBe("metadata");
    expect(classifyAddress("fd00:ec2::254")).toBe("metadata");
    expect(classifyAddress("0.0.0.0")).toBe("unspecified");
    expect(classifyAddress("::")).toBe("unspecified");
    expect(classifyAddress("224.0.0.1")).toBe("multicast");
    expect(classifyAddress("ff02::1")).toBe("multicast");
    expect(classifyAddress("255.255.255.255")).toBe("broadcast");
    expect(classifyAddress("192.0.2.10")).toBe("reserved");
  });

  it("sees through IPv4-mapped and NAT64 IPv6 addresses", () => {
    expect(classifyAddress("::ffff:127.0.0.1")).toBe("loopback");
    expect(classifyAddress("::ffff:7f00:1")).toBe("loopback");
    expect(classifyAddress("::ffff:169.254.169.254")).toBe("metadata");
    expect(classifyAddress("64:ff9b::a00:1")).toBe("private");
  });

  it("treats public unicast addresses as public", () => {
    expect(classifyAddress("93.184.216.34")).toBeNull();
    expect(classifyAddress("8.8.8.8")).toBeNull();
    expect(classifyAddress("2606:4700:4700::1111")).toBeNull();
    expect(classifyAddress("::ffff:8.8.8.8")).toBeNull();
  });

  it("refuses every non-public address by default, with a sentence saying why", () => {
    const policy = createAddressPolicy({ allowPrivateTargets: false });
    expect(policy.refusal("8.8.8.8")).toBeNull();
    expect(policy.refusal("127.0.0.1")).toMatch(
      /Refused to connect to 127\.0\.0\.1: it is a loopback address/,
    );
    expect(policy.refusal("10.0.0.1")).toMatch(/private network address/);
    expect(policy.refusal("169.254.169.254")).toMatch(/cloud metadata address/);
    expect(policy.refusal("fe80::1")).toMatch(/link-local address/);
    expect(policy.refusal("127.0.0.1")).toMatch(/ALLOW_PRIVATE_TARGETS=true/);
  });

  it("allows private ranges when the operator says so, but never multicast or unspecified", () => {
    const policy = createAddressPolicy({ allowPrivateTargets: true });
    expect(policy.refusal("127.0.0.1")).toBeNull();
    expect(policy.refusal("192.168.0.10")).toBeNull();
    expect(policy.refusal("169.254.169.254")).toBeNull();
    expect(policy.refusal("0.0.0.0")).toMatch(/unspecified address/);
    expect(policy.refusal("239.1.2.3")).toMatch(/multicast address/);
  });
});
