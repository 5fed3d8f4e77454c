import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { DevMailbox, MAILBOX_LIST_LIMIT } from "./dev-mailbox";
import { createMailer, Mailer, type MailTransport } from "./mailer";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "vidscribe-mail-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const silent = pino({ level: "silent" });
const MAIL = { subject: "Hello", text: "Hi http://localhost:5000/x", html: "<p>Hi</p>" };

describe("the dev mailbox", () => {
  it("writes each message as a JSON file under its folder and reads it back, newest first", async () => {
    const dir = join(tempDir(), "mail");
    const mailbox = new DevMailbox(dir);
    const first = await mailbox.deliver({ from: "a@x", to: "b@x", ...MAIL }, new Date(1_700_000_000_000));
    const second = await mailbox.deliver({ from: "a@x", to: "c@x", ...MAIL, subject: "Later" });
    expect(readdirSync(dir).sort()).toEqual([`${first}.json`, `${second}.json`]);
    expect(JSON.parse(readFileSync(join(dir, `${first}.json`), "utf8"))).toMatchObject({ to: "b@x", ...MAIL });
    expect((await mailbox.list()).map((m) => m.subject)).toEqual(["Later", "Hello"]);
    expect(await mailbox.read(first)).toMatchObject({ id: first, from: "a@x", to: "b@x", ...MAIL });
  });

  it("answers nothing for ids that are not its own, and an empty list before any mail", async () => {
    const mailbox = new DevMailbox(join(tempDir(), "mail"));
    expect(await mailbox.list()).toEqual([]);
    for (const id of ["../app-secret", "1700000000000-zzzz", "", "1700000000000-0123456789abcdef"]) {
      expect(await mailbox.read(id)).toBeUndefined();
    }
  });

  it(`lists at most ${MAILBOX_LIST_LIMIT} messages`, async () => {
    const mailbox = new DevMailbox(join(tempDir(), "mail"));
    for (let i = 0; i < MAILBOX_LIST_LIMIT + 3; i++) {
      await mailbox.deliver({ from: "a@x", to: "b@x", ...MAIL }, new Date(1_700_000_000_000 + i));
    }
    expect(await mailbox.list()).toHaveLength(MAILBOX_LIST_LIMIT);
  });
});

describe("createMailer", () => {
  const config = (env: Record<string, string>) =>
    loadConfig({ APP_SECRET: "x".repeat(40), DATA_DIR: tempDir(), PUBLIC_URL: "https://articles.example.com", ...env });

  it("uses the dev mailbox under DATA_DIR/mail without SMTP_URL, from no-reply@PUBLIC_URL's host", async () => {
    const settings = config({});
    expect(settings.mail).toEqual({ smtpUrl: null, from: "VidScribe <no-reply@articles.example.com>" });
    const mailer = createMailer(settings, silent);
    expect(mailer.transport.kind).toBe("dev-mailbox");
    await mailer.send("ana@example.com", MAIL);
    const [message] = (await mailer.mailbox?.list()) ?? [];
    expect(message).toMatchObject({ to: "ana@example.com", subject: "Hello" });
    expect(readdirSync(join(settings.dataDir, "mail"))).toHaveLength(1);
  });

  it("uses SMTP_URL's server and MAIL_FROM when set", () => {
    const settings = config({ SMTP_URL: "smtp://user:pass@127.0.0.1:2525", MAIL_FROM: "News <news@example.com>" });
    expect(settings.mail).toEqual({ smtpUrl: "smtp://user:pass@127.0.0.1:2525", from: "News <news@example.com>" });
    const mailer = createMailer(settings, silent);
    expect(mailer.transport.kind).toBe("smtp");
    expect(mailer.mailbox).toBeNull();
    mailer.transport.close();
  });

  it("refuses an SMTP_URL that is not smtp:// or smtps://", () => {
    expect(() => config({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL/);
  });
});

describe("Mailer.later", () => {
  it("runs after the caller, logs a failure without the mail, and settles", async () => {
    const sent: string[] = [];
    const lines: string[] = [];
    const log = pino({ level: "error" }, { write: (line: string) => lines.push(line) });
    const transport: MailTransport = {
      kind: "dev-mailbox",
      async deliver(message) {
        if (message.to === "fail@x") throw new Error("connection refused");
        sent.push(message.to);
      },
      close() {},
    };
    const mailer = new Mailer(transport, "from@x", log, null);
    mailer.later("test", () => mailer.send("ok@x", MAIL));
    mailer.later("test", () => mailer.send("fail@x", { ...MAIL, text: "secret-token-in-link" }));
    expect(sent).toEqual([]);
    await mailer.settled();
    expect(sent).toEqual(["ok@x"]);
    expect(lines.join("")).toContain("Could not send the test mail");
    expect(lines.join("")).not.toContain("secret-token-in-link");
  });
});
