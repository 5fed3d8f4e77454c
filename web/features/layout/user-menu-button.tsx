import type { User } from "@contract/auth";
import type { ComponentPropsWithRef } from "react";
import { initialsFor } from "@/lib/format";
import { UserAvatar } from "./user-avatar";

/**
 * The round avatar that opens the user menu, before and after the menu's code has loaded. Its
 * name holds the initials the avatar shows (WCAG 2.5.3, label in name): a speech user says what
 * they see.
 */
export function UserMenuButton({ user, ...props }: ComponentPropsWithRef<"button"> & { user: User }) {
  return (
    <button
      type="button"
      className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      aria-label={`Open user menu, ${initialsFor(user)}`}
      {...props}
    >
      <UserAvatar user={user} className="h-9 w-9" />
    </button>
  );
}
