import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { DEFAULT_MODELS, knownContextTokens } from "./generation/writers/llm/models";

/**
 * Every environment variable the app reads, validated once at start. A bad value stops the
 * process with a list that names each variable, rather than failing later in a request.
 */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());
const optionalUrl = z.preprocess(
  blankToUndefined,
  z.url({ error: "must be a URL such as https://example.com" }).optional(),
);

/** A size in bytes (a whole number of at least 1 KB), with a default. */
const byteCount = (fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "must be a number of bytes" })
      .int({ error: "must be a whole number of bytes" })
      .min(1024, { error: "must be at least 1024 bytes" })
      .default(fallback),
  );

/** A count of things at once (a whole number from 1 to 1000), with a default. */
const jobCount = (fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "must be a number, such as 8" })
      .int({ error: "must be a whole number" })
      .min(1, { error: "must be at least 1" })
      .max(1000, { error: "must be at most 1000" })
      .default(fallback),
  );

const envSchema = z.object({
  NODE_ENV: z.preprocess(blankToUndefined, z.enum(["development", "production", "test"]).default("development")),
  PORT: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "must be a port number" })
      .int({ error: "must be a whole number" })
      .min(0, { error: "must be between 0 and 65535" })
      .max(65535, { error: "must be between 0 and 65535" })
      .default(5000),
  ),
  HOST: z.preprocess(blankToUndefined, z.string().default("0.0.0.0")),
  PUBLIC_URL: optionalUrl.refine((v) => v === undefined || /^https?:\/\//.test(v), {
    error: "must start with http:// or https://",
  }),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default("./data")),
  DATABASE_URL: optionalUrl.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    error: "must be a postgres:// or postgresql:// URL",
  }),
  ROLE: z.preprocess(
    blankToUndefined,
    z.enum(["all", "web", "worker"], { error: "must be one of all, web, worker" }).default("all"),
  ),
  VIDEO_SOURCE: z.preprocess(
    blankToUndefined,
    z.enum(["youtube", "fixtures"], { error: "must be youtube or fixtures" }).default("youtube"),
  ),
  VIDEO_FIXTURES_DIR: optionalText,
  YOUTUBE_API_KEY: optionalText,
  YOUTUBE_PROXY_URL: optionalUrl.refine((v) => v === undefined || /^https?:\/\//.test(v), {
    error: "must be an http:// or https:// proxy URL, such as http://user:pass@proxy:8080",
  }),
  LLM_PROVIDER: z.preprocess(
    blankToUndefined,
    z
      .enum(["extractive", "openai", "anthropic"], {
        error: "must be one of extractive, openai, anthropic",
      })
      .optional(),
  ),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  LLM_CONTEXT_TOKENS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "must be a number of tokens, such as 32768" })
      .int({ error: "must be a whole number" })
      .min(2000, { error: "must be at least 2000" })
      .optional(),
  ),
  // Generation at scale (issue 20): jobs one process runs at once, LLM calls in flight across
  // them, and the jobs one user may have running at once (the rest wait their turn).
  GENERATION_CONCURRENCY: jobCount(16),
  LLM_MAX_CONCURRENCY: jobCount(16),
  GENERATION_PER_USER: jobCount(2),
  STT_PROVIDER: z.preprocess(
    blankToUndefined,
    z.enum(["none", "openai"], { error: "must be none or openai" }).default("none"),
  ),
  STT_BASE_URL: optionalUrl,
  STT_API_KEY: optionalText,
  STT_MODEL: z.preprocess(blankToUndefined, z.string().trim().default("whisper-1")),
  // Your own recording (contract/recordings.ts): the largest file, files sent in parts above
  // this size, and the size of each part.
  RECORDING_MAX_BYTES: byteCount(2 * 1024 ** 3),
  RECORDING_MULTIPART_ABOVE: byteCount(100 * 1024 ** 2),
  RECORDING_PART_BYTES: byteCount(5 * 1024 ** 2),
  PAYSTACK_SECRET_KEY: optionalText,
  PAYSTACK_BASE_URL: z.preprocess(
    blankToUndefined,
    z.url({ error: "must be a URL" }).default("https://api.paystack.co"),
  ),
  PAYMENTS: z.preprocess(
    blankToUndefined,
    z.enum(["paystack", "sandbox"], { error: "must be paystack or sandbox" }).optional(),
  ),
  STORAGE: z.preprocess(blankToUndefined, z.enum(["local", "s3"], { error: "must be local or s3" }).default("local")),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalUrl,
  ADMIN_EMAILS: optionalText,
  /** When set, GET /metrics needs "Authorization: Bearer <token>". */
  METRICS_TOKEN: optionalText,
  // Mail (server/mail): SMTP when set, else the dev mailbox under DATA_DIR/mail.
  SMTP_URL: optionalUrl.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
    error: "must be an smtp:// or smtps:// URL, such as smtp://user:pass@mail.example.com:587",
  }),
  MAIL_FROM: optionalText,
  APP_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  ),
  TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(true|false|((loopback|linklocal|uniquelocal|[0-9a-fA-F.:/]+)\s*,?\s*)+)$/, {
        error: "must be true, false, or a comma-separated list of proxy addresses (CIDR ranges, loopback, uniquelocal)",
      })
      .default("false"),
  ),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  publicUrl: URL;
  /** True when PUBLIC_URL is https: cookies then carry the Secure flag. */
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  role: Env["ROLE"];
  videoSource: Env["VIDEO_SOURCE"];
  videoFixturesDir: string | undefined;
  youtubeApiKey: string | undefined;
  /** Every request to YouTube goes through this HTTP(S) proxy when set. */
  youtubeProxyUrl: string | undefined;
  llm: {
    provider: "extractive" | "openai" | "anthropic";
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    /** The model's context size in tokens: LLM_CONTEXT_TOKENS, else what is known of the model. */
    contextTokens: number;
    /** Calls in flight to the provider at once, across this process's jobs (LLM_MAX_CONCURRENCY). */
    maxConcurrency: number;
  };
  /**
   * Generation jobs: how many one process runs at once (GENERATION_CONCURRENCY: the work mostly
   * waits on the network), and how many of one user's may run at once (GENERATION_PER_USER).
   */
  generation: { concurrency: number; perUser: number };
  /**
   * Speech to text for videos without captions (an OpenAI-compatible transcription API), or
   * null when STT_PROVIDER is none.
   */
  speech: { baseUrl: string; apiKey: string | undefined; model: string } | null;
  /** Your own recordings (RECORDING_*): the largest file, the multipart threshold, the part size. */
  recordings: { maxBytes: number; multipartAboveBytes: number; partBytes: number };
  payments: {
    mode: "paystack" | "sandbox";
    secretKey: string | undefined;
    baseUrl: string;
  };
  storage: {
    kind: Env["STORAGE"];
    s3: {
      bucket: string | undefined;
      region: string | undefined;
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      publicUrl: string | undefined;
    };
  };
  /**
   * Emails (lower case) that become admin once verified (the link mailed at sign-up), or with the
   * admin setup link once verified. Listing an address grants nothing by itself: whoever registers
   * it first gets a plain account (see server/auth/admin-setup.ts).
   */
  adminEmails: string[];
  /** The bearer token /metrics asks for; null leaves it open (server/ops/routes.ts). */
  metricsToken: string | null;
  /**
   * Where mail goes: SMTP_URL's server, or (null) the dev mailbox under DATA_DIR/mail that admins
   * read at /admin/mailbox. `from` is MAIL_FROM, else "VidScribe <no-reply@PUBLIC_URL's host>".
   */
  mail: { smtpUrl: string | null; from: string };
  /**
   * Which X-Forwarded-For entries to believe for the client address. Off by default: a client
   * could otherwise pick its own address and walk around per-address limits.
   */
  trustProxy: boolean | string;
  appSecret: string;
  logLevel: Env["LOG_LEVEL"];
}

/** Where STT_PROVIDER=openai sends audio when STT_BASE_URL names no other server. */
const OPENAI_API = "https://api.openai.com/v1";

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads the environment once. Throws ConfigError listing every bad variable by name. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const env = parsed.data;
  const problems: string[] = [];

  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  const llmProvider = env.LLM_PROVIDER ?? (env.LLM_BASE_URL || env.LLM_API_KEY ? "openai" : "extractive");
  if (llmProvider === "openai" && !env.LLM_BASE_URL && !env.LLM_API_KEY) {
    problems.push("LLM_PROVIDER: openai needs LLM_BASE_URL (a local server) or LLM_API_KEY");
  }
  if (llmProvider === "anthropic" && !env.LLM_API_KEY) {
    problems.push("LLM_API_KEY: required when LLM_PROVIDER is anthropic");
  }

  if (env.STT_PROVIDER === "openai" && !env.STT_BASE_URL && !env.STT_API_KEY) {
    problems.push("STT_PROVIDER: openai needs STT_BASE_URL (a local server) or STT_API_KEY");
  }

  const paymentsMode = env.PAYMENTS ?? (env.PAYSTACK_SECRET_KEY ? "paystack" : "sandbox");
  if (paymentsMode === "paystack" && !env.PAYSTACK_SECRET_KEY) {
    problems.push("PAYSTACK_SECRET_KEY: required when PAYMENTS is paystack");
  }
  if (env.NODE_ENV === "production" && paymentsMode === "sandbox" && env.PAYMENTS !== "sandbox") {
    problems.push(
      "PAYMENTS: the sandbox checkout takes no money; in production set PAYSTACK_SECRET_KEY, or PAYMENTS=sandbox on purpose",
    );
  }
  if (env.STORAGE === "s3") {
    for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!env[name]) problems.push(`${name}: required when STORAGE is s3`);
    }
  }
  if (env.NODE_ENV === "production" && !env.APP_SECRET) {
    problems.push("APP_SECRET: required in production (at least 32 random characters)");
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    secureCookies: publicUrl.protocol === "https:",
    dataDir,
    databaseUrl: env.DATABASE_URL,
    role: env.ROLE,
    videoSource: env.VIDEO_SOURCE,
    videoFixturesDir: env.VIDEO_FIXTURES_DIR,
    youtubeApiKey: env.YOUTUBE_API_KEY,
    youtubeProxyUrl: env.YOUTUBE_PROXY_URL,
    llm: {
      provider: llmProvider,
      baseUrl: env.LLM_BASE_URL,
      apiKey: env.LLM_API_KEY,
      model: env.LLM_MODEL,
      contextTokens:
        env.LLM_CONTEXT_TOKENS ??
        knownContextTokens(
          env.LLM_MODEL ?? (llmProvider === "anthropic" ? DEFAULT_MODELS.anthropic : DEFAULT_MODELS.openai),
        ),
      maxConcurrency: env.LLM_MAX_CONCURRENCY,
    },
    generation: { concurrency: env.GENERATION_CONCURRENCY, perUser: env.GENERATION_PER_USER },
    speech:
      env.STT_PROVIDER === "openai"
        ? { baseUrl: env.STT_BASE_URL ?? OPENAI_API, apiKey: env.STT_API_KEY, model: env.STT_MODEL }
        : null,
    recordings: {
      maxBytes: env.RECORDING_MAX_BYTES,
      multipartAboveBytes: env.RECORDING_MULTIPART_ABOVE,
      partBytes: env.RECORDING_PART_BYTES,
    },
    payments: {
      mode: paymentsMode,
      secretKey: env.PAYSTACK_SECRET_KEY,
      baseUrl: env.PAYSTACK_BASE_URL,
    },
    storage: {
      kind: env.STORAGE,
      s3: {
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        publicUrl: env.S3_PUBLIC_URL,
      },
    },
    metricsToken: env.METRICS_TOKEN ?? null,
    adminEmails: (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    mail: { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM ?? defaultSender(publicUrl) },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    appSecret: env.APP_SECRET ?? readOrCreateSecret(dataDir),
    logLevel: env.LOG_LEVEL,
  };
}

/** "VidScribe <no-reply@host>", the host being PUBLIC_URL's (localhost for a local run). */
function defaultSender(publicUrl: URL): string {
  return `VidScribe <no-reply@${publicUrl.hostname}>`;
}

// Fastify refuses hop counts (they cannot check who the nearest peer is), so proxies are named.
function parseTrustProxy(value: string): boolean | string {
  if (value === "true") return true;
  if (value === "false") return false;
  return value;
}

/** A secret generated on first start and kept in DATA_DIR, so restarts keep signed URLs valid. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, "app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
