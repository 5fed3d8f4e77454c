import { describe, expect, it } from "vitest";
import { addressGroup } from "./visitor";

describe("addressGroup", () => {
  it("keeps an IPv4 address whole, however it is written", () => {
    expect(addressGroup("203.0.113.9")).toBe("203.0.113.9");
    expect(addressGroup("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressGroup("::FFFF:cb00:7109")).toBe("203.0.113.9");
  });

  it("takes an IPv6 address's /64, however it is written", () => {
    const group = "2001:db8:0:42::/64";
    for (const ip of [
      "2001:db8:0:42::1",
      "2001:DB8:0:42:ffff:ffff:ffff:ffff",
      "2001:0db8:0000:0042:0:0:0:9",
      "2001:db8::42:1:2:3:4",
      "2001:db8:0:42::1%eth0",
      "2001:db8:0:42::1.2.3.4",
    ]) {
      expect(addressGroup(ip), ip).toBe(group);
    }
    expect(addressGroup("2001:db8:0:43::1")).toBe("2001:db8:0:43::/64");
    expect(addressGroup("::1")).toBe("0:0:0:0::/64");
  });

  it("leaves anything else as it is", () => {
    expect(addressGroup("not-an-address")).toBe("not-an-address");
  });
});
