import { describe, expect, it } from "vitest";
import { classifyAddress, createAddressPolicy, judgeAddress } from "./address-policy.ts";

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

  /** Address, then null when allowed or the category and the embedded IPv4 that decided. */
  const EMBEDDED: ReadonlyArray<[string, string | null, string?]> = [
    // IPv4-mapped (::ffff:0:0/96): reached over IPv4, so a public one stays allowed.
    ["::ffff:127.0.0.1", "loopback", "127.0.0.1"],
    ["::ffff:7f00:1", "loopback", "127.0.0.1"],
    ["::ffff:a00:1", "private", "10.0.0.1"],
    ["::ffff:169.254.169.254", "metadata", "169.254.169.254"],
    ["::ffff:8.8.8.8", null],
    // IPv4-compatible (::/96, deprecated): judged by the IPv4 inside, never routed publicly.
    ["::127.0.0.1", "loopback", "127.0.0.1"],
    ["::7f00:1", "loopback", "127.0.0.1"],
    ["::10.1.2.3", "private", "10.1.2.3"],
    ["::a9fe:a9fe", "metadata", "169.254.169.254"],
    ["::8.8.8.8", "reserved"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    // IPv4-translated (::ffff:0:0:0/96).
    ["::ffff:0:127.0.0.1", "loopback", "127.0.0.1"],
    ["::ffff:0:7f00:1", "loopback", "127.0.0.1"],
    ["::ffff:0:192.168.0.1", "private", "192.168.0.1"],
    ["::ffff:0:8.8.8.8", "reserved"],
    // Well-known NAT64 (64:ff9b::/96): routed, so a public IPv4 inside stays allowed.
    ["64:ff9b::127.0.0.1", "loopback", "127.0.0.1"],
    ["64:ff9b::a00:1", "private", "10.0.0.1"],
    ["64:ff9b::a9fe:a9fe", "metadata", "169.254.169.254"],
    ["64:ff9b::808:808", null],
    // Local-use NAT64 (64:ff9b:1::/48): the operator's own translator, never public.
    ["64:ff9b:1::7f00:1", "loopback", "127.0.0.1"],
    ["64:ff9b:1::a9fe:a9fe", "metadata", "169.254.169.254"],
    ["64:ff9b:1::808:808", "private"],
    ["64:ff9b:1:abcd::1", "private"],
    // 6to4 (2002:aabb:ccdd::/48): the IPv4 is in the second and third groups.
    ["2002:7f00:1::", "loopback", "127.0.0.1"],
    ["2002:a9fe:a9fe::1", "metadata", "169.254.169.254"],
    ["2002:c0a8:101::1", "private", "192.168.1.1"],
    ["2002:808:808::1", "reserved"],
    // Embedded multicast and unspecified stay refused even where private targets are allowed.
    ["::ffff:224.0.0.1", "multicast", "224.0.0.1"],
    ["64:ff9b::0.0.0.0", "unspecified", "0.0.0.0"],
    ["2606:4700:4700::1111", null],
  ];

  it.each(EMBEDDED)("judges %s by the IPv4 address it carries", (address, category, inside) => {
    const verdict = judgeAddress(address);
    if (category === null) return expect(verdict).toBeNull();
    expect(verdict).toEqual(inside ? { category, embedded: inside } : { category });
  });

  it("says which IPv4 address inside an IPv6 form made it refused", () => {
    const policy = createAddressPolicy({ allowPrivateTargets: false });
    expect(policy.refusal("::7f00:1")).toMatch(
      /^Refused to connect to ::7f00:1: it embeds 127\.0\.0\.1, a loopback address\. /,
    );
    expect(policy.refusal("64:ff9b::808:808")).toBeNull();
    const permissive = createAddressPolicy({ allowPrivateTargets: true });
    expect(permissive.refusal("::ffff:0:7f00:1")).toBeNull();
    expect(permissive.refusal("::ffff:224.0.0.1")).toMatch(
      /it embeds 224\.0\.0\.1, a multicast address\.$/,
    );
  });
});
