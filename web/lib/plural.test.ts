import { describe, expect, it } from "vitest";
import { countLabel } from "./format";
import { plural } from "./plural";

describe("plural", () => {
  it("uses the singular only for exactly one", () => {
    expect(plural(1, "view")).toBe("view");
    expect(plural(0, "view")).toBe("views");
    expect(plural(2, "article")).toBe("articles");
    expect(plural(1.5, "rating")).toBe("ratings");
    expect(plural(-1, "like")).toBe("like");
  });

  it("takes an irregular plural and reads missing counts as none", () => {
    expect(plural(1, "person", "people")).toBe("person");
    expect(plural(3, "person", "people")).toBe("people");
    expect(plural(undefined, "view")).toBe("views");
    expect(plural(null, "view")).toBe("views");
    expect(plural(Number.NaN, "view")).toBe("views");
  });
});

describe("countLabel", () => {
  it("never says '1 views' and abbreviates large counts", () => {
    expect(countLabel(1, "view")).toBe("1 view");
    expect(countLabel(0, "view")).toBe("0 views");
    expect(countLabel(2, "article")).toBe("2 articles");
    expect(countLabel(1200, "view")).toBe("1.2k views");
    expect(countLabel(undefined, "like")).toBe("0 likes");
  });
});
