import { Link2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { shareLinks } from "./links";
import { copyToClipboard } from "./use-article-actions";

// Brand marks drawn inline: the icon set has none, and a request to each network would track readers.
const BRAND_ICONS: Record<"facebook" | "twitter" | "linkedin", ReactNode> = {
  facebook: <path d="M14 8h3V4h-3c-2.76 0-5 2.24-5 5v2H7v4h2v9h4v-9h3l1-4h-4V9c0-.55.45-1 1-1z" />,
  twitter: (
    <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z" />
  ),
  linkedin: (
    <path d="M20.447 20.452h-3.554v-5.569c0-1.328-.027-3.037-1.852-3.037-1.853 0-2.136 1.445-2.136 2.939v5.667H9.351V9h3.414v1.561h.046c.477-.9 1.637-1.85 3.37-1.85 3.601 0 4.267 2.37 4.267 5.455v6.286zM5.337 7.433a2.062 2.062 0 0 1-2.063-2.065 2.064 2.064 0 1 1 2.063 2.065zm1.782 13.019H3.555V9h3.564v11.452zM22.225 0H1.771C.792 0 0 .774 0 1.729v20.542C0 23.227.792 24 1.771 24h20.451C23.2 24 24 23.227 24 22.271V1.729C24 .774 23.2 0 22.222 0h.003z" />
  ),
};

const NETWORKS = [
  { key: "facebook", label: "Facebook" },
  { key: "twitter", label: "Twitter" },
  { key: "linkedin", label: "LinkedIn" },
] as const;

/**
 * Share buttons (spec section 2): Facebook, Twitter and LinkedIn open their share dialogs in a
 * new tab; Copy Link puts the article's address on the clipboard.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const links = shareLinks(url, title);

  const copyLink = async () => {
    if (await copyToClipboard(url)) {
      toast({ title: "Link copied!", description: "The article's link is on your clipboard." });
    } else {
      // Still useful: the reader can select the address from the message.
      toast({ title: "Couldn't copy the link", description: url, variant: "destructive" });
    }
  };

  return (
    <div className="flex items-center gap-1.5">
      <span className="mr-1 hidden text-sm font-medium text-muted-foreground sm:inline">Share</span>
      {NETWORKS.map(({ key, label }) => (
        <Button key={key} asChild variant="outline" size="icon" className="h-9 w-9 rounded-full">
          <a href={links[key]} target="_blank" rel="noopener noreferrer" title={`Share on ${label}`}>
            <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              {BRAND_ICONS[key]}
            </svg>
            <span className="sr-only">Share on {label}</span>
          </a>
        </Button>
      ))}
      <Button variant="outline" size="sm" className="h-9 rounded-full px-3.5" onClick={copyLink}>
        <Link2 /> Copy Link
      </Button>
    </div>
  );
}
