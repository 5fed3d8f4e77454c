import { describe, expect, it } from "vitest";
import { BAD_URL, CREATE_FORM_DEFAULTS, type CreateArticleForm, createArticleResolver } from "./use-create-article";

const RECORDING_ID = "7d9f3a52-3c1e-4a8e-9b1f-2f1d6c1e0a11";
const check = (values: Partial<CreateArticleForm>) =>
  createArticleResolver({ ...CREATE_FORM_DEFAULTS, ...values }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe("createArticleResolver: a link or your own recording", () => {
  it("asks for a link when there is neither", async () => {
    expect((await check({})).errors.youtubeUrl?.message).toBe(BAD_URL);
  });

  it("takes an uploaded recording without a link", async () => {
    const result = await check({ recordingId: RECORDING_ID });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ youtubeUrl: "", recordingId: RECORDING_ID });
  });

  it("still wants a link that is a URL when one is typed", async () => {
    expect((await check({ youtubeUrl: "not a link" })).errors.youtubeUrl?.message).toBe(BAD_URL);
    expect((await check({ youtubeUrl: "https://youtu.be/abc" })).errors).toEqual({});
  });
});
