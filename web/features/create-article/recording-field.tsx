import { formatBytes, RECORDING_ACCEPT, RECORDING_EXTENSIONS, type RecordingResponse } from "@contract/recordings";
import { CheckCircle2, Loader2, RotateCcw, Upload, X } from "lucide-react";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { formatDuration, formatSpeed, formatTimeLeft } from "./recording-format";
import { isAbortError, type RecordingFile, type UploadProgress, uploadRecording } from "./recording-upload";

const KINDS = RECORDING_EXTENSIONS.join(", ");

type UploadState =
  | { step: "idle" }
  | { step: "uploading"; file: RecordingFile; progress: UploadProgress | null }
  | { step: "failed"; file: RecordingFile; message: string }
  | { step: "done"; recording: RecordingResponse };

const percentOf = (progress: UploadProgress | null) =>
  progress && progress.totalBytes > 0 ? Math.floor((progress.sentBytes / progress.totalBytes) * 100) : 0;

/**
 * Your own recording instead of a link: the file uploads as soon as it is chosen, with its
 * progress, a cancel and a "Try again" that resumes. Only rendered once the page's scripts run.
 */
export function RecordingField({
  id,
  maxBytes,
  disabled = false,
  onRecordingChange,
  onUploadingChange,
}: {
  id: string;
  /** The largest file the server takes (GET /api/recordings/limits). */
  maxBytes: number;
  disabled?: boolean;
  /** The uploaded recording, or null when there is none (cancelled, failed, another file chosen). */
  onRecordingChange: (recording: RecordingResponse | null) => void;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const [state, setState] = useState<UploadState>({ step: "idle" });
  const running = useRef<AbortController | null>(null);
  const uploading = state.step === "uploading";

  useEffect(() => onUploadingChange(uploading), [uploading, onUploadingChange]);
  // Leaving the field (a link instead, the dialog closed) cancels an upload under way.
  useEffect(
    () => () => {
      running.current?.abort();
      onUploadingChange(false);
    },
    [onUploadingChange],
  );

  const start = async (file: RecordingFile) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    onRecordingChange(null);
    setState({ step: "uploading", file, progress: null });
    try {
      const recording = await uploadRecording(file, {
        signal: controller.signal,
        onProgress: (progress) => {
          if (!controller.signal.aborted) setState({ step: "uploading", file, progress });
        },
      });
      if (controller.signal.aborted) return;
      setState({ step: "done", recording });
      onRecordingChange(recording);
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return;
      setState({ step: "failed", file, message: error instanceof Error ? error.message : String(error) });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after a cancel) still starts an upload.
    event.target.value = "";
    if (file) void start(file);
  };

  const cancel = () => {
    running.current?.abort();
    running.current = null;
    setState({ step: "idle" });
    onRecordingChange(null);
  };

  return (
    <div className="space-y-2" data-testid="recording-field">
      <Label htmlFor={id}>Your recording</Label>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Audio or video ({KINDS}), up to {formatBytes(maxBytes)}. The article is written from what is said in it.
      </p>

      {state.step === "uploading" && (
        <div className="space-y-2">
          <div className="flex items-center justify-between gap-2 text-sm">
            <span className="flex min-w-0 items-center gap-2 font-medium">
              <Loader2 className="h-4 w-4 shrink-0 animate-spin text-primary" aria-hidden />
              <span className="truncate">Uploading {state.file.name}</span>
            </span>
            <span className="tabular-nums text-muted-foreground">{percentOf(state.progress)}%</span>
          </div>
          <Progress
            value={percentOf(state.progress)}
            aria-label={`Uploading ${state.file.name}`}
            aria-valuetext={`${percentOf(state.progress)}%`}
          />
          <p className="text-xs tabular-nums text-muted-foreground" role="status" aria-live="polite">
            {state.progress && state.progress.bytesPerSecond > 0
              ? [formatSpeed(state.progress.bytesPerSecond), formatTimeLeft(state.progress.secondsLeft)]
                  .filter(Boolean)
                  .join(" · ")
              : "Starting the upload..."}
          </p>
          <Button type="button" variant="outline" size="sm" onClick={cancel}>
            <X /> Cancel upload
          </Button>
        </div>
      )}

      {state.step === "failed" && (
        <p role="alert" className="text-sm text-destructive">
          {state.message}
        </p>
      )}

      {state.step === "done" && (
        <p role="status" className="flex items-center gap-2 text-sm">
          <CheckCircle2 className="h-4 w-4 shrink-0 text-green-600" aria-hidden />
          <span>
            Uploaded: {state.recording.fileName} ({formatDuration(state.recording.durationSeconds)})
          </span>
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        {state.step === "failed" && (
          <Button type="button" variant="outline" size="sm" onClick={() => void start(state.file)} disabled={disabled}>
            <RotateCcw /> Try again
          </Button>
        )}
        {/* Visually hidden: the button-styled label below opens it, and shows its keyboard focus.
            Named by the "Your recording" label above. */}
        <input
          id={id}
          type="file"
          accept={RECORDING_ACCEPT}
          className="peer sr-only"
          aria-describedby={`${id}-hint`}
          disabled={disabled || uploading}
          onChange={choose}
        />
        {!uploading && (
          <Button type="button" variant="outline" size="sm" asChild>
            <label
              htmlFor={id}
              className={`peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 ${disabled ? "pointer-events-none opacity-50" : "cursor-pointer"}`}
            >
              <Upload /> {state.step === "idle" ? "Choose a recording" : "Choose another file"}
            </label>
          </Button>
        )}
      </div>
    </div>
  );
}
