import type { User } from "@contract/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/hooks/use-toast";
import { afterProfileChanged } from "@/lib/invalidate";
import { saveProfilePicture } from "./upload";

/**
 * Saves an uploaded file as the profile picture (spec sections 4 and 8): the user data is
 * refreshed on success, and a toast says how it went either way.
 */
export function useSaveProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfilePicture,
    onSuccess: async (user: User) => {
      // The user, and (when next shown) every article card and page with the author's picture.
      await afterProfileChanged(queryClient, user);
      toast({ title: "Success", description: "Profile picture updated successfully!" });
    },
    onError: (error: Error) => {
      toast({
        title: "Error",
        description: error.message || "Failed to update profile picture",
        variant: "destructive",
      });
    },
  });
}
