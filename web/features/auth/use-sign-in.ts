import type { User } from "@contract/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { AUTH_USER_KEY, LIMITS_KEY } from "@/hooks/use-auth";

/** After login or registration: refresh the current user, then go home. */
export function useAfterSignIn() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async (user: User | null) => {
    if (user) queryClient.setQueryData(AUTH_USER_KEY, user);
    else await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    await queryClient.invalidateQueries({ queryKey: LIMITS_KEY });
    navigate("/");
  };
}
