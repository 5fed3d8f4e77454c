import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { newUploadKey } from "./keys";
import { S3ObjectStore } from "./s3-store";
import { storageCspSources } from "./store";

const userId = "6f1c2a10-8e3b-4c55-9d1e-0a2b3c4d5e6f";
const settings = {
  bucket: "pics",
  region: undefined,
  endpoint: "http://127.0.0.1:9000",
  accessKeyId: "minio",
  secretAccessKey: "minio-secret",
  publicUrl: undefined,
};
const target = (key: string) => ({ key, userId, expiresAt: new Date(Date.now() + 600_000), requestOrigin: "" });

describe("S3ObjectStore", () => {
  it("presigns a path-style PUT for one key, for ten minutes, against a non-AWS endpoint", async () => {
    const store = new S3ObjectStore(settings);
    const key = newUploadKey(userId);
    const url = new URL(await store.createUploadUrl(target(key)));
    expect(url.origin).toBe("http://127.0.0.1:9000");
    expect(url.pathname).toBe(`/pics/${key}`);
    expect(url.searchParams.get("X-Amz-Expires")).toBe("600");
    expect(url.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("host");
    // No checksum of an empty body baked into the URL (S3-compatible services refuse it).
    expect([...url.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
    expect(store.keyFromUploadUrl(url.toString())).toBe(key);
  });

  it("uses virtual-hosted addresses on AWS itself", async () => {
    const store = new S3ObjectStore({ ...settings, endpoint: undefined, region: "eu-west-1" });
    const key = newUploadKey(userId);
    const url = new URL(await store.createUploadUrl(target(key)));
    expect(url.host).toBe("pics.s3.eu-west-1.amazonaws.com");
    expect(url.pathname).toBe(`/${key}`);
    expect(store.keyFromUploadUrl(url.toString())).toBe(key);
    expect(store.publicBase).toBe("https://pics.s3.eu-west-1.amazonaws.com");
  });

  it("shows avatars from S3_PUBLIC_URL when set, else from the bucket", async () => {
    const name = `${"a".repeat(64)}.webp`;
    const plain = new S3ObjectStore(settings);
    expect(plain.publicBase).toBe("http://127.0.0.1:9000/pics");
    const cdn = new S3ObjectStore({ ...settings, publicUrl: "https://cdn.example.com/media/" });
    expect(cdn.publicBase).toBe("https://cdn.example.com/media");
    expect(cdn.avatarFileFromUrl(`https://cdn.example.com/media/avatars/${name}`)).toBe(name);
    expect(cdn.avatarFileFromUrl(`https://elsewhere.example/avatars/${name}`)).toBeNull();
    expect(cdn.avatarFileFromUrl("https://cdn.example.com/media/avatars/../secret")).toBeNull();
  });

  it.each([
    "http://127.0.0.1:9000/pics/uploads/../etc/passwd",
    "http://127.0.0.1:9000/pics/avatars/x.webp",
    "not a url",
    "http://127.0.0.1:9000/pics/uploads/not-a-user/abc",
  ])("does not take %s for an upload", (url) => {
    expect(new S3ObjectStore(settings).keyFromUploadUrl(url)).toBeNull();
  });

  it("names the origins the page's CSP must allow", () => {
    const config = loadConfig({
      NODE_ENV: "test",
      APP_SECRET: "x".repeat(40),
      STORAGE: "s3",
      S3_BUCKET: "pics",
      S3_ENDPOINT: "https://minio.example.com:9000",
      S3_ACCESS_KEY_ID: "a",
      S3_SECRET_ACCESS_KEY: "b",
      S3_PUBLIC_URL: "https://cdn.example.com/pics",
    });
    expect(storageCspSources(config)).toEqual({
      connectSrc: ["https://minio.example.com:9000"],
      imgSrc: ["https://cdn.example.com"],
    });
    expect(storageCspSources(loadConfig({ NODE_ENV: "test", APP_SECRET: "x".repeat(40) }))).toEqual({
      connectSrc: [],
      imgSrc: [],
    });
  });
});
