import { PROFILE_PICTURE_HELP } from "@contract/options";
import { AlertCircle, ImageUp, Loader2, X } from "lucide-react";
import { type ChangeEvent, type DragEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/hooks/use-toast";
import { cn } from "@/lib/utils";
import { ACCEPT, checkPictureFile, formatBytes, ONE_FILE_MESSAGE } from "./file-check";
import { requestUploadUrl, uploadFile } from "./upload";

interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the URL the file went to, once it is there; the dialog then closes. */
  onUploaded: (uploadURL: string) => void;
}

type Phase = "idle" | "preparing" | "uploading";

/**
 * The profile picture uploader (spec sections 2, 5 and 8): one JPG, PNG or GIF of at most
 * 5 MB, checked here before anything is sent; nothing happens until Upload is pressed; the file
 * goes in one PUT with its progress shown.
 */
export function UploadDialog({ open, onOpenChange, onUploaded }: UploadDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const busy = phase !== "idle";

  // A local preview of the chosen picture, released when it changes or the dialog goes.
  useEffect(() => {
    if (!file || problem) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file, problem]);

  const reset = () => {
    setFile(null);
    setProblem(null);
    setPhase("idle");
    setProgress(0);
    setDragging(false);
  };

  const close = (next: boolean) => {
    if (!next) {
      abort.current?.abort();
      reset();
    }
    onOpenChange(next);
  };

  const choose = (files: FileList | File[] | null) => {
    const list = Array.from(files ?? []);
    if (list.length === 0) return;
    if (list.length > 1) {
      setFile(null);
      setProblem(ONE_FILE_MESSAGE);
      return;
    }
    setFile(list[0]);
    setProblem(checkPictureFile(list[0]));
    setProgress(0);
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    choose(event.target.files);
    // The same file chosen again after removing it must fire a change event.
    event.target.value = "";
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) choose(event.dataTransfer.files);
  };

  const start = async () => {
    if (!file || problem || busy) return;
    setPhase("preparing");
    let uploadURL: string;
    try {
      uploadURL = await requestUploadUrl();
    } catch {
      setPhase("idle");
      toast({ title: "Error", description: "Failed to get upload URL", variant: "destructive" });
      return;
    }
    setPhase("uploading");
    setProgress(0);
    const controller = new AbortController();
    abort.current = controller;
    try {
      await uploadFile(uploadURL, file, { onProgress: setProgress, signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) return;
      setPhase("idle");
      setProgress(0);
      toast({
        title: "Error",
        description: (error as Error).message || "Failed to update profile picture",
        variant: "destructive",
      });
      return;
    } finally {
      abort.current = null;
    }
    reset();
    onOpenChange(false);
    onUploaded(uploadURL);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md" onPointerDownOutside={(e) => busy && e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Upload Profile Picture</DialogTitle>
          <DialogDescription>{PROFILE_PICTURE_HELP}</DialogDescription>
        </DialogHeader>

        <div
          role="group"
          aria-label="Drop a picture here"
          data-testid="picture-drop-zone"
          onDragOver={(e) => {
            e.preventDefault();
            if (!busy) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition-colors",
            dragging ? "border-primary bg-primary/5" : "border-border bg-muted/40",
          )}
        >
          {preview ? (
            <img src={preview} alt="Selected" className="h-24 w-24 rounded-full object-cover shadow-sm" />
          ) : (
            <ImageUp className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
          )}
          <p className="text-sm text-muted-foreground">
            {file && !problem ? "Ready to upload." : "Drop a picture here, or"}
          </p>
          <input
            ref={inputRef}
            id={`${ids}-file`}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            onChange={onInput}
            disabled={busy}
            aria-label="Choose a picture"
          />
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => inputRef.current?.click()}>
            {file ? "Choose another file" : "Browse files"}
          </Button>
        </div>

        {file && (
          <div className="flex items-center gap-3 rounded-md border px-3 py-2 text-sm" data-testid="selected-file">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{file.name}</p>
              <p className="text-xs text-muted-foreground">{formatBytes(file.size)}</p>
            </div>
            {!busy && (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="h-8 w-8"
                onClick={() => {
                  setFile(null);
                  setProblem(null);
                }}
                aria-label="Remove file"
              >
                <X />
              </Button>
            )}
          </div>
        )}

        {problem && (
          <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
            <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {problem}
          </p>
        )}

        {phase === "uploading" && (
          <div className="space-y-1.5" aria-live="polite">
            <Progress value={progress} aria-label="Upload progress" />
            <p className="text-xs text-muted-foreground" data-testid="upload-progress">
              Uploading... {progress}%
            </p>
          </div>
        )}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="button" onClick={start} disabled={!file || Boolean(problem) || busy}>
            {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
            {busy ? "Uploading..." : "Upload"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
