import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MAIL_ID, type MailMessage, type MailSummary, mailMessage } from "../../contract/account";

/** The most recent messages the mailbox lists; older files stay on disk. */
export const MAILBOX_LIST_LIMIT = 100;

/**
 * Mail without SMTP_URL: each message is written as one JSON file under DATA_DIR/mail, named by
 * its time and a random part, so every flow that mails (a password reset, a verification) works
 * on the embedded default. Admins read it at /admin/mailbox; anyone with the server's files can
 * read the files. Ids are checked against MAIL_ID before any path is built from them.
 */
export class DevMailbox {
  constructor(readonly dir: string) {}

  /** Writes a message and answers its id. */
  async deliver(message: Omit<MailMessage, "id" | "sentAt">, now: Date = new Date()): Promise<string> {
    const id = `${String(now.getTime()).padStart(13, "0")}-${randomBytes(8).toString("hex")}`;
    const stored: MailMessage = { id, sentAt: now.toISOString(), ...message };
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Written under another name and renamed, so a reader (the admin's mailbox, a test) never
    // meets a message half written.
    const partial = join(this.dir, `${id}.partial`);
    await writeFile(partial, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    await rename(partial, join(this.dir, `${id}.json`));
    return id;
  }

  /** The newest messages first, at most MAILBOX_LIST_LIMIT; an empty list when none was sent. */
  async list(): Promise<MailSummary[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const ids = names
      .filter((name) => name.endsWith(".json") && MAIL_ID.test(name.slice(0, -5)))
      .map((name) => name.slice(0, -5))
      .sort()
      .reverse()
      .slice(0, MAILBOX_LIST_LIMIT);
    const messages = await Promise.all(ids.map((id) => this.read(id)));
    return messages.flatMap((m) => (m ? [{ id: m.id, to: m.to, subject: m.subject, sentAt: m.sentAt }] : []));
  }

  /** One message, or undefined for an id that is not a stored message's. */
  async read(id: string): Promise<MailMessage | undefined> {
    if (!MAIL_ID.test(id)) return undefined;
    let raw: string;
    try {
      raw = await readFile(join(this.dir, `${id}.json`), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    try {
      const parsed = mailMessage.safeParse(JSON.parse(raw));
      return parsed.success && parsed.data.id === id ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }
}
