import type {
  CancelSubscriptionResponse,
  InitializePaymentResponse,
  Payment,
  PaymentStatus,
  PlanId,
  Subscription,
} from "@contract/payments";
import { CANCEL_SUBSCRIPTION_PATH, PAYMENT_REFERENCE, paymentQueryKey } from "@contract/payments";
import { AUTH_USER_KEY, PAYMENTS_KEY, SUBSCRIPTION_KEY } from "@contract/query-keys";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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

/**
 * One payment of the signed-in user by reference (the result page), verified by the server
 * while pending; null or an error when it is not theirs or does not exist. The server preloads it.
 */
export function usePayment(reference: string | null, enabled = true) {
  const valid = reference !== null && PAYMENT_REFERENCE.test(reference);
  return useQuery<Payment | null>({
    queryKey: paymentQueryKey(valid ? reference : ""),
    enabled: enabled && valid,
  });
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

/**
 * Stops the plan renewing (POST /api/user/subscription/cancel): the page shows the plan as the
 * server answers it, and a toast says until when premium lasts; a failure says why.
 */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const response = await apiRequest("POST", CANCEL_SUBSCRIPTION_PATH);
      return (await response.json()) as CancelSubscriptionResponse;
    },
    onSuccess: ({ message, ...subscription }) => {
      queryClient.setQueryData<Subscription>(SUBSCRIPTION_KEY, subscription);
      void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
      toast({ title: "Subscription cancelled", description: message });
    },
    onError: (error: Error) => {
      toast({ title: "Could not cancel", description: error.message, variant: "destructive" });
    },
  });
}

/** Spec section 4: default for success, secondary for pending, destructive for anything else (abandoned: outline). */
export function paymentBadgeVariant(status: string): "default" | "secondary" | "destructive" | "outline" {
  if (status === "success") return "default";
  if (status === "pending") return "secondary";
  if (status === "abandoned") return "outline";
  return "destructive";
}

/** The words a status badge shows. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  success: "Paid",
  pending: "Pending",
  failed: "Failed",
  abandoned: "Abandoned",
};

/** Pesewas to a cedi amount as shown: 200 -> "GH₵2.00". */
export function formatCedis(pesewas: number): string {
  return `GH₵${(pesewas / 100).toFixed(2)}`;
}
