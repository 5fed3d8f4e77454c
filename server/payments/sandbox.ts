import { PLANS, type PlanId } from "../../contract/payments";
import type { PaymentRow } from "../db/schema";
import { escapeHtml, standalonePage } from "../pages/html";

/**
 * The sandbox checkout (PAYMENTS=sandbox): a plain page with two forms, no scripts, so it works
 * under the app's CSP. Pay and Decline finish through settlePayment, like a real payment.
 */
export function renderSandboxCheckout(payment: PaymentRow, email: string): string {
  const plan = PLANS[payment.plan as PlanId];
  const ref = encodeURIComponent(payment.reference);
  const amount = `GH₵${(payment.amount / 100).toFixed(2)}`;
  const open = payment.status === "pending" || payment.status === "failed";
  return standalonePage({
    title: "TEST MODE checkout",
    head: `<style>
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background: #f4f4f5; color: #18181b; }
  .banner { background: #b45309; color: #fff; text-align: center; padding: 12px 16px; font-weight: 700; letter-spacing: .02em; }
  main { max-width: 420px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 28px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.35rem; margin: 0 0 4px; }
  .muted { color: #71717a; font-size: .9rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 20px 0; }
  dt { color: #71717a; } dd { margin: 0; font-weight: 600; word-break: break-all; }
  .amount { font-size: 2rem; font-weight: 800; margin: 12px 0 0; }
  form { margin: 0; } .actions { display: flex; gap: 12px; margin-top: 24px; }
  button { flex: 1; font: inherit; font-weight: 600; border-radius: 8px; padding: 12px; cursor: pointer; border: 1px solid transparent; }
  .pay { background: #16a34a; color: #fff; } .decline { background: #fff; color: #b91c1c; border-color: #fca5a5; }
  .actions form { flex: 1; display: flex; }
</style>`,
    body: `<div class="banner" role="alert">TEST MODE — sandbox checkout. No money moves; nothing is charged.</div>
<main>
  <h1>Pay for ${escapeHtml(plan?.name ?? payment.plan)} plan</h1>
  <p class="muted">This page stands in for Paystack while PAYMENTS=sandbox.</p>
  <p class="amount">${escapeHtml(amount)}</p>
  <dl>
    <dt>Email</dt><dd>${escapeHtml(email)}</dd>
    <dt>Reference</dt><dd>${escapeHtml(payment.reference)}</dd>
    <dt>Status</dt><dd>${escapeHtml(payment.status)}</dd>
  </dl>
  ${
    open
      ? `<div class="actions">
    <form method="post" action="/payments/sandbox/${ref}/pay"><button class="pay" type="submit">Pay ${escapeHtml(amount)}</button></form>
    <form method="post" action="/payments/sandbox/${ref}/decline"><button class="decline" type="submit">Decline</button></form>
  </div>`
      : `<p><a href="/api/payments/callback?reference=${ref}">Continue</a></p>`
  }
</main>`,
  });
}
