import { describe, expect, it } from "vitest";
import { formatMoment, momentEmbedUrl, momentUrl, parseMomentLink, parseMomentSeconds } from "./moments";

const ID = "dQw4w9WgXcQ";

describe("moment links", () => {
  it("reads the links articles use and the forms people paste", () => {
    expect(parseMomentLink(momentUrl(ID, 75))).toEqual({ videoId: ID, start: 75 });
    expect(parseMomentLink(`https://youtube.com/watch?t=1m5s&v=${ID}`)).toEqual({ videoId: ID, start: 65 });
    expect(parseMomentLink(`https://m.youtube.com/watch?v=${ID}&t=90`)).toEqual({ videoId: ID, start: 90 });
    expect(parseMomentLink(`https://youtu.be/${ID}?t=1h0m2s`)).toEqual({ videoId: ID, start: 3602 });
  });

  it("is not a moment without a time, with a bad id or on another host", () => {
    expect(parseMomentLink(`https://www.youtube.com/watch?v=${ID}`)).toBeNull();
    expect(parseMomentLink("https://www.youtube.com/watch?v=short&t=5s")).toBeNull();
    expect(parseMomentLink(`https://www.youtube.com.evil.example/watch?v=${ID}&t=5s`)).toBeNull();
    expect(parseMomentLink(`https://www.youtube.com/watch?v=${ID}&t=soon`)).toBeNull();
    expect(parseMomentLink(`javascript:alert(1)//www.youtube.com/watch?v=${ID}&t=5s`)).toBeNull();
    expect(parseMomentLink("/article/12")).toBeNull();
  });

  it("parses t values", () => {
    expect(parseMomentSeconds("75s")).toBe(75);
    expect(parseMomentSeconds("2m")).toBe(120);
    expect(parseMomentSeconds("")).toBeNull();
    expect(parseMomentSeconds("1x")).toBeNull();
  });

  it("formats moments and builds the embed", () => {
    expect(formatMoment(75)).toBe("1:15");
    expect(formatMoment(5)).toBe("0:05");
    expect(formatMoment(3725)).toBe("1:02:05");
    expect(momentEmbedUrl(ID, 75.9)).toBe(`https://www.youtube-nocookie.com/embed/${ID}?start=75&autoplay=1`);
  });
});
