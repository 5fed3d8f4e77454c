import { describe, expect, it } from "vitest";
import { gerund, instructionHeading } from "./instruction-headings";
import { stem } from "./tokens";

describe("instruction headings", () => {
  it("forms gerunds", () => {
    expect(gerund("replace")).toBe("replacing");
    expect(gerund("trim")).toBe("trimming");
    expect(gerund("dry")).toBe("drying");
    expect(gerund("open")).toBe("opening");
    expect(gerund("seal")).toBe("sealing");
    expect(gerund("true")).toBe("truing");
  });

  it("heads a section by the instruction it opens on, about its key thing", () => {
    const central = (s: string) => s === stem("filter");
    expect(instructionHeading("Okay, replace the filter every spring.", central)?.heading).toBe("Replacing the filter");
    expect(instructionHeading("If the water tastes odd, rinse your filter under the tap.", central)?.heading).toBe(
      "Rinsing the filter",
    );
    expect(instructionHeading("Pull out the old filter and check it.", central)?.heading).toBe(
      "Pulling out the old filter",
    );
  });

  it("refuses other openings", () => {
    const central = (s: string) => s === stem("filter");
    expect(instructionHeading("Replace the pump every spring.", central)).toBeNull();
    expect(instructionHeading("The filter needs replacing.", central)).toBeNull();
    expect(instructionHeading("Replace it when the filter clogs.", central)).toBeNull();
    expect(instructionHeading("Look at the filter.", central)).toBeNull();
  });
});
