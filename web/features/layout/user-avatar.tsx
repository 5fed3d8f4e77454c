import type { User } from "@contract/auth";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { displayName, initialsFor } from "@/lib/format";
import { cn } from "@/lib/utils";

type AvatarUser = Pick<User, "firstName" | "lastName" | "email" | "profileImageUrl"> | null | undefined;

/**
 * The profile picture, falling back to initials, the email's first letter, or '?'. Radix shows
 * the picture only once a script has seen it load, so without JavaScript it is a plain image over
 * the initials (React leaves noscript content alone when it hydrates).
 */
export function UserAvatar({ user, className }: { user: AvatarUser; className?: string }) {
  return (
    <Avatar className={cn(className)}>
      {user?.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt={displayName(user)} />}
      <AvatarFallback>{initialsFor(user)}</AvatarFallback>
      {user?.profileImageUrl && (
        <noscript>
          <img
            src={user.profileImageUrl}
            alt={displayName(user)}
            className="absolute inset-0 aspect-square h-full w-full object-cover"
          />
        </noscript>
      )}
    </Avatar>
  );
}
