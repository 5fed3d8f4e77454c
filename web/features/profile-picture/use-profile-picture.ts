import type { User } from "@contract/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AUTH_USER_KEY } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { saveProfilePicture } from "./upload";

const showsAuthors = (query: { queryKey: readonly unknown[] }) =>
  typeof query.queryKey[0] === "string" &&
  /^\/api\/(articles|user\/articles|bookmarks|admin\/articles)/.test(query.queryKey[0]);

/**
 * Saves an uploaded file as the profile picture (spec sections 4 and 8): the user data is
 * refreshed on success, and a toast says how it went either way.
 */
export function useSaveProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfilePicture,
    onSuccess: async (user: User) => {
      queryClient.setQueryData(AUTH_USER_KEY, user);
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
      // Article cards show their author's picture: pages already loaded fetch again when next shown.
      await queryClient.invalidateQueries({ predicate: showsAuthors, refetchType: "none" });
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
