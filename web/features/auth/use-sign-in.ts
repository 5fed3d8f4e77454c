import type { User } from "@contract/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { afterSignIn } from "@/lib/invalidate";

/** After login or registration: refresh the current user, then go home. */
export function useAfterSignIn() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async (user: User | null) => {
    await afterSignIn(queryClient, user);
    navigate("/");
  };
}
