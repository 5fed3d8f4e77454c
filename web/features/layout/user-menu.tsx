import type { User } from "@contract/auth";
import { useMutation } from "@tanstack/react-query";
import { LogOut, Settings } from "lucide-react";
import { Link } from "wouter";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toast } from "@/hooks/use-toast";
import { apiRequest } from "@/lib/api";
import { displayName } from "@/lib/format";
import { UserMenuButton } from "./user-menu-button";

/** Sign Out posts a logout, then reloads: every cached query goes with the old page. */
function useSignOut() {
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/auth/logout"),
    onSuccess: () => window.location.assign("/"),
    onError: (error: Error) => toast({ title: "Error", description: error.message, variant: "destructive" }),
  });
}

/**
 * The avatar's menu (Radix DropdownMenu): who is signed in, Settings and Sign Out. Its own chunk:
 * the navigation shows a plain avatar button until the menu is first wanted.
 */
export function UserMenu({ user, defaultOpen }: { user: User; defaultOpen?: boolean }) {
  const signOut = useSignOut();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate text-sm font-medium">{displayName(user)}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/settings">
            <Settings /> Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => signOut.mutate()}>
          <LogOut /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
