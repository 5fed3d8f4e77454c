import type { InitializePaymentResponse, Payment, PlanId, Subscription } from "@contract/payments";
import { PAYMENTS_KEY, SUBSCRIPTION_KEY } from "@contract/query-keys";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@/hooks/use-toast";
import { apiRequest } from "@/lib/api";

// The keys live in the contract (the server preloads under them); exported here for the hooks' callers.
export { PAYMENTS_KEY, SUBSCRIPTION_KEY };

export function useSubscription(enabled = true) {
  return useQuery<Subscription>({ queryKey: SUBSCRIPTION_KEY, enabled });
}

export function usePayments(enabled = true) {
  return useQuery<Payment[]>({ queryKey: PAYMENTS_KEY, enabled });
}

/** Where the browser goes to pay; kept apart so tests can watch it. */
export const goTo = (url: string) => window.location.assign(url);

/**
 * Starts a payment for a plan (spec section 7): on status success the browser goes to the
 * checkout page; any failure is the destructive 'Payment Error' toast (spec section 8).
 */
export function useInitializePayment() {
  return useMutation({
    mutationFn: async (plan: PlanId) => {
      const response = await apiRequest("POST", "/api/payments/initialize", { plan });
      return (await response.json()) as InitializePaymentResponse;
    },
    onSuccess: (answer) => {
      if (answer.status === "success" && answer.authorization_url) {
        goTo(answer.authorization_url);
        return;
      }
      toast({
        title: "Payment Error",
        description: answer.message || "Failed to initialize payment",
        variant: "destructive",
      });
    },
    onError: (error: Error) => {
      toast({
        title: "Payment Error",
        description: error.message || "Failed to initialize payment",
        variant: "destructive",
      });
    },
  });
}

/** Spec section 4: default for success, secondary for pending, destructive for anything else. */
export function paymentBadgeVariant(status: string): "default" | "secondary" | "destructive" {
  if (status === "success") return "default";
  if (status === "pending") return "secondary";
  return "destructive";
}

/** Pesewas to a cedi amount as shown: 200 -> "GH₵2.00". */
export function formatCedis(pesewas: number): string {
  return `GH₵${(pesewas / 100).toFixed(2)}`;
}
