import { PRODUCT_NAME } from "../../contract/options";

import { escapeHtml } from "../lib/escape-html";

/*
 * Every mail the app sends, in plain text and HTML, in one place. Each template takes what it
 * shows (a name, a link) and answers a subject and both bodies; nothing here sends anything
 * (server/mail/mailer.ts does). The HTML is a single table-free column with inline styles, which
 * mail clients render alike, and every value in it is escaped.
 */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface LinkMail {
  /** The addressee's first name, as they typed it. */
  firstName: string;
  /** The absolute link the mail is for. */
  link: string;
}

/** The shared HTML frame: a heading, paragraphs, one button with the link, a footnote. */
function htmlFrame(parts: { heading: string; paragraphs: string[]; button: string; link: string; footnote: string }) {
  const link = escapeHtml(parts.link);
  const paragraphs = parts.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937">${escapeHtml(p)}</p>`)
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.heading)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5ff;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:18px;font-weight:bold;color:#4f46e5">${escapeHtml(PRODUCT_NAME)}</p>
<h1 style="margin:0 0 16px;font-size:22px;color:#111827">${escapeHtml(parts.heading)}</h1>
${paragraphs}
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;padding:12px 20px;background:#4f46e5;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(parts.button)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#4b5563">If the button does not work, copy this address into your browser:<br><a href="${link}" style="color:#4f46e5;word-break:break-all">${link}</a></p>
<p style="margin:24px 0 0;font-size:13px;line-height:1.5;color:#6b7280">${escapeHtml(parts.footnote)}</p>
</div>
</body>
</html>
`;
}

const greeting = (firstName: string) => `Hello ${firstName.trim() || "there"},`;

/** The link to choose a new password; it works once, for `minutes`. */
export function passwordResetMail({ firstName, link, minutes }: LinkMail & { minutes: number }): RenderedMail {
  const subject = `Choose a new ${PRODUCT_NAME} password`;
  const intro = `Someone (we hope you) asked to reset the password of your ${PRODUCT_NAME} account.`;
  const how = `Open this link within ${minutes} minutes to choose a new password. It works once, and it signs you out everywhere.`;
  const footnote = "If you did not ask for this, ignore this email: your password stays as it is.";
  return {
    subject,
    text: `${greeting(firstName)}\n\n${intro}\n\n${how}\n\n${link}\n\n${footnote}\n\n${PRODUCT_NAME}\n`,
    html: htmlFrame({
      heading: "Reset your password",
      paragraphs: [greeting(firstName), intro, how],
      button: "Choose a new password",
      link,
      footnote,
    }),
  };
}

/** The link that proves the address is the account owner's; it works once, for `days`. */
export function verifyEmailMail({ firstName, link, days }: LinkMail & { days: number }): RenderedMail {
  const subject = `Confirm your email address for ${PRODUCT_NAME}`;
  const intro = `Welcome to ${PRODUCT_NAME}! Please confirm that this is your email address.`;
  const how = `Open this link within ${days} days. You can use ${PRODUCT_NAME} meanwhile; your profile can send a new link.`;
  const footnote = `If you did not create a ${PRODUCT_NAME} account, ignore this email.`;
  return {
    subject,
    text: `${greeting(firstName)}\n\n${intro}\n\n${how}\n\n${link}\n\n${footnote}\n\n${PRODUCT_NAME}\n`,
    html: htmlFrame({
      heading: "Confirm your email address",
      paragraphs: [greeting(firstName), intro, how],
      button: "Confirm my email address",
      link,
      footnote,
    }),
  };
}
