import { XCircle } from "lucide-react";
import { Main } from "@/features/layout/main-landmark";
import { PaymentResult } from "@/features/subscription/payment-result";

const CAUSES = ["Insufficient funds", "Card declined by bank", "Network issues", "Incorrect card details"];

export default function PaymentFailedPage() {
  return (
    <Main>
      <PaymentResult
        icon={<XCircle className="h-14 w-14 text-destructive" />}
        title="Payment Failed"
        message="We couldn't complete your payment. No charges were made."
        primary={{ href: "/subscription", label: "Try Again" }}
        secondary={{ href: "/", label: "Return Home" }}
      >
        <div className="w-full rounded-lg bg-muted p-4 text-left">
          <p className="mb-2 text-sm font-medium">Possible causes:</p>
          <ul className="list-inside list-disc space-y-1 text-sm text-muted-foreground">
            {CAUSES.map((cause) => (
              <li key={cause}>{cause}</li>
            ))}
          </ul>
        </div>
      </PaymentResult>
    </Main>
  );
}
