import { XCircle } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

const CAUSES = ["Insufficient funds", "Card declined by bank", "Network issues", "Incorrect card details"];

export default function PaymentFailedPage() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-muted/30 px-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          <XCircle className="h-14 w-14 text-destructive" />
          <h1 className="text-2xl font-bold">Payment Failed</h1>
          <p className="text-muted-foreground">We couldn't complete your payment. No charges were made.</p>
          <div className="w-full rounded-lg bg-muted p-4 text-left">
            <p className="mb-2 text-sm font-medium">Possible causes:</p>
            <ul className="list-inside list-disc space-y-1 text-sm text-muted-foreground">
              {CAUSES.map((cause) => (
                <li key={cause}>{cause}</li>
              ))}
            </ul>
          </div>
          <div className="mt-2 flex w-full flex-col gap-3 sm:flex-row">
            <Button asChild className="flex-1">
              <Link href="/subscription">Try Again</Link>
            </Button>
            <Button asChild variant="outline" className="flex-1">
              <Link href="/">Return Home</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
