import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { afterPayment } from "@/lib/invalidate";

export default function PaymentSuccessPage() {
  const queryClient = useQueryClient();
  useEffect(() => {
    // A payment changes the subscription, the payment list, the user and the allowance.
    void afterPayment(queryClient);
  }, [queryClient]);
  return (
    <div className="flex min-h-screen items-center justify-center bg-muted/30 px-4">
      <Card className="w-full max-w-md text-center">
        <CardContent className="flex flex-col items-center gap-4 p-8">
          <CheckCircle2 className="h-14 w-14 text-success" />
          <h1 className="text-2xl font-bold">Payment Successful!</h1>
          <p className="text-muted-foreground">Thank you. Your premium subscription is now active.</p>
          <div className="mt-2 flex w-full flex-col gap-3 sm:flex-row">
            <Button asChild className="flex-1">
              <Link href="/">Start Creating Articles</Link>
            </Button>
            <Button asChild variant="outline" className="flex-1">
              <Link href="/subscription">View Subscription</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
