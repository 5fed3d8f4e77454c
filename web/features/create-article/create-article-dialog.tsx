import { CREATE_ARTICLE_FAILED, type CreateArticleAnswer, type CreateArticleValues } from "@contract/article-forms";
import type { Article, CreateArticleInput } from "@contract/articles";
import {
  ARTICLE_LANGUAGES,
  CATEGORIES,
  GUEST_ARTICLE_LIMIT,
  GUEST_LIMIT_MESSAGE,
  LANGUAGE_NAMES,
  LENGTH_WORDS,
  LENGTHS,
  LIMIT_MESSAGE,
  SAME_AS_VIDEO,
  STYLES,
  TONES,
} from "@contract/options";
import { articlePath } from "@contract/pages";
import { RECORDING_LIMITS_KEY } from "@contract/query-keys";
import type { RecordingLimits, RecordingResponse } from "@contract/recordings";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, FileAudio, FileText, Link2, Loader2, Plus, Sparkles, Trash2, Upload } from "lucide-react";
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CancelLink } from "@/components/ui/cancel-link";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { Label } from "@/components/ui/label";
import { SelectField } from "@/components/ui/labeled-select";
import { PendingLabel } from "@/components/ui/pending-label";
import { Progress } from "@/components/ui/progress";
import { Switch } from "@/components/ui/switch";
import { TextField } from "@/components/ui/text-field";
import { Textarea } from "@/components/ui/textarea";
import { useFormAnswer } from "@/features/auth/use-form-answer";
import { useLimits } from "@/hooks/use-auth";
import { useHydrated } from "@/hooks/use-hydrated";
import { toast } from "@/hooks/use-toast";
import { RecordingField } from "./recording-field";
import {
  BAD_URL,
  CREATE_FORM_DEFAULTS,
  type CreateArticleForm,
  createArticleResolver,
  placeInLineText,
  useCreateArticle,
} from "./use-create-article";
import { VideoWordsNote } from "./video-words-note";

const TONE_LABELS: Record<(typeof TONES)[number], string> = {
  informative: "Informative",
  casual: "Casual",
  formal: "Formal",
  persuasive: "Persuasive",
};
const LENGTH_LABELS: Record<(typeof LENGTHS)[number], string> = {
  short: `Short (${LENGTH_WORDS.short.min}-${LENGTH_WORDS.short.max} words)`,
  medium: `Medium (${LENGTH_WORDS.medium.min}-${LENGTH_WORDS.medium.max} words)`,
  long: `Long (${LENGTH_WORDS.long.min}-${LENGTH_WORDS.long.max} words)`,
};

// "Same as the video" first: the article follows the video unless the reader asks otherwise.
const LANGUAGE_OPTIONS = [
  { value: SAME_AS_VIDEO, label: "Same as the video" },
  ...ARTICLE_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] })),
];

/** The form's values as the server answered them (after a post without JavaScript). */
function formValuesOf(values: CreateArticleValues): CreateArticleForm {
  const references = values.referenceArticles.length ? values.referenceArticles : [""];
  return {
    ...values,
    style: values.style as CreateArticleForm["style"],
    length: values.length as CreateArticleForm["length"],
    tone: values.tone as CreateArticleForm["tone"],
    language: values.language as CreateArticleForm["language"],
    referenceArticles: references.map((text) => ({ text })),
  };
}

/**
 * The Create New Article dialog (spec sections 2, 4 and 5), driven by the job's real progress.
 * It is a real form too: opened by its address (/?create=1) it is in the server's HTML
 * (`inline`), and posted before the page's scripts run, or without them, the server creates the
 * article and answers with it (server/pages/create-article-post.ts).
 */
export function CreateArticleDialog({
  open,
  onOpenChange,
  inline = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  inline?: boolean;
}) {
  const answer = useFormAnswer<CreateArticleAnswer>("create-article");
  const [defaults] = useState(() => (answer?.values ? formValuesOf(answer.values) : CREATE_FORM_DEFAULTS));
  const hydrated = useHydrated();
  // Errors show once a field has been left (or on submit), then follow each change.
  const form = useForm<CreateArticleForm, unknown, CreateArticleInput>({
    resolver: createArticleResolver,
    mode: "onTouched",
    defaultValues: defaults,
  });
  const { errors, isValid } = form.formState;
  const references = useFieldArray({ control: form.control, name: "referenceArticles" });
  const [showTranscript, setShowTranscript] = useState(Boolean(defaults.transcript));
  // A link, or your own recording instead (the recording needs the page's scripts).
  const [source, setSource] = useState<"link" | "recording">("link");
  const [uploading, setUploading] = useState(false);
  // The server's answer shows until the form is sent again.
  const [serverProblem, setServerProblem] = useState(answer?.error);
  const limits = useLimits(open);
  // Your own recording is offered only where speech to text can hear it.
  const recordings = useQuery<RecordingLimits>({ queryKey: RECORDING_LIMITS_KEY, enabled: open && hydrated });
  const create = useCreateArticle();
  const [, navigate] = useLocation();
  const ids = useId();
  const generating = create.isPending;
  const limitReached = limits.loaded && !limits.canCreate;

  const style = form.watch("style");
  const youtubeUrl = form.watch("youtubeUrl") ?? "";
  // The reference articles' problem shows as soon as the custom style is chosen and follows
  // every keystroke in the boxes, as the submit button's state does (not only once left).
  const checkReferences = () => {
    if (form.getValues("style") === "custom") void form.trigger("referenceArticles");
  };
  const referenceProblem = errors.referenceArticles?.root?.message ?? errors.referenceArticles?.message;

  // The link field is hidden while a recording is the source, and comes back without an error.
  const applyRecording = useCallback(
    (recording: RecordingResponse | null) => {
      form.setValue("recordingId", recording?.recordingId ?? "", { shouldDirty: true, shouldValidate: true });
      form.clearErrors("youtubeUrl");
    },
    [form],
  );

  // Focus follows the choice: the field that replaced the one just left (so it is not lost to the page).
  const sourceChosen = useRef(false);
  useEffect(() => {
    if (!sourceChosen.current) return;
    if (source === "link") form.setFocus("youtubeUrl");
    else document.getElementById(`${ids}-recording`)?.focus();
  }, [source, form, ids]);

  const chooseSource = (next: "link" | "recording") => {
    sourceChosen.current = true;
    setSource(next);
    // One source at a time: a link typed before would otherwise be sent with the recording.
    if (next === "recording") form.setValue("youtubeUrl", "");
    applyRecording(null);
  };

  const close = (next: boolean) => {
    // The dialog cannot be closed while generating (spec section 4).
    if (!next && generating) return;
    onOpenChange(next);
  };

  const send = (values: CreateArticleInput) =>
    create.mutate(values, {
      onSuccess: (article: Article) => {
        toast({ title: "Article created successfully!", description: article.note ?? article.title });
        form.reset();
        setShowTranscript(false);
        setSource("link");
        onOpenChange(false);
        navigate(articlePath(article));
      },
      onError: (error: Error) => {
        if (error.message === BAD_URL) form.setError("youtubeUrl", { message: BAD_URL });
        toast({
          title: CREATE_ARTICLE_FAILED,
          description: error.message || "Failed to create article. Please try again.",
          variant: "destructive",
        });
      },
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setServerProblem(undefined);
    if (!limits.canCreate) {
      event.preventDefault();
      toast({
        title: CREATE_ARTICLE_FAILED,
        description: limits.isGuest ? GUEST_LIMIT_MESSAGE : LIMIT_MESSAGE,
        variant: "destructive",
      });
      return;
    }
    void form.handleSubmit(send)(event);
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > 4 * 1024 * 1024) {
      toast({ title: "Error", description: "That transcript file is larger than 4 MB.", variant: "destructive" });
      return;
    }
    form.setValue("transcript", await file.text(), { shouldDirty: true, shouldValidate: true });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        portal={!inline}
        className="sm:max-w-xl"
        hideClose={generating}
        onEscapeKeyDown={(e) => generating && e.preventDefault()}
        onPointerDownOutside={(e) => generating && e.preventDefault()}
        onInteractOutside={(e) => generating && e.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Sparkles className="h-5 w-5 text-primary" /> Create New Article
          </DialogTitle>
          <DialogDescription>
            Paste a YouTube link and choose how the article should read. Generation takes about 30-60 seconds.
          </DialogDescription>
        </DialogHeader>

        {limitReached && (
          <div
            role="alert"
            className="flex items-start gap-3 rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm text-orange-900"
          >
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-orange-600" />
            <div className="space-y-1">
              <Badge className="bg-orange-500 text-white">Article limit reached</Badge>
              <p>{limits.isGuest ? GUEST_LIMIT_MESSAGE : LIMIT_MESSAGE}</p>
              {/* What happens next: the allowance changes only with premium. */}
              <p data-testid="limit-next">
                {limits.isGuest
                  ? `A free account can create ${GUEST_ARTICLE_LIMIT} articles. A premium plan (monthly or yearly) removes the limit for as long as it lasts: `
                  : "Your plan's details are on the Subscription page: "}
                <Link href="/subscription" className="font-medium underline underline-offset-2">
                  see Subscription plans
                </Link>
                .
              </p>
            </div>
          </div>
        )}

        <form
          method="post"
          action="/"
          onSubmit={submit}
          className="space-y-4"
          aria-busy={generating}
          // The dialog is its own chunk, which may hydrate after the page: until then its form
          // posts natively; marked, it is React's (browser tests wait for this).
          data-hydrated={hydrated ? "" : undefined}
        >
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="key" value={answer?.key ?? ""} />
          <input type="hidden" {...form.register("recordingId")} />
          {serverProblem && <FormAlert {...serverProblem} />}
          <fieldset disabled={generating} className="space-y-4">
            {/* The choice sits on the label's line where there is room, under the field on a phone.
                A recording is sent in resumable parts from the page's scripts; without them the
                form takes a link, as before. */}
            <div className="relative">
              {source === "link" ? (
                <TextField
                  id={`${ids}-url`}
                  label="YouTube URL"
                  placeholder="https://www.youtube.com/watch?v=..."
                  inputMode="url"
                  autoComplete="off"
                  error={errors.youtubeUrl?.message}
                  defaultValue={defaults.youtubeUrl}
                  {...form.register("youtubeUrl")}
                />
              ) : (
                <RecordingField
                  id={`${ids}-recording`}
                  maxBytes={recordings.data?.maxBytes ?? 0}
                  disabled={generating}
                  onRecordingChange={applyRecording}
                  onUploadingChange={setUploading}
                />
              )}
              {hydrated && recordings.data?.canHear && (
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="mt-2 h-auto p-0 leading-none sm:absolute sm:top-0 sm:right-0 sm:mt-0"
                  // Focus stays in the link field: leaving it would show its error and move this
                  // button between the press and the release of a click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => chooseSource(source === "link" ? "recording" : "link")}
                >
                  {source === "link" ? (
                    <>
                      <FileAudio /> Or upload your own recording
                    </>
                  ) : (
                    <>
                      <Link2 /> Use a link instead
                    </>
                  )}
                </Button>
              )}
            </div>

            {hydrated && source === "link" && (
              <VideoWordsNote
                url={youtubeUrl}
                onPaste={() => setShowTranscript(true)}
                onUpload={() => chooseSource("recording")}
              />
            )}

            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                id={`${ids}-style`}
                label="Writing Style"
                options={STYLES.map((s) => ({ value: s.value, label: s.label }))}
                defaultValue={defaults.style}
                {...form.register("style", { onChange: checkReferences })}
              />
              <SelectField
                id={`${ids}-length`}
                label="Length"
                options={LENGTHS.map((l) => ({ value: l, label: LENGTH_LABELS[l] }))}
                defaultValue={defaults.length}
                {...form.register("length")}
              />
              <SelectField
                id={`${ids}-tone`}
                label="Tone"
                options={TONES.map((t) => ({ value: t, label: TONE_LABELS[t] }))}
                defaultValue={defaults.tone}
                {...form.register("tone")}
              />
              <SelectField
                id={`${ids}-category`}
                label="Category"
                options={CATEGORIES.map((c) => ({ value: c, label: c }))}
                defaultValue={defaults.category}
                {...form.register("category")}
              />
              <SelectField
                id={`${ids}-language`}
                label="Language"
                options={LANGUAGE_OPTIONS}
                defaultValue={defaults.language}
                {...form.register("language")}
              />
            </div>

            {/* Always in the page, shown by CSS while the custom style is chosen (styles.css), so the
                boxes are there before the scripts run too. */}
            <div className="custom-style-only space-y-2 rounded-lg border p-3">
              <Label>Reference articles</Label>
              <p className="text-xs text-muted-foreground">
                Paste one to three articles whose voice and structure you like. The writer imitates their style, not
                their content.
              </p>
              {references.fields.map((reference, index) => {
                const problem = errors.referenceArticles?.[index]?.text?.message;
                return (
                  <div key={reference.id} className="space-y-1">
                    <div className="flex gap-2">
                      <Textarea
                        aria-label={`Reference article ${index + 1}`}
                        aria-invalid={problem ? true : undefined}
                        rows={4}
                        placeholder="Paste an article here..."
                        defaultValue={reference.text}
                        {...form.register(`referenceArticles.${index}.text`, { onChange: checkReferences })}
                      />
                      {references.fields.length > 1 && (
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          aria-label={`Remove reference article ${index + 1}`}
                          onClick={() => references.remove(index)}
                        >
                          <Trash2 />
                        </Button>
                      )}
                    </div>
                    {problem && <p className="text-sm text-destructive">{problem}</p>}
                  </div>
                );
              })}
              {references.fields.length < 3 && (
                <Button type="button" variant="outline" size="sm" onClick={() => references.append({ text: "" })}>
                  <Plus /> Add another
                </Button>
              )}
              {referenceProblem && style === "custom" && <p className="text-sm text-destructive">{referenceProblem}</p>}
            </div>

            <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
              <div>
                <Label htmlFor={`${ids}-comments`}>Include comments</Label>
                <p className="text-xs text-muted-foreground">Add what viewers say, from the top comments.</p>
              </div>
              <Switch
                id={`${ids}-comments`}
                defaultChecked={defaults.includeComments}
                {...form.register("includeComments")}
              />
            </div>

            {/* A disclosure the browser opens by itself, so the transcript box works without scripts. */}
            <details
              className="space-y-2"
              open={showTranscript}
              onToggle={(event) => setShowTranscript(event.currentTarget.open)}
            >
              <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-medium text-primary hover:underline [&::-webkit-details-marker]:hidden">
                <FileText className="h-4 w-4" /> {showTranscript ? "Hide transcript" : "Have a transcript? (optional)"}
              </summary>
              <div className="space-y-2">
                <p className="text-xs text-muted-foreground">
                  Paste the transcript or upload an .srt, .vtt or .txt file. It is used instead of fetching captions.
                </p>
                <Textarea
                  aria-label="Transcript"
                  aria-invalid={errors.transcript ? true : undefined}
                  rows={5}
                  placeholder="Paste the transcript here..."
                  defaultValue={defaults.transcript}
                  {...form.register("transcript")}
                />
                {errors.transcript && <p className="text-sm text-destructive">{errors.transcript.message}</p>}
                {/* Reading a file in the page needs its scripts; without them, paste the text. */}
                {hydrated && (
                  <Button type="button" variant="outline" size="sm" asChild>
                    <label className="cursor-pointer">
                      <Upload /> Upload file
                      <input
                        type="file"
                        accept=".srt,.vtt,.txt,text/plain,text/vtt"
                        className="sr-only"
                        onChange={readFile}
                      />
                    </label>
                  </Button>
                )}
              </div>
            </details>
          </fieldset>

          {generating && create.progress && (
            <div className="space-y-2 rounded-lg bg-muted p-3" aria-live="polite" data-testid="generation-progress">
              <div className="flex items-center justify-between text-sm">
                <span className="flex items-center gap-2 font-medium">
                  <Loader2 className="h-4 w-4 animate-spin text-primary" />
                  <span data-testid="generation-label">{create.progress.label}</span>
                </span>
                <span className="tabular-nums text-muted-foreground">{create.progress.percent}%</span>
              </div>
              <Progress value={create.progress.percent} />
              {create.progress.queuePosition ? (
                <p className="text-sm text-muted-foreground" data-testid="generation-place">
                  {placeInLineText(create.progress.queuePosition)}
                </p>
              ) : null}
            </div>
          )}

          <DialogFooter>
            <CancelLink href="/" onCancel={() => close(false)} disabled={generating} />
            {/* Until the scripts run, the server checks the form; after, it must be valid to send. */}
            <Button type="submit" disabled={generating || uploading || !limits.canCreate || (hydrated && !isValid)}>
              <PendingLabel pending={generating || uploading} busy={uploading ? "Uploading..." : "Generating..."}>
                <Sparkles /> Generate Article
              </PendingLabel>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
