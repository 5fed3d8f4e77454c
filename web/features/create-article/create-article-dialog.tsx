import type { Article, CreateArticleRequest } from "@contract/articles";
import {
  ARTICLE_LANGUAGES,
  type ARTICLE_STYLES,
  CREATE_CATEGORIES,
  CREATE_DEFAULTS,
  GUEST_LIMIT_MESSAGE,
  LANGUAGE_NAMES,
  LENGTH_WORDS,
  LENGTHS,
  LIMIT_MESSAGE,
  SAME_AS_VIDEO,
  STYLES,
  TONES,
} from "@contract/options";
import { AlertTriangle, FileText, Loader2, Plus, Sparkles, Trash2, Upload } from "lucide-react";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { useLocation } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LabeledSelect } from "@/components/ui/labeled-select";
import { Progress } from "@/components/ui/progress";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { useLimits } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { useCreateArticle } from "./use-create-article";

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

interface FormState {
  youtubeUrl: string;
  style: (typeof ARTICLE_STYLES)[number];
  length: (typeof LENGTHS)[number];
  tone: (typeof TONES)[number];
  includeComments: boolean;
  category: string;
  /** A language code, or SAME_AS_VIDEO. */
  language: string;
  referenceArticles: Array<{ key: number; text: string }>;
  transcript: string;
}

let referenceKey = 0;
const newReference = () => ({ key: ++referenceKey, text: "" });

const initialForm = (): FormState => ({
  ...CREATE_DEFAULTS,
  youtubeUrl: "",
  referenceArticles: [newReference()],
  transcript: "",
});

const isUrl = (value: string) => {
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
};

/** The Create New Article dialog (spec sections 2, 4 and 5), driven by the job's real progress. */
export function CreateArticleDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState<FormState>(initialForm);
  const [showTranscript, setShowTranscript] = useState(false);
  const [urlTouched, setUrlTouched] = useState(false);
  const limits = useLimits(open);
  const create = useCreateArticle();
  const [, navigate] = useLocation();
  const ids = useId();
  const generating = create.isPending;

  const urlValid = isUrl(form.youtubeUrl);
  const referencesValid = form.style !== "custom" || form.referenceArticles.some((r) => r.text.trim());
  const formValid = urlValid && referencesValid;
  const limitReached = limits.loaded && !limits.canCreate;

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const close = (next: boolean) => {
    // The dialog cannot be closed while generating (spec section 4).
    if (!next && generating) return;
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUrlTouched(true);
    if (!limits.canCreate) {
      toast({
        title: "Error creating article",
        description: limits.isGuest ? GUEST_LIMIT_MESSAGE : LIMIT_MESSAGE,
        variant: "destructive",
      });
      return;
    }
    if (!formValid) return;
    const body: CreateArticleRequest = {
      youtubeUrl: form.youtubeUrl.trim(),
      style: form.style,
      length: form.length,
      tone: form.tone,
      includeComments: form.includeComments,
      category: form.category,
      ...(form.language !== SAME_AS_VIDEO ? { language: form.language as CreateArticleRequest["language"] } : {}),
      ...(form.style === "custom"
        ? { referenceArticles: form.referenceArticles.map((r) => r.text).filter((r) => r.trim()) }
        : {}),
      ...(form.transcript.trim() ? { transcript: form.transcript } : {}),
    };
    create.mutate(body, {
      onSuccess: (article: Article) => {
        toast({ title: "Article created successfully!", description: article.note ?? article.title });
        setForm(initialForm());
        setShowTranscript(false);
        setUrlTouched(false);
        onOpenChange(false);
        navigate(`/article/${article.slug || article.id}`);
      },
      onError: (error: Error) =>
        toast({
          title: "Error creating article",
          description: error.message || "Failed to create article. Please try again.",
          variant: "destructive",
        }),
    });
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > 4 * 1024 * 1024) {
      toast({ title: "Error", description: "That transcript file is larger than 4 MB.", variant: "destructive" });
      return;
    }
    set("transcript", await file.text());
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
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
            </div>
          </div>
        )}

        <form onSubmit={submit} className="space-y-4" aria-busy={generating}>
          <fieldset disabled={generating} className="space-y-4">
            <div className="space-y-2">
              <Label htmlFor={`${ids}-url`}>YouTube URL</Label>
              <Input
                id={`${ids}-url`}
                placeholder="https://www.youtube.com/watch?v=..."
                inputMode="url"
                autoComplete="off"
                value={form.youtubeUrl}
                onChange={(e) => set("youtubeUrl", e.target.value)}
                onBlur={() => setUrlTouched(true)}
                aria-invalid={urlTouched && !urlValid}
              />
              {urlTouched && !urlValid && <p className="text-sm text-destructive">Please enter a valid YouTube URL</p>}
            </div>

            <div className="grid gap-4 sm:grid-cols-2">
              <LabeledSelect
                id={`${ids}-style`}
                label="Writing Style"
                value={form.style}
                onChange={(v) => set("style", v as FormState["style"])}
                options={STYLES.map((s) => ({ value: s.value, label: s.label }))}
              />
              <LabeledSelect
                id={`${ids}-length`}
                label="Length"
                value={form.length}
                onChange={(v) => set("length", v as FormState["length"])}
                options={LENGTHS.map((l) => ({ value: l, label: LENGTH_LABELS[l] }))}
              />
              <LabeledSelect
                id={`${ids}-tone`}
                label="Tone"
                value={form.tone}
                onChange={(v) => set("tone", v as FormState["tone"])}
                options={TONES.map((t) => ({ value: t, label: TONE_LABELS[t] }))}
              />
              <LabeledSelect
                id={`${ids}-category`}
                label="Category"
                value={form.category}
                onChange={(v) => set("category", v)}
                options={CREATE_CATEGORIES.map((c) => ({ value: c, label: c }))}
              />
              <LabeledSelect
                id={`${ids}-language`}
                label="Language"
                value={form.language}
                onChange={(v) => set("language", v)}
                options={LANGUAGE_OPTIONS}
              />
            </div>

            {form.style === "custom" && (
              <div className="space-y-2 rounded-lg border p-3">
                <Label>Reference articles</Label>
                <p className="text-xs text-muted-foreground">
                  Paste one to three articles whose voice and structure you like. The writer imitates their style, not
                  their content.
                </p>
                {form.referenceArticles.map((reference, index) => (
                  <div key={reference.key} className="flex gap-2">
                    <Textarea
                      aria-label={`Reference article ${index + 1}`}
                      rows={4}
                      value={reference.text}
                      placeholder="Paste an article here..."
                      onChange={(e) =>
                        set(
                          "referenceArticles",
                          form.referenceArticles.map((r) =>
                            r.key === reference.key ? { ...r, text: e.target.value } : r,
                          ),
                        )
                      }
                    />
                    {form.referenceArticles.length > 1 && (
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove reference article ${index + 1}`}
                        onClick={() =>
                          set(
                            "referenceArticles",
                            form.referenceArticles.filter((r) => r.key !== reference.key),
                          )
                        }
                      >
                        <Trash2 />
                      </Button>
                    )}
                  </div>
                ))}
                {form.referenceArticles.length < 3 && (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => set("referenceArticles", [...form.referenceArticles, newReference()])}
                  >
                    <Plus /> Add another
                  </Button>
                )}
                {!referencesValid && <p className="text-sm text-destructive">Paste at least one reference article.</p>}
              </div>
            )}

            <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
              <div>
                <Label htmlFor={`${ids}-comments`}>Include comments</Label>
                <p className="text-xs text-muted-foreground">Add what viewers say, from the top comments.</p>
              </div>
              <Switch
                id={`${ids}-comments`}
                checked={form.includeComments}
                onCheckedChange={(checked) => set("includeComments", checked)}
              />
            </div>

            <div className="space-y-2">
              <button
                type="button"
                className="flex items-center gap-2 text-sm font-medium text-primary hover:underline"
                onClick={() => setShowTranscript((v) => !v)}
                aria-expanded={showTranscript}
              >
                <FileText className="h-4 w-4" /> {showTranscript ? "Hide transcript" : "Have a transcript? (optional)"}
              </button>
              {showTranscript && (
                <div className="space-y-2">
                  <p className="text-xs text-muted-foreground">
                    Paste the transcript or upload an .srt, .vtt or .txt file. It is used instead of fetching captions.
                  </p>
                  <Textarea
                    aria-label="Transcript"
                    rows={5}
                    value={form.transcript}
                    placeholder="Paste the transcript here..."
                    onChange={(e) => set("transcript", e.target.value)}
                  />
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
                </div>
              )}
            </div>
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
            </div>
          )}

          <DialogFooter>
            <Button type="button" variant="outline" disabled={generating} onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={generating || !formValid || !limits.canCreate}>
              {generating ? (
                <>
                  <Loader2 className="animate-spin" /> Generating...
                </>
              ) : (
                <>
                  <Sparkles /> Generate Article
                </>
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
