import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { PaymentResult } from "@/features/subscription/payment-result";
import { afterPayment } from "@/lib/invalidate";

export default function PaymentSuccessPage() {
  const queryClient = useQueryClient();
  useEffect(() => {
    // A payment changes the subscription, the payment list, the user and the allowance.
    void afterPayment(queryClient);
  }, [queryClient]);
  return (
    <PaymentResult
      icon={<CheckCircle2 className="h-14 w-14 text-success" />}
      title="Payment Successful!"
      message="Thank you. Your premium subscription is now active."
      primary={{ href: "/", label: "Start Creating Articles" }}
      secondary={{ href: "/subscription", label: "View Subscription" }}
    />
  );
}
