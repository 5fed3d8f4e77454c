import { describe, expect, it } from "vitest";
import { uploadErrorMessage } from "./upload";

describe("uploadErrorMessage", () => {
  it("reads our API's JSON message", () => {
    expect(uploadErrorMessage(403, JSON.stringify({ message: "Request has expired" }))).toBe("Request has expired");
  });

  it("reads an S3 service's XML message", () => {
    const xml = "<?xml version='1.0'?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>";
    expect(uploadErrorMessage(403, xml)).toBe("Request has expired");
  });

  it("says what happened when the body says nothing", () => {
    expect(uploadErrorMessage(401, "")).toBe("Authorization required");
    expect(uploadErrorMessage(413, "")).toMatch(/larger than 5MB/);
    expect(uploadErrorMessage(502, "<html>bad gateway</html>")).toBe("Upload failed (502). Please try again.");
  });
});
