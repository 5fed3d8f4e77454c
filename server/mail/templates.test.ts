import { describe, expect, it } from "vitest";
import { escapeHtml } from "../lib/escape-html";
import { passwordResetMail, verifyEmailMail } from "./templates";

const LINK = "http://localhost:5000/reset-password?token=abc_DEF-123";

describe("passwordResetMail", () => {
  const mail = passwordResetMail({ firstName: "Ama", link: LINK, minutes: 30 });

  it("greets by name and gives the link and its lifetime in both bodies", () => {
    expect(mail.subject).toBe("Choose a new VidScribe password");
    expect(mail.text).toContain("Hello Ama,");
    expect(mail.text).toContain(`\n${LINK}\n`);
    expect(mail.text).toContain("within 30 minutes");
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.html).toContain("within 30 minutes");
    expect(mail.html).toContain("Hello Ama,");
  });

  it("says what to do when the reader did not ask for it", () => {
    expect(mail.text).toMatch(/did not ask for this, ignore this email/);
    expect(mail.html).toMatch(/did not ask for this, ignore this email/);
  });
});

describe("verifyEmailMail", () => {
  it("gives the link and its lifetime in both bodies", () => {
    const link = "https://articles.example.com/verify-email?token=xyz";
    const mail = verifyEmailMail({ firstName: "Kofi", link, days: 7 });
    expect(mail.subject).toBe("Confirm your email address for VidScribe");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("within 7 days");
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain("Confirm my email address");
  });

  it("escapes what a person typed, and a link's ampersands, in the HTML", () => {
    const mail = verifyEmailMail({
      firstName: `<img src=x onerror="alert(1)">`,
      link: "http://localhost:5000/verify-email?token=a&b=<c>",
      days: 7,
    });
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(mail.html).toContain('href="http://localhost:5000/verify-email?token=a&amp;b=&lt;c&gt;"');
    // The plain text is text: it stays as typed.
    expect(mail.text).toContain(`<img src=x onerror="alert(1)">`);
  });

  it("greets someone without a usable first name", () => {
    expect(verifyEmailMail({ firstName: "  ", link: "http://x/", days: 7 }).text).toContain("Hello there,");
  });
});

describe("escapeHtml", () => {
  it("escapes the five characters and is linear on long text", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
    const long = "<".repeat(200_000);
    const started = performance.now();
    expect(escapeHtml(long).length).toBe(800_000);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
