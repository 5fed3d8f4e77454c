import type { Payment } from "@contract/payments";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import { formatCedis, PAYMENT_STATUS_LABELS, paymentBadgeVariant } from "./use-subscription";

const planName = (plan: string) => (plan === "yearly" ? "Yearly" : plan === "monthly" ? "Monthly" : plan);

/**
 * Spec section 2: plan, date, reference, amount and a status badge per payment, newest first
 * (the server's latest 100). A checkout unpaid after an hour reads Abandoned.
 */
export function PaymentHistory({ payments }: { payments: Payment[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Payment History</CardTitle>
      </CardHeader>
      <CardContent>
        {/* A table from the small breakpoint up; on phones each row stacks into a small grid. */}
        <table className="block w-full text-left text-sm sm:table" data-testid="payment-history">
          <thead className="hidden text-muted-foreground sm:table-header-group">
            <tr className="border-b">
              <th className="py-2 pr-4 font-medium">Plan</th>
              <th className="py-2 pr-4 font-medium">Date</th>
              <th className="py-2 pr-4 font-medium">Reference</th>
              <th className="py-2 pr-4 text-right font-medium">Amount</th>
              <th className="py-2 font-medium">Status</th>
            </tr>
          </thead>
          <tbody className="block sm:table-row-group">
            {payments.map((payment) => (
              <tr
                key={payment.id}
                className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-b py-3 last:border-0 sm:table-row sm:py-0"
                data-testid="payment-row"
              >
                <td className="col-start-1 row-start-1 font-medium sm:py-3 sm:pr-4">{planName(payment.plan)}</td>
                <td className="col-start-1 row-start-2 text-muted-foreground sm:whitespace-nowrap sm:py-3 sm:pr-4 sm:text-foreground">
                  {formatDate(payment.createdAt)}
                </td>
                <td className="col-span-2 row-start-3 break-all font-mono text-xs text-muted-foreground sm:py-3 sm:pr-4 sm:text-foreground">
                  {payment.paystackReference}
                </td>
                <td className="col-start-2 row-start-1 whitespace-nowrap text-right font-semibold sm:py-3 sm:pr-4 sm:font-normal">
                  {formatCedis(payment.amount)}
                  {payment.currency !== "GHS" && ` ${payment.currency}`}
                </td>
                <td className="col-start-2 row-start-2 text-right sm:py-3 sm:text-left">
                  <Badge variant={paymentBadgeVariant(payment.status)} data-status={payment.status}>
                    {PAYMENT_STATUS_LABELS[payment.status] ?? payment.status}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
