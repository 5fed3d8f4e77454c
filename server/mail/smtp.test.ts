import { once } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { smtpTransport } from "./mailer";
import { passwordResetMail } from "./templates";

/**
 * A minimal SMTP server on loopback: enough of RFC 5321 for nodemailer (EHLO, AUTH PLAIN/LOGIN,
 * MAIL, RCPT, DATA, QUIT), recording what it is given.
 */
function fakeSmtp() {
  const received: { from: string; to: string[]; auth: string; data: string }[] = [];
  const server: Server = createServer((socket: Socket) => {
    let mail = { from: "", to: [] as string[], auth: "", data: "" };
    let inData = false;
    let buffer = "";
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 fake ESMTP");
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            received.push(mail);
            mail = { from: "", to: [], auth: mail.auth, data: "" };
            reply("250 queued");
          } else mail.data += `${line.startsWith("..") ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") reply("250-fake\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME");
        else if (verb === "AUTH") {
          mail.auth = Buffer.from(line.split(" ")[2] ?? "", "base64").toString("utf8");
          reply("235 ok");
        } else if (verb === "MAIL") {
          mail.from = line;
          reply("250 ok");
        } else if (verb === "RCPT") {
          mail.to.push(line);
          reply("250 ok");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 go on");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("250 ok");
      }
    });
  });
  return { server, received };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) server.close();
});

describe("smtpTransport", () => {
  it("sends a template through SMTP_URL's server, signed in with the URL's user", async () => {
    const { server, received } = fakeSmtp();
    servers.push(server);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as { port: number };
    const transport = smtpTransport(`smtp://mailer:s3cret@127.0.0.1:${port}`);
    const mail = passwordResetMail({ firstName: "Ama", link: "http://localhost:5000/reset-password?t=1", minutes: 30 });
    await transport.deliver({ from: "VidScribe <no-reply@example.com>", to: "ana@example.com", ...mail });
    transport.close();
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message.auth).toBe("\u0000mailer\u0000s3cret");
    expect(message.from).toContain("<no-reply@example.com>");
    expect(message.to.join()).toContain("<ana@example.com>");
    expect(message.data).toContain("Subject: Choose a new VidScribe password");
    expect(message.data).toMatch(/Content-Type: text\/plain/);
    expect(message.data).toMatch(/Content-Type: text\/html/);
  });
});
