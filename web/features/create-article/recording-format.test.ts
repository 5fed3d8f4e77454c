import { describe, expect, it } from "vitest";
import { formatDuration, formatSpeed, formatTimeLeft } from "./recording-format";

describe("recording field wording", () => {
  it("says speeds in MB/s or KB/s", () => {
    expect(formatSpeed(2.4 * 1024 ** 2)).toBe("2.4 MB/s");
    expect(formatSpeed(24.4 * 1024 ** 2)).toBe("24 MB/s");
    expect(formatSpeed(850 * 1024)).toBe("850 KB/s");
    expect(formatSpeed(10)).toBe("1 KB/s");
  });

  it("says the time left roughly", () => {
    expect(formatTimeLeft(null)).toBe("");
    expect(formatTimeLeft(4)).toBe("a few seconds left");
    expect(formatTimeLeft(42)).toBe("about 40 s left");
    expect(formatTimeLeft(70)).toBe("about 1 min left");
    expect(formatTimeLeft(3900)).toBe("about 1 h 5 min left");
  });

  it("says durations as m:ss or h:mm:ss", () => {
    expect(formatDuration(95)).toBe("1:35");
    expect(formatDuration(11.4)).toBe("0:11");
    expect(formatDuration(3729)).toBe("1:02:09");
  });
});
