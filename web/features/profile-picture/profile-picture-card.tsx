import type { User } from "@contract/auth";
import { PROFILE_PICTURE_HELP } from "@contract/options";
import { PICTURE_FORM_FIELD, PICTURE_FORM_PATH, pictureAnswerIn } from "@contract/picture-form";
import { Camera, CheckCircle2, Loader2 } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-alert";
import { UserAvatar } from "@/features/layout/user-avatar";
import { lazyComponent, MountWhen } from "@/lib/lazy";
import { ACCEPT } from "./file-check";
import { useSaveProfilePicture } from "./use-profile-picture";

// The upload dialog (Radix Dialog, Progress, the file checks) loads when it is about to be opened.
const UploadDialog = lazyComponent(() => import("./upload-dialog").then((module) => module.UploadDialog));

/**
 * The Settings page's profile-picture card (spec section 2): a round avatar (the picture, else
 * initials, else the email's first letter, else '?'), a spinner over it while the picture is
 * saved, and 'Change Profile Picture', which opens the upload dialog.
 *
 * Until the page has hydrated, and without JavaScript, the control is a plain multipart form
 * posted to /settings (server/profile/form-upload.ts): choose a file, press Upload. The server
 * redirects back with ?picture=<answer>, shown here as the contract's fixed sentence. Once
 * hydrated, the same form's submit opens the dialog instead; a file chosen before that keeps
 * the plain form, so the choice is not lost.
 */
export function ProfilePictureCard({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const save = useSaveProfilePicture();
  const saving = save.isPending;
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The server's HTML and the first render have the plain form (the same markup both times).
  const [native, setNative] = useState(true);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [posted, setPosted] = useState(() => pictureAnswerIn(search));

  // A layout effect, so it reads the input before anything renders again: a file chosen before
  // hydration keeps the plain form (swapping it would lose the choice).
  useLayoutEffect(() => {
    if (!input.current?.files?.length) setNative(false);
  }, []);

  useEffect(() => {
    // The answer stays on screen, but a reload should not say it again.
    if (pictureAnswerIn(window.location.search)) navigate(location, { replace: true });
  }, [location, navigate]);

  const openDialog = () => {
    setPosted(null);
    setOpen(true);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Profile Picture</CardTitle>
        <CardDescription>This is how other readers see you.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {posted &&
          (posted.answer === "updated" ? (
            <div
              role="status"
              className="flex gap-3 rounded-md border border-emerald-600/40 bg-emerald-50 p-3 text-sm text-emerald-800"
            >
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <div>
                <p className="font-medium">Success</p>
                <p>{posted.message}</p>
              </div>
            </div>
          ) : (
            <FormAlert title="Error" description={posted.message} />
          ))}
        <div className="flex flex-col items-center gap-4 sm:flex-row sm:gap-6">
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
          <form
            method="post"
            action={PICTURE_FORM_PATH}
            encType="multipart/form-data"
            className="flex min-w-0 flex-col items-center gap-2 sm:items-start"
            onSubmit={(event) => {
              if (native) return;
              event.preventDefault();
              openDialog();
            }}
          >
            {native ? (
              <>
                <label htmlFor={inputId} className="text-sm font-medium">
                  Change Profile Picture
                </label>
                <div className="flex max-w-full flex-wrap items-center justify-center gap-2 sm:justify-start">
                  <input
                    ref={input}
                    id={inputId}
                    type="file"
                    name={PICTURE_FORM_FIELD}
                    accept={ACCEPT}
                    required
                    className="max-w-full text-sm text-muted-foreground file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-foreground hover:file:bg-accent"
                  />
                  <Button type="submit" size="sm">
                    Upload
                  </Button>
                </div>
                <p className="text-center text-xs text-muted-foreground sm:text-left">{PROFILE_PICTURE_HELP}</p>
              </>
            ) : (
              <Button
                type="submit"
                variant="outline"
                onPointerEnter={UploadDialog.preload}
                onFocus={UploadDialog.preload}
                disabled={saving}
              >
                <Camera aria-hidden="true" />
                Change Profile Picture
              </Button>
            )}
          </form>
        </div>
      </CardContent>
      <MountWhen when={open}>
        <UploadDialog open={open} onOpenChange={setOpen} onUploaded={(url) => save.mutate(url)} />
      </MountWhen>
    </Card>
  );
}
