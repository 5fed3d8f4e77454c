import type { User } from "@contract/auth";
import { plural as pluralNoun } from "./plural";

type NameParts = Pick<User, "firstName" | "lastName" | "email"> | null | undefined;

/** Avatar fallback text: initials of first and last name, else the email's first letter, else '?'. */
export function initialsFor(user: NameParts): string {
  const initials = `${user?.firstName?.trim()[0] ?? ""}${user?.lastName?.trim()[0] ?? ""}`;
  if (initials) return initials.toUpperCase();
  const first = user?.email?.trim()[0];
  return first ? first.toUpperCase() : "?";
}

/** Display name: first and last name, else the email, else 'User'. */
export function displayName(user: NameParts): string {
  const name = [user?.firstName?.trim(), user?.lastName?.trim()].filter(Boolean).join(" ");
  return name || user?.email || "User";
}

// One formatter for every date: toLocaleDateString builds a new one per call, which cost a
// server-rendered page with a few dozen dates more than a millisecond.
const DATE_FORMAT = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** en-US date with a short month, e.g. "Mar 1, 2025". */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "";
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return DATE_FORMAT.format(date);
}

/** 999 stays 999; 1000 or more is thousands with one decimal and 'k'; millions use 'M'. */
export function formatCount(value: number | null | undefined): string {
  const n = value ?? 0;
  // 999,950 would round to "1000.0k": from there on it is millions.
  if (n >= 999_950) return `${(n / 1_000_000).toFixed(1)}M`;
  if (n >= 1000) return `${(n / 1000).toFixed(1)}k`;
  return String(n);
}

/** A rating with one decimal, e.g. "4.5"; missing or invalid ratings read "0.0" (spec section 9). */
export function formatRating(value: number | null | undefined): string {
  const n = typeof value === "number" && Number.isFinite(value) ? Math.min(Math.max(value, 0), 5) : 0;
  return n.toFixed(1);
}

/** A count with its noun, abbreviated like formatCount: "1 view", "12 views", "1.2k views". */
export function countLabel(value: number | null | undefined, singular: string, plural = `${singular}s`): string {
  const n = value ?? 0;
  return `${formatCount(n)} ${pluralNoun(n, singular, plural)}`;
}
