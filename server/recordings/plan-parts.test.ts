import { describe, expect, it } from "vitest";
import { UPLOADER } from "../../contract/recordings";
import { LOCAL_MAX_PUT_BYTES, planParts } from "./service";

const MB = 1024 * 1024;
const defaults = { maxBytes: 2048 * MB, multipartAboveBytes: 100 * MB, partBytes: 5 * MB };

describe("planParts", () => {
  it("follows the uploader's defaults on S3: one PUT up to 100 MB, then parts of 5 MB", () => {
    expect(planParts(100 * MB, defaults, "s3")).toEqual({ multipart: false, partSize: 100 * MB, partCount: 1 });
    expect(planParts(101 * MB, defaults, "s3")).toEqual({ multipart: true, partSize: 5 * MB, partCount: 21 });
  });

  it("never plans more than 10,000 parts", () => {
    const huge = planParts(60_000 * MB, { ...defaults, maxBytes: 60_000 * MB }, "s3");
    expect(huge.partCount).toBeLessThanOrEqual(UPLOADER.maxParts);
    expect(huge.partSize * huge.partCount).toBeGreaterThanOrEqual(60_000 * MB);
  });

  it("keeps every PUT to the app itself small enough to arrive within its request timeout", () => {
    const local = planParts(50 * MB, defaults, "local");
    expect(local.multipart).toBe(true);
    expect(local.partSize).toBe(LOCAL_MAX_PUT_BYTES);
    expect(planParts(MB, defaults, "local")).toEqual({ multipart: false, partSize: MB, partCount: 1 });
  });
});
