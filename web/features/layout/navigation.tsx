import { useMutation } from "@tanstack/react-query";
import { LogOut, Menu, Plus, Settings, X } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useAuth } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { apiRequest } from "@/lib/api";
import { displayName } from "@/lib/format";
import { cn } from "@/lib/utils";
import { Logo } from "./logo";
import { UserAvatar } from "./user-avatar";

const LINKS = [
  { href: "/", label: "Home" },
  { href: "/my-articles", label: "My Articles" },
  { href: "/subscription", label: "Subscription" },
];

/** Sign Out posts a logout, then reloads: every cached query goes with the old page. */
function useSignOut() {
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/auth/logout"),
    onSuccess: () => window.location.assign("/"),
    onError: (error: Error) => toast({ title: "Error", description: error.message, variant: "destructive" }),
  });
}

/** The shared top bar. The Create Article button shows only where a page supplies a handler. */
export function Navigation({ onCreateArticle }: { onCreateArticle?: () => void }) {
  const { user, isAdmin } = useAuth();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const signOut = useSignOut();

  if (!user) {
    return (
      <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <Button asChild>
            <Link href="/login">Sign In</Link>
          </Button>
        </div>
      </header>
    );
  }

  const links = isAdmin ? [...LINKS, { href: "/admin", label: "Admin" }] : LINKS;
  const linkClass = (href: string) =>
    cn(
      "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground",
      location === href ? "text-primary" : "text-muted-foreground",
    );

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <div className="flex items-center gap-6">
          <Logo />
          <nav className="hidden items-center gap-1 md:flex" aria-label="Main">
            {links.map((link) => (
              <Link key={link.href} href={link.href} className={linkClass(link.href)}>
                {link.label}
              </Link>
            ))}
          </nav>
        </div>
        <div className="flex items-center gap-2">
          {onCreateArticle && (
            <Button onClick={onCreateArticle} className="hidden sm:inline-flex">
              <Plus /> Create Article
            </Button>
          )}
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <button
                type="button"
                className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label="Open user menu"
              >
                <UserAvatar user={user} className="h-9 w-9" />
              </button>
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
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X /> : <Menu />}
          </Button>
        </div>
      </div>
      {menuOpen && (
        <nav className="border-t px-4 pb-4 pt-2 md:hidden" aria-label="Mobile">
          <div className="flex flex-col gap-1">
            {links.map((link) => (
              <Link
                key={link.href}
                href={link.href}
                className={linkClass(link.href)}
                onClick={() => setMenuOpen(false)}
              >
                {link.href === "/admin" ? "Admin Dashboard" : link.label}
              </Link>
            ))}
            {onCreateArticle && (
              <Button
                className="mt-2"
                onClick={() => {
                  setMenuOpen(false);
                  onCreateArticle();
                }}
              >
                <Plus /> Create Article
              </Button>
            )}
          </div>
        </nav>
      )}
    </header>
  );
}
