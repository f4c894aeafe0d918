import { describe, expect, it } from "vitest";
import { listensOnlyOnLoopback, operatorNotices } from "./operator-notices.ts";

describe("the operator's notices", () => {
  it("knows loopback addresses and localhost from addresses other machines reach", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LOCALHOST"]) {
      expect(listensOnlyOnLoopback(host), host).toBe(true);
    }
    for (const host of ["0.0.0.0", "::", "192.168.1.10", "monitor.lan.example"]) {
      expect(listensOnlyOnLoopback(host), host).toBe(false);
    }
  });

  it("asks for PUBLIC_URL only when it is unset and the server listens beyond loopback", () => {
    const facts = { publicUrl: "http://localhost:3000", publicUrlSet: false, host: "0.0.0.0" };
    expect(operatorNotices(facts).map((notice) => notice.code)).toEqual(["public_url_unset"]);
    expect(operatorNotices({ ...facts, publicUrlSet: true })).toEqual([]);
    expect(operatorNotices({ ...facts, host: "127.0.0.1" })).toEqual([]);
  });
});
