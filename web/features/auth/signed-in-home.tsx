import { Redirect } from "wouter";
import { useAuth } from "@/hooks/use-auth";

/**
 * Sign-in and sign-up are for visitors: a signed-in user who reaches them in the app goes home
 * (the server redirects a direct request, server/pages/routes.ts).
 */
export function SignedInGoesHome() {
  const { user } = useAuth();
  return user ? <Redirect to="/" replace /> : null;
}
