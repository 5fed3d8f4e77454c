import type { User } from "@contract/auth";
import { Camera, Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { UserAvatar } from "@/features/layout/user-avatar";
import { lazyComponent, MountWhen } from "@/lib/lazy";
import { useSaveProfilePicture } from "./use-profile-picture";

// The upload dialog (Radix Dialog, Progress, the file checks) loads when it is about to be opened.
const UploadDialog = lazyComponent(() => import("./upload-dialog").then((module) => module.UploadDialog));

/**
 * The Settings page's profile-picture card (spec section 2): a round avatar (the picture, else
 * initials, else the email's first letter, else '?'), a spinner over it while the picture is
 * saved, and 'Change Profile Picture', which opens the upload dialog.
 */
export function ProfilePictureCard({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const save = useSaveProfilePicture();
  const saving = save.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Profile Picture</CardTitle>
        <CardDescription>This is how other readers see you.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4 sm:flex-row sm:gap-6">
        <div className="relative" data-testid="settings-avatar" aria-busy={saving}>
          <UserAvatar user={user} className="h-24 w-24 text-2xl" />
          {saving && (
            <div
              role="status"
              className="absolute inset-0 flex items-center justify-center rounded-full bg-background/85 backdrop-blur-[2px]"
              data-testid="avatar-spinner"
            >
              <Loader2 className="h-8 w-8 animate-spin text-primary" aria-hidden="true" />
              <span className="sr-only">Saving profile picture...</span>
            </div>
          )}
        </div>
        <Button
          variant="outline"
          onPointerEnter={UploadDialog.preload}
          onFocus={UploadDialog.preload}
          onClick={() => setOpen(true)}
          disabled={saving}
        >
          <Camera aria-hidden="true" />
          Change Profile Picture
        </Button>
      </CardContent>
      <MountWhen when={open}>
        <UploadDialog open={open} onOpenChange={setOpen} onUploaded={(url) => save.mutate(url)} />
      </MountWhen>
    </Card>
  );
}
