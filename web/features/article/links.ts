// Pure: no DOM, no React, so it is unit-tested on its own.

const SHARE_TARGETS = {
  facebook: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  twitter: (url: string, title: string) =>
    `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
  linkedin: (url: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
} as const;

export type ShareTarget = keyof typeof SHARE_TARGETS;

/** The share-dialog address of each network for an article's URL and title. */
export function shareLinks(url: string, title: string): Record<ShareTarget, string> {
  return {
    facebook: SHARE_TARGETS.facebook(url),
    twitter: SHARE_TARGETS.twitter(url, title),
    linkedin: SHARE_TARGETS.linkedin(url),
  };
}
