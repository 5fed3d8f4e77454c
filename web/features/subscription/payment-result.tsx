import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

interface LinkAction {
  href: string;
  label: string;
}

/**
 * The page the checkout returns to, whichever way the payment went: a centred card with the
 * outcome's icon, title and message, anything more the outcome needs, and two ways on (the
 * first the main one).
 */
export function PaymentResult({
  icon,
  title,
  message,
  primary,
  secondary,
  children,
}: {
  icon: ReactNode;
  title: string;
  message: string;
  primary: LinkAction;
  secondary: LinkAction;
  children?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-muted/30 px-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          {icon}
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-muted-foreground">{message}</p>
          {children}
          <div className="mt-2 flex w-full flex-col gap-3 sm:flex-row">
            <Button asChild className="flex-1">
              <Link href={primary.href}>{primary.label}</Link>
            </Button>
            <Button asChild variant="outline" className="flex-1">
              <Link href={secondary.href}>{secondary.label}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
