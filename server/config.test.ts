import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dirs: string[] = [];
function tempDataDir() {
  const dir = mkdtempSync(join(tmpdir(), "vidscribe-config-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Loads a config that must be refused, and answers the error. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: tempDataDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig defaults", () => {
  it("runs everything locally with no variables but DATA_DIR", () => {
    const dataDir = tempDataDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.env).toBe("development");
    expect(config.port).toBe(5000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.role).toBe("all");
    expect(config.storage.kind).toBe("local");
    expect(config.llm.provider).toBe("extractive");
    expect(config.payments.mode).toBe("sandbox");
    expect(config.payments.baseUrl).toBe("https://api.paystack.co");
    expect(config.videoSource).toBe("youtube");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl.href).toBe("http://localhost:5000/");
    expect(config.publicUrl.origin).toBe("http://localhost:5000");
    expect(config.secureCookies).toBe(false);
    expect(config.adminEmails).toEqual([]);
    expect(config.logLevel).toBe("info");
    expect(config.dataDir).toBe(dataDir);
  });

  it("generates an app secret in DATA_DIR and keeps it across starts", () => {
    const dataDir = tempDataDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, "app-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first.appSecret);
    if (process.platform !== "win32") expect(statSync(file).mode & 0o077).toBe(0);
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.appSecret).toBe(first.appSecret);
    // Another data directory is another installation, with a secret of its own.
    expect(loadConfig({ DATA_DIR: tempDataDir() }).appSecret).not.toBe(first.appSecret);
  });

  it("creates a DATA_DIR that does not exist yet", () => {
    const dataDir = join(tempDataDir(), "nested", "data");
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(readFileSync(join(dataDir, "app-secret"), "utf8").trim()).toBe(config.appSecret);
  });

  it("uses APP_SECRET when given and writes no file", () => {
    const dataDir = tempDataDir();
    const secret = "s".repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, APP_SECRET: secret }).appSecret).toBe(secret);
    expect(() => statSync(join(dataDir, "app-secret"))).toThrow();
  });

  it("treats blank values as unset", () => {
    const config = loadConfig({ DATA_DIR: tempDataDir(), PORT: "", ROLE: "  ", PUBLIC_URL: "", STORAGE: "" });
    expect(config.port).toBe(5000);
    expect(config.role).toBe("all");
    expect(config.storage.kind).toBe("local");
    expect(config.publicUrl.origin).toBe("http://localhost:5000");
  });

  it("derives PUBLIC_URL from PORT and secure cookies from an https PUBLIC_URL", () => {
    expect(loadConfig({ DATA_DIR: tempDataDir(), PORT: "8080" }).publicUrl.origin).toBe("http://localhost:8080");
    const https = loadConfig({ DATA_DIR: tempDataDir(), PUBLIC_URL: "https://example.com" });
    expect(https.publicUrl.origin).toBe("https://example.com");
    expect(https.secureCookies).toBe(true);
  });

  it("reads the other variables it is given", () => {
    const config = loadConfig({
      DATA_DIR: tempDataDir(),
      PORT: "3000",
      ROLE: "worker",
      DATABASE_URL: "postgresql://user@db.example:5432/app",
      ADMIN_EMAILS: " Boss@Example.com, ,second@example.com ",
      PAYSTACK_SECRET_KEY: "sk_test_123",
      LLM_API_KEY: "key",
    });
    expect(config.port).toBe(3000);
    expect(config.role).toBe("worker");
    expect(config.databaseUrl).toBe("postgresql://user@db.example:5432/app");
    expect(config.adminEmails).toEqual(["boss@example.com", "second@example.com"]);
    expect(config.payments.mode).toBe("paystack");
    expect(config.llm.provider).toBe("openai");
  });

  it("takes the model's context size from LLM_CONTEXT_TOKENS, else from the model it knows", () => {
    const llm = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDataDir(), ...env }).llm;
    expect(llm({ LLM_API_KEY: "k", LLM_CONTEXT_TOKENS: " 65536 " }).contextTokens).toBe(65_536);
    expect(llm({ LLM_API_KEY: "k", LLM_CONTEXT_TOKENS: "" }).contextTokens).toBe(128_000); // gpt-4o-mini
    expect(llm({ LLM_PROVIDER: "anthropic", LLM_API_KEY: "k" }).contextTokens).toBe(200_000);
    expect(llm({ LLM_BASE_URL: "http://127.0.0.1:11434/v1", LLM_MODEL: "llama3.1:8b" }).contextTokens).toBe(128_000);
    expect(llm({ LLM_BASE_URL: "http://127.0.0.1:11434/v1", LLM_MODEL: "qwen2.5:7b" }).contextTokens).toBe(32_768);
    expect(llm({ LLM_BASE_URL: "http://127.0.0.1:11434/v1", LLM_MODEL: "mistral" }).contextTokens).toBe(32_768);
    expect(llm({ LLM_BASE_URL: "http://127.0.0.1:8080/v1", LLM_MODEL: "my-own-model" }).contextTokens).toBe(24_000);
    expect(llm({ LLM_MODEL: "my-own-model", LLM_CONTEXT_TOKENS: "2000", LLM_API_KEY: "k" }).contextTokens).toBe(2_000);
  });

  it("sizes generation from GENERATION_CONCURRENCY, LLM_MAX_CONCURRENCY and GENERATION_PER_USER", () => {
    const defaults = loadConfig({ DATA_DIR: tempDataDir() });
    expect(defaults.generation).toEqual({ concurrency: 16, perUser: 2 });
    expect(defaults.llm.maxConcurrency).toBe(16);
    const set = loadConfig({
      DATA_DIR: tempDataDir(),
      GENERATION_CONCURRENCY: " 32 ",
      LLM_MAX_CONCURRENCY: "4",
      GENERATION_PER_USER: "1",
    });
    expect(set.generation).toEqual({ concurrency: 32, perUser: 1 });
    expect(set.llm.maxConcurrency).toBe(4);
  });

  it("sends YouTube requests through YOUTUBE_PROXY_URL only when it is set", () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).youtubeProxyUrl).toBeUndefined();
    const proxied = loadConfig({ DATA_DIR: tempDataDir(), YOUTUBE_PROXY_URL: "http://user:pass@proxy.internal:8080" });
    expect(proxied.youtubeProxyUrl).toBe("http://user:pass@proxy.internal:8080");
  });

  it("has no speech to text unless STT_PROVIDER asks, then OpenAI's API or the server named", () => {
    const speech = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDataDir(), ...env }).speech;
    expect(speech({})).toBeNull();
    expect(speech({ STT_API_KEY: "k" })).toBeNull();
    expect(speech({ STT_PROVIDER: "openai", STT_API_KEY: "k" })).toEqual({
      baseUrl: "https://api.openai.com/v1",
      apiKey: "k",
      model: "whisper-1",
    });
    expect(
      speech({
        STT_PROVIDER: "openai",
        STT_BASE_URL: "http://127.0.0.1:8000/v1",
        STT_MODEL: "Systran/faster-whisper-small",
      }),
    ).toEqual({ baseUrl: "http://127.0.0.1:8000/v1", apiKey: undefined, model: "Systran/faster-whisper-small" });
  });

  it("accepts production with APP_SECRET and a payment choice", () => {
    const config = loadConfig({
      DATA_DIR: tempDataDir(),
      NODE_ENV: "production",
      APP_SECRET: "p".repeat(32),
      PAYMENTS: "sandbox",
    });
    expect(config.env).toBe("production");
  });
});

describe("loadConfig refuses bad values, naming the variable", () => {
  it.each([
    ["PORT=abc", { PORT: "abc" }, "PORT", /port number/],
    ["PORT=70000", { PORT: "70000" }, "PORT", /65535/],
    ["PORT=-1", { PORT: "-1" }, "PORT", /65535/],
    ["PORT=80.5", { PORT: "80.5" }, "PORT", /whole number/],
    ["ROLE=boss", { ROLE: "boss" }, "ROLE", /all, web, worker/],
    ["NODE_ENV=staging", { NODE_ENV: "staging" }, "NODE_ENV", /.+/],
    ["DATABASE_URL=mysql://x", { DATABASE_URL: "mysql://x" }, "DATABASE_URL", /postgres/],
    ["DATABASE_URL=not a url", { DATABASE_URL: "not a url" }, "DATABASE_URL", /URL/],
    ["PUBLIC_URL=ftp://example.com", { PUBLIC_URL: "ftp://example.com" }, "PUBLIC_URL", /http/],
    ["PUBLIC_URL=example.com", { PUBLIC_URL: "example.com" }, "PUBLIC_URL", /URL/],
    ["STORAGE=s3 without a bucket", { STORAGE: "s3" }, "S3_BUCKET", /STORAGE is s3/],
    ["STORAGE=ftp", { STORAGE: "ftp" }, "STORAGE", /local or s3/],
    [
      "NODE_ENV=production without APP_SECRET",
      { NODE_ENV: "production", PAYMENTS: "sandbox" },
      "APP_SECRET",
      /production/,
    ],
    ["a short APP_SECRET", { APP_SECRET: "short" }, "APP_SECRET", /32/],
    ["PAYMENTS=paystack without a key", { PAYMENTS: "paystack" }, "PAYSTACK_SECRET_KEY", /paystack/],
    ["PAYMENTS=cash", { PAYMENTS: "cash" }, "PAYMENTS", /paystack or sandbox/],
    ["TRUST_PROXY=2 (hop counts are not trusted)", { TRUST_PROXY: "2 hops" }, "TRUST_PROXY", /proxy addresses/],
    [
      "production falling back to the sandbox",
      { NODE_ENV: "production", APP_SECRET: "p".repeat(32) },
      "PAYMENTS",
      /sandbox/,
    ],
    ["LLM_PROVIDER=anthropic without a key", { LLM_PROVIDER: "anthropic" }, "LLM_API_KEY", /anthropic/],
    ["LLM_PROVIDER=openai without a server or key", { LLM_PROVIDER: "openai" }, "LLM_PROVIDER", /LLM_BASE_URL/],
    ["LLM_PROVIDER=magic", { LLM_PROVIDER: "magic" }, "LLM_PROVIDER", /extractive/],
    ["STT_PROVIDER=openai without a server or key", { STT_PROVIDER: "openai" }, "STT_PROVIDER", /STT_BASE_URL/],
    ["STT_PROVIDER=google", { STT_PROVIDER: "google" }, "STT_PROVIDER", /none or openai/],
    ["YOUTUBE_PROXY_URL=socks5://…", { YOUTUBE_PROXY_URL: "socks5://127.0.0.1:1080" }, "YOUTUBE_PROXY_URL", /http/],
    ["STT_BASE_URL=not a url", { STT_BASE_URL: "not a url" }, "STT_BASE_URL", /URL/],
    ["LLM_CONTEXT_TOKENS=lots", { LLM_CONTEXT_TOKENS: "lots" }, "LLM_CONTEXT_TOKENS", /number of tokens/],
    ["LLM_CONTEXT_TOKENS=1999", { LLM_CONTEXT_TOKENS: "1999" }, "LLM_CONTEXT_TOKENS", /at least 2000/],
    ["LLM_CONTEXT_TOKENS=-5", { LLM_CONTEXT_TOKENS: "-5" }, "LLM_CONTEXT_TOKENS", /at least 2000/],
    ["LLM_CONTEXT_TOKENS=8192.5", { LLM_CONTEXT_TOKENS: "8192.5" }, "LLM_CONTEXT_TOKENS", /whole number/],
    ["GENERATION_CONCURRENCY=0", { GENERATION_CONCURRENCY: "0" }, "GENERATION_CONCURRENCY", /at least 1/],
    ["GENERATION_CONCURRENCY=many", { GENERATION_CONCURRENCY: "many" }, "GENERATION_CONCURRENCY", /a number/],
    ["LLM_MAX_CONCURRENCY=2.5", { LLM_MAX_CONCURRENCY: "2.5" }, "LLM_MAX_CONCURRENCY", /whole number/],
    ["GENERATION_PER_USER=5000", { GENERATION_PER_USER: "5000" }, "GENERATION_PER_USER", /at most 1000/],
    ["LOG_LEVEL=loud", { LOG_LEVEL: "loud" }, "LOG_LEVEL", /info/],
    ["VIDEO_SOURCE=vimeo", { VIDEO_SOURCE: "vimeo" }, "VIDEO_SOURCE", /youtube/],
  ])("%s", (_name, env, variable, explanation) => {
    const error = configError(env);
    expect(error.message).toContain(variable);
    const problem = error.problems.find((p) => p.startsWith(`${variable}:`));
    expect(problem, error.message).toBeDefined();
    expect(problem).toMatch(explanation);
    expect(error.message).not.toContain("Invalid input");
  });

  it("lists every missing S3 variable", () => {
    const error = configError({ STORAGE: "s3", S3_BUCKET: "bucket" });
    expect(error.problems.map((p) => p.split(":")[0]).sort()).toEqual(["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]);
  });

  it("reports several bad variables at once", () => {
    const error = configError({ PORT: "abc", ROLE: "boss" });
    expect(error.message).toContain("PORT");
    expect(error.message).toContain("ROLE");
  });

  it("does not create the secret file when the configuration is refused", () => {
    const dataDir = tempDataDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: "abc" })).toThrow(ConfigError);
    expect(() => statSync(join(dataDir, "app-secret"))).toThrow();
  });
});
