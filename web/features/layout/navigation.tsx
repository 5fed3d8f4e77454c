import { SIGN_OUT_PATH } from "@contract/action-forms";
import type { User } from "@contract/auth";
import { BROWSE_PATH } from "@contract/feed-query";
import { LogOut, Menu, Plus, Settings, X } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { CreateArticleButton } from "@/features/create-article/create-article-button";
import { useAuth } from "@/hooks/use-auth";
import { lazyComponent } from "@/lib/lazy";
import { cn } from "@/lib/utils";
import { Logo } from "./logo";
import { UserMenuButton } from "./user-menu-button";

const UserMenu = lazyComponent(() => import("./user-menu").then((module) => module.UserMenu));

const LINKS = [
  { href: "/", label: "Home" },
  { href: "/my-articles", label: "My Articles" },
  { href: "/subscription", label: "Subscription" },
];

/**
 * The avatar button. The menu behind it (Radix DropdownMenu) is not needed to paint the page,
 * so its code loads when the pointer or focus comes to the button, and the first click opens
 * the menu as soon as it is here.
 */
function AccountMenu({ user }: { user: User }) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <UserMenuButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={UserMenu.preload}
      onFocus={UserMenu.preload}
      onClick={() => setWanted(true)}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenu user={user} defaultOpen />
    </Suspense>
  );
}

/** The shared top bar. The Create Article button shows only where a page supplies a handler. */
export function Navigation({ onCreateArticle }: { onCreateArticle?: () => void }) {
  const { user, isAdmin } = useAuth();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Escape closes the phone's menu from anywhere in it, and focus goes back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [menuOpen]);

  if (!user) {
    return (
      <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <div className="flex items-center gap-2">
            {/* Reading needs no account (issue 19): the public feed is one click from every page. */}
            <Button variant="ghost" asChild>
              <Link href={BROWSE_PATH}>Browse</Link>
            </Button>
            <Button asChild>
              <Link href="/login">Sign In</Link>
            </Button>
          </div>
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
          {onCreateArticle && <CreateArticleButton onCreate={onCreateArticle} className="hidden sm:block" />}
          <AccountMenu user={user} />
          {/* Without scripts the account menu cannot open: Settings is a link and Sign Out a plain form post. */}
          <noscript>
            <div className="hidden items-center gap-1 md:flex">
              <Button variant="ghost" size="sm" asChild>
                <a href="/settings">
                  <Settings /> Settings
                </a>
              </Button>
              <form method="post" action={SIGN_OUT_PATH}>
                <Button type="submit" variant="ghost" size="sm">
                  <LogOut /> Sign Out
                </Button>
              </form>
            </div>
          </noscript>
          <Button
            variant="ghost"
            size="icon"
            ref={menuButton}
            className="needs-script md:hidden"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? "mobile-menu" : undefined}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X /> : <Menu />}
          </Button>
        </div>
      </div>
      {/* Without scripts the menu button cannot open the phone's menu: its links are shown instead. */}
      <noscript>
        <nav className="flex flex-wrap items-center gap-1 border-t px-4 py-2 md:hidden" aria-label="Mobile">
          {links.map((link) => (
            <a key={link.href} href={link.href} className={linkClass(link.href)}>
              {link.href === "/admin" ? "Admin Dashboard" : link.label}
            </a>
          ))}
          <a href="/settings" className={linkClass("/settings")}>
            Settings
          </a>
          <form method="post" action={SIGN_OUT_PATH}>
            <button type="submit" className={linkClass(SIGN_OUT_PATH)}>
              Sign Out
            </button>
          </form>
        </nav>
      </noscript>
      {menuOpen && (
        <nav id="mobile-menu" className="border-t px-4 pb-4 pt-2 md:hidden" aria-label="Mobile">
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
