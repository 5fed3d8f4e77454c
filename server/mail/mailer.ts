import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { AppConfig } from "../config";
import { DevMailbox } from "./dev-mailbox";
import type { RenderedMail } from "./templates";

/** Where a rendered mail goes: an SMTP server, or the dev mailbox. */
export interface MailTransport {
  readonly kind: "smtp" | "dev-mailbox";
  deliver(message: { from: string; to: string } & RenderedMail): Promise<void>;
  close(): void;
}

/**
 * SMTP_URL's server through nodemailer (smtp:// with STARTTLS when offered, smtps:// for TLS),
 * loaded with the first mail: most processes send none for a long while (~10 MB resident).
 */
export function smtpTransport(smtpUrl: string): MailTransport {
  let transport: Promise<Transporter> | null = null;
  return {
    kind: "smtp",
    async deliver(message) {
      transport ??= import("nodemailer").then(({ createTransport }) => createTransport(smtpUrl));
      await (await transport).sendMail(message);
    },
    close: () => {
      void transport?.then((made) => made.close()).catch(() => {});
    },
  };
}

export function devMailboxTransport(mailbox: DevMailbox): MailTransport {
  return {
    kind: "dev-mailbox",
    async deliver(message) {
      await mailbox.deliver(message);
    },
    close: () => {},
  };
}

/**
 * The app's mail: sends rendered templates from MAIL_FROM, and runs the work that leads to a
 * mail off the request path (`later`), so an answer takes the same time whether or not a mail
 * follows. Failures are logged without the message (its links are secrets), never thrown at a
 * request.
 */
export class Mailer {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    /** The dev mailbox when there is no SMTP server (what /admin/mailbox reads), else null. */
    readonly mailbox: DevMailbox | null,
  ) {}

  /** Sends one mail now. */
  async send(to: string, mail: RenderedMail): Promise<void> {
    await this.transport.deliver({ from: this.from, to, ...mail });
  }

  /** Runs a task that mails, after the current request; `what` names it in the log if it fails. */
  later(what: string, task: () => Promise<void>): void {
    const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, `Could not send the ${what} mail`))
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  /** Resolves once every task started with `later` has finished (tests, and shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.settled();
    this.transport.close();
  }
}

/** SMTP when SMTP_URL is set, else the dev mailbox under DATA_DIR/mail. */
export function createMailer(config: AppConfig, log: FastifyBaseLogger): Mailer {
  if (config.mail.smtpUrl) return new Mailer(smtpTransport(config.mail.smtpUrl), config.mail.from, log, null);
  const mailbox = new DevMailbox(join(config.dataDir, "mail"));
  return new Mailer(devMailboxTransport(mailbox), config.mail.from, log, mailbox);
}
