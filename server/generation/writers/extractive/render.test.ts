import { describe, expect, it } from "vitest";
import { calmLabel } from "./render";

describe("calmLabel", () => {
  it("calms a shouted label or a shouted word in it, and keeps short acronyms", () => {
    expect(calmLabel("RECIPE (control loaf)")).toBe("Recipe (control loaf)");
    expect(calmLabel("INGREDIENTS")).toBe("Ingredients");
    expect(calmLabel("The band is:".replace(/:$/, ""))).toBe("The band");
    expect(calmLabel("BBQ sauce for the ribs")).toBe("BBQ sauce for the ribs");
  });
});
