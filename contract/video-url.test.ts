import { describe, expect, it } from "vitest";
import { isVideoId, parseVideoId, videoUrl } from "./video-url";

const ID = "dQw4w9WgXcQ";
const DASHED = "a-b_c-d_e-f"; // ids may start, end and be full of - and _

const accepted: Array<[input: string, id: string]> = [
  // watch pages, with parameters in any order
  [`https://www.youtube.com/watch?v=${ID}`, ID],
  [`http://www.youtube.com/watch?v=${ID}`, ID],
  [`https://youtube.com/watch?v=${ID}`, ID],
  [`https://www.youtube.com/watch?v=${ID}&t=42s`, ID],
  [`https://www.youtube.com/watch?v=${ID}&t=1h2m3s`, ID],
  [`https://www.youtube.com/watch?v=${ID}&list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG&index=3`, ID],
  [`https://www.youtube.com/watch?feature=share&v=${ID}`, ID],
  [`https://www.youtube.com/watch?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG&v=${ID}&index=2`, ID],
  [`https://www.youtube.com/watch?app=desktop&v=${ID}&ab_channel=RickAstley`, ID],
  [`https://www.youtube.com/watch?v=${ID}&pp=ygUJcmljayByb2xs`, ID],
  [`https://www.youtube.com/watch?v=${ID}#t=30`, ID],
  [`https://www.youtube.com/watch?v=${ID}&amp;t=10`, ID],
  [`https://www.youtube.com/watch/?v=${ID}`, ID],
  [`https://www.youtube.com/watch/${ID}`, ID],
  [`https://www.youtube.com/watch_popup?v=${ID}`, ID],
  [`https://WWW.YouTube.COM/watch?v=${ID}`, ID],
  [`https://www.youtube.com./watch?v=${ID}`, ID],
  [`https://www.youtube.com:443/watch?v=${ID}`, ID],
  // no scheme, no www
  [`youtube.com/watch?v=${ID}`, ID],
  [`www.youtube.com/watch?v=${ID}`, ID],
  [`//www.youtube.com/watch?v=${ID}`, ID],
  [`youtube.com:443/watch?v=${ID}`, ID],
  // mobile and music hosts
  [`https://m.youtube.com/watch?v=${ID}`, ID],
  [`m.youtube.com/watch?v=${ID}&feature=youtu.be`, ID],
  [`https://m.youtube.com/#/watch?v=${ID}`, ID],
  [`https://music.youtube.com/watch?v=${ID}&list=RDAMVM${ID}`, ID],
  [`music.youtube.com/watch?v=${ID}`, ID],
  // short links
  [`https://youtu.be/${ID}`, ID],
  [`https://youtu.be/${ID}?si=Kx9aB3cD4eF5gH6i`, ID],
  [`https://youtu.be/${ID}?t=42`, ID],
  [`http://youtu.be/${ID}`, ID],
  [`youtu.be/${ID}`, ID],
  [`https://www.youtu.be/${ID}`, ID],
  [`https://youtu.be/${ID}/`, ID],
  [`https://youtu.be/${ID}&t=42`, ID],
  // other paths
  [`https://www.youtube.com/shorts/${ID}`, ID],
  [`https://youtube.com/shorts/${ID}?feature=share`, ID],
  [`https://m.youtube.com/shorts/${ID}`, ID],
  [`https://www.youtube.com/embed/${ID}`, ID],
  [`https://www.youtube.com/embed/${ID}?autoplay=1&start=30`, ID],
  [`https://www.youtube.com/live/${ID}`, ID],
  [`https://www.youtube.com/live/${ID}?si=abc123&t=600`, ID],
  [`https://www.youtube.com/v/${ID}`, ID],
  [`https://www.youtube.com/v/${ID}?version=3&autohide=1`, ID],
  [`https://www.youtube.com/e/${ID}`, ID],
  [`https://www.youtube-nocookie.com/embed/${ID}`, ID],
  [`https://youtube-nocookie.com/embed/${ID}?rel=0`, ID],
  [`https://www.youtube.com/attribution_link?a=xyz&u=%2Fwatch%3Fv%3D${ID}%26feature%3Dshare`, ID],
  // bare ids and whitespace
  [ID, ID],
  [DASHED, DASHED],
  ["___________", "___________"],
  [`  ${ID}  `, ID],
  [`\n\t${ID}\r\n`, ID],
  [`  https://youtu.be/${ID}?si=x  `, ID],
  [`https://www.youtube.com/watch?v=${DASHED}`, DASHED],
  [`https://youtu.be/${DASHED}`, DASHED],
];

const rejected: Array<[input: string, why: string]> = [
  ["", "empty"],
  ["   ", "blank"],
  ["dQw4w9WgXc", "10 characters"],
  ["dQw4w9WgXcQQ", "12 characters"],
  ["dQw4w9WgX!Q", "a character outside the alphabet"],
  ["dQw4w9WgXcQ dQw4w9WgXcQ", "two ids"],
  [`https://www.youtube.com/watch?v=${ID}Q`, "12-character v"],
  ["https://www.youtube.com/watch?v=dQw4w9WgXc", "10-character v"],
  ["https://www.youtube.com/watch?v=", "empty v"],
  ["https://www.youtube.com/watch", "no v"],
  ["https://www.youtube.com/watch?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG", "playlist without a video"],
  ["https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG", "playlist page"],
  ["https://www.youtube.com/embed/videoseries?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG", "embedded playlist"],
  ["https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw", "channel page"],
  ["https://www.youtube.com/@RickAstleyYT", "handle page"],
  ["https://www.youtube.com/@RickAstleyYT/videos", "handle videos page"],
  ["https://www.youtube.com/c/SomeChannel", "custom channel url"],
  ["https://www.youtube.com/user/SomeUser", "legacy user page"],
  ["https://www.youtube.com/results?search_query=rick+astley", "search results"],
  ["https://www.youtube.com/", "home page"],
  ["https://www.youtube.com/feed/subscriptions", "feed"],
  ["https://youtu.be/", "short link without id"],
  ["https://youtu.be/dQw4w9WgXc", "short link with 10 characters"],
  ["https://youtu.be/dQw4w9WgXcQQ", "short link with 12 characters"],
  [`https://www.youtube.com/shorts/`, "shorts without id"],
  [`https://www.youtube.com/shorts/${ID}1`, "shorts with 12 characters"],
  [`https://youtube.com.evil.example/watch?v=${ID}`, "look-alike host with youtube.com as prefix"],
  [`https://notyoutube.com/watch?v=${ID}`, "look-alike host with youtube.com as suffix"],
  [`https://youtube.co/watch?v=${ID}`, "other top-level domain"],
  [`https://www.youtube.co.uk/watch?v=${ID}`, "country domain YouTube does not use for videos"],
  [`https://youtu.be.evil.example/${ID}`, "look-alike short host"],
  [`https://evilyoutu.be/${ID}`, "look-alike short host suffix"],
  [`https://www.yоutube.com/watch?v=${ID}`, "Cyrillic o in the host"],
  [`https://vimeo.com/${ID}`, "another video site"],
  [`https://example.com/watch?v=${ID}`, "another site with a watch path"],
  [`https://example.com/?u=https://www.youtube.com/watch?v=${ID}`, "YouTube link inside another site's link"],
  [`https://youtube.com@evil.example/watch?v=${ID}`, "credentials trick"],
  [`https://user:pass@www.youtube.com/watch?v=${ID}`, "credentials on the real host"],
  [`https://www.youtube.com:8443/watch?v=${ID}`, "unusual port"],
  [`javascript:alert(1)//youtube.com/watch?v=${ID}`, "javascript: URL"],
  [`JavaScript:alert('${ID}')`, "javascript: URL in capitals"],
  [`data:text/html,<a href="https://youtu.be/${ID}">`, "data: URL"],
  [`ftp://youtube.com/watch?v=${ID}`, "ftp URL"],
  [`file:///home/me/${ID}.mp4`, "file URL"],
  [`https://www.youtube.com/watch?v=${ID} https://youtu.be/${ID}`, "two links"],
  ["not a url at all", "prose"],
  ["https://", "scheme only"],
  ["http://[::1]/watch?v=dQw4w9WgXcQ", "loopback address"],
  [`https://www.youtube.com/attribution_link?u=https://evil.example/watch?v=${ID}`, "attribution link to another site"],
  [`https://www.youtube-nocookie.com/watch?v=${ID}`, "nocookie host outside embeds"],
  [`${"x".repeat(3000)}`, "very long input"],
];

describe("parseVideoId", () => {
  it.each(accepted)("accepts %s", (input, id) => {
    expect(parseVideoId(input)).toBe(id);
  });

  it.each(rejected)("rejects %j (%s)", (input) => {
    expect(parseVideoId(input)).toBeNull();
  });
});

describe("isVideoId", () => {
  it("accepts exactly 11 characters of the id alphabet", () => {
    expect(isVideoId(ID)).toBe(true);
    expect(isVideoId(DASHED)).toBe(true);
    expect(isVideoId(`${ID} `)).toBe(false);
    expect(isVideoId("../../../etc")).toBe(false);
    expect(isVideoId("videoseries")).toBe(false);
  });
});

describe("videoUrl", () => {
  it("gives the canonical watch URL, which parses back to the same id", () => {
    expect(videoUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(parseVideoId(videoUrl(DASHED))).toBe(DASHED);
  });
});
