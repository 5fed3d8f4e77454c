import { AlertCircle } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Main } from "@/features/layout/main-landmark";

export default function NotFoundPage() {
  return (
    <Main className="flex min-h-screen w-full items-center justify-center bg-muted/30 px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle className="h-8 w-8 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-muted-foreground">
            The page you're looking for doesn't exist. Check the address, or head back home.
          </p>
          <Button asChild className="mt-6">
            <Link href="/">Go Home</Link>
          </Button>
        </CardContent>
      </Card>
    </Main>
  );
}
