import type { MailMessage, MailSummary } from "@contract/account";
import { MAILBOX_KEY, mailMessageQueryKey } from "@contract/query-keys";
import { useQuery } from "@tanstack/react-query";
import { Inbox, Mail } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { Link, useSearch } from "wouter";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { AccessDenied, PageShell } from "@/features/layout/page-shell";
import { useAuth } from "@/hooks/use-auth";
import { cn } from "@/lib/utils";

const MAIL_ID = /^[0-9]{13}-[0-9a-f]{16}$/;

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A mail's plain text with its web addresses as links (one pass over whitespace-split words). */
function TextWithLinks({ text }: { text: string }): ReactNode {
  return text.split(/(\s+)/).map((word, index) => {
    const key = `${index}`;
    return /^https?:\/\//.test(word) ? (
      <a key={key} href={word} className="break-all text-primary underline">
        {word}
      </a>
    ) : (
      <Fragment key={key}>{word}</Fragment>
    );
  });
}

function MessageView({ id }: { id: string }) {
  const { data: message, error, isLoading } = useQuery<MailMessage>({ queryKey: mailMessageQueryKey(id) });
  if (isLoading) return <p className="text-muted-foreground">Loading the message...</p>;
  if (error || !message) return <p className="text-destructive">{error?.message ?? "No such message."}</p>;
  return (
    <article className="space-y-4" data-testid="mail-message">
      <header className="space-y-1 border-b pb-4">
        <h2 className="text-xl font-semibold">{message.subject}</h2>
        <p className="text-sm text-muted-foreground">
          From {message.from} · To {message.to} · {when(message.sentAt)} UTC
        </p>
      </header>
      <div className="whitespace-pre-wrap break-words font-mono text-sm leading-relaxed">
        <TextWithLinks text={message.text} />
      </div>
      <details className="rounded-md border p-3 text-sm">
        <summary className="cursor-pointer font-medium">HTML version (source)</summary>
        <pre className="mt-3 max-h-96 overflow-auto whitespace-pre-wrap break-all text-xs">{message.html}</pre>
      </details>
    </article>
  );
}

/**
 * The dev mailbox (no SMTP_URL): the mail the app wrote under DATA_DIR/mail, newest first, and
 * the one picked by `?message=`. Server-rendered with both (server/pages/loaders.ts), so it reads
 * without scripts; admins only.
 */
export default function AdminMailboxPage() {
  const { user, isLoading, isAdmin } = useAuth();
  const picked = new URLSearchParams(useSearch()).get("message");
  const selected = picked && MAIL_ID.test(picked) ? picked : null;
  const { data: messages, error } = useQuery<MailSummary[]>({ queryKey: MAILBOX_KEY, enabled: isAdmin });

  if (isLoading) {
    return (
      <PageShell>
        <p className="py-12 text-center text-muted-foreground">Loading the mailbox...</p>
      </PageShell>
    );
  }
  if (!user || !isAdmin) return <AccessDenied message="You need admin privileges to access this page." />;

  return (
    <PageShell className="max-w-5xl space-y-6">
      <div>
        <h1 className="flex items-center gap-2 text-3xl font-bold">
          <Inbox className="h-7 w-7" aria-hidden /> Mailbox
        </h1>
        <p className="text-muted-foreground">
          Without SMTP_URL the app sends no mail: each message is written under DATA_DIR/mail and shown here.
        </p>
      </div>
      {error ? (
        <Card>
          <CardContent className="p-6">{error.message}</CardContent>
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Messages</CardTitle>
            </CardHeader>
            <CardContent>
              {messages && messages.length > 0 ? (
                <ul className="divide-y" data-testid="mail-list">
                  {messages.map((message) => (
                    <li key={message.id}>
                      <Link
                        href={`/admin/mailbox?message=${message.id}`}
                        className={cn(
                          "block rounded-md px-2 py-3 hover:bg-muted",
                          message.id === selected && "bg-muted font-medium",
                        )}
                      >
                        <span className="block truncate">{message.subject}</span>
                        <span className="block truncate text-sm text-muted-foreground">
                          {message.to} · {when(message.sentAt)}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="py-6 text-center text-muted-foreground">No mail yet.</p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardContent className="p-6">
              {selected ? (
                <MessageView id={selected} />
              ) : (
                <p className="flex items-center gap-2 text-muted-foreground">
                  <Mail className="h-4 w-4" aria-hidden /> Pick a message to read it.
                </p>
              )}
            </CardContent>
          </Card>
        </div>
      )}
    </PageShell>
  );
}
