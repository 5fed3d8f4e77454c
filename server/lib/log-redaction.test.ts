import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { LOG_SERIALIZERS, redactError, redactFields, redactUrl } from "./log-redaction";

describe("redactUrl", () => {
  it.each([
    ["/api/uploads/eyJrZXkiOiJhdmF0YXJzLzEyMyJ9.c2lnbmF0dXJl", "/api/uploads/[redacted]"],
    ["/api/articles?search=ana%40example.com&page=2", "/api/articles?search=[redacted]&page=[redacted]"],
    ["/payments/callback?reference=ps_123&trxref=ps_123", "/payments/callback?reference=[redacted]&trxref=[redacted]"],
    ["/api/stats", "/api/stats"],
    // The mailed links' pages carry their single-use token in the query.
    ["/reset-password?token=Zm9vYmFyYmF6cXV4", "/reset-password?token=[redacted]"],
    ["/verify-email?token=Zm9vYmFyYmF6cXV4&utm=mail", "/verify-email?token=[redacted]&utm=[redacted]"],
  ])("keeps no secret of %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe("redactError", () => {
  it("drops a failed query's parameters from its message, stack and causes", () => {
    const query = new Error(
      'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ana@example.com,$argon2id$v=19$secret',
    );
    const wrapped = new Error("registration failed", { cause: query });
    const logged = JSON.stringify(redactError(wrapped));
    expect(logged).toContain("Failed query: insert into");
    expect(logged).not.toContain("ana@example.com");
    expect(logged).not.toContain("argon2id");
  });

  it("is what a pino logger with the app's serializers writes", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ serializers: LOG_SERIALIZERS }, sink);
    log.error({ err: new Error("Failed query: select 1\nparams: hunter2") }, "request failed");
    expect(lines.join("")).toContain("Failed query: select 1");
    expect(lines.join("")).not.toContain("hunter2");
  });
});

describe("redactFields", () => {
  it("hides passwords and mailed-link tokens in a body, a form's fields or a nested object", () => {
    const token = "tKn0123456789abcdefghijklmnopqrstuvwxyzABCD";
    const body = { token, password: "hunter22", email: "ana@example.com", nested: { newPassword: "x1y2z3" } };
    const form = new Map([
      ["token", [token]],
      ["intent", ["reset"]],
    ]);
    const logged = JSON.stringify([redactFields(body), redactFields(form)]);
    expect(logged).not.toContain(token);
    expect(logged).not.toContain("hunter22");
    expect(logged).not.toContain("x1y2z3");
    expect(logged).toContain("ana@example.com");
    expect(logged).toContain("reset");
  });

  it("is what a pino logger with the app's serializers writes for a body", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ serializers: LOG_SERIALIZERS }, sink);
    log.info({ body: { token: "secret-token-value", email: "a@b.c" } }, "posted");
    expect(lines.join("")).not.toContain("secret-token-value");
  });
});
