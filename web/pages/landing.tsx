import { ACCOUNT_DELETED } from "@contract/account-messages";
import { BROWSE_PATH } from "@contract/feed-query";
import { PRODUCT_NAME } from "@contract/options";
import {
  ArrowRight,
  BookOpen,
  CheckCircle2,
  Feather,
  MessageSquareText,
  Newspaper,
  PenLine,
  Sparkles,
  Video,
} from "lucide-react";
import { Link, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Logo } from "@/features/layout/logo";
import { Main } from "@/features/layout/main-landmark";

const FEATURES = [
  {
    icon: Video,
    title: "Paste a video link",
    text: "Drop in any YouTube link. We gather the title, description, chapters, transcript and what viewers say in the comments.",
  },
  {
    icon: Sparkles,
    title: "An AI writer does the draft",
    text: "In about a minute the writer turns it into a structured article of the length and tone you choose, with headings and key quotes.",
  },
  {
    icon: MessageSquareText,
    title: "Publish and discuss",
    text: "Share your article, collect ratings, bookmark what you love and follow a feed shaped around your interests.",
  },
];

const STYLES = [
  {
    icon: PenLine,
    name: "Blog Style",
    text: "Conversational and easy to skim: subheadings, bullet points and a friendly voice.",
  },
  {
    icon: Newspaper,
    name: "NYT Style",
    text: "Inverted-pyramid news writing: the key fact first, then context and attributed quotes.",
  },
  {
    icon: Feather,
    name: "Custom Style",
    text: "Paste articles you admire and the writer follows their voice and structure.",
  },
];

/** The signed-out front door (spec section 2). */
export default function LandingPage() {
  // Where deleting an account lands (the dialog and the form without JavaScript alike).
  const deleted = new URLSearchParams(useSearch()).get("account") === "deleted";
  return (
    <div className="min-h-screen bg-gradient-to-b from-indigo-50 via-background to-background">
      <header className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <div className="flex items-center gap-2">
          <Button asChild variant="ghost">
            <Link href={BROWSE_PATH}>Browse</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/login">Sign In</Link>
          </Button>
        </div>
      </header>

      <Main>
        {deleted && (
          <div className="mx-auto max-w-4xl px-4 pt-6 sm:px-6">
            <p
              role="status"
              className="flex items-center gap-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900"
            >
              <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden /> {ACCOUNT_DELETED}
            </p>
          </div>
        )}
        <section className="mx-auto max-w-4xl px-4 pb-16 pt-12 text-center sm:px-6 sm:pt-20">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-sm text-muted-foreground">
            <Sparkles className="h-4 w-4 text-primary" /> From video to article in about a minute
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight text-foreground sm:text-6xl">
            Turn videos into <span className="text-primary">articles worth reading</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            {PRODUCT_NAME} reads a video's transcript, metadata and comments and writes a polished article in the style
            you want: a blog post, a news story, or your own voice.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" className="w-full sm:w-auto">
              <Link href="/register">
                Start Creating Articles <ArrowRight />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
              <Link href={BROWSE_PATH}>
                <BookOpen /> Browse articles
              </Link>
            </Button>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6" aria-labelledby="how-it-works">
          <h2 id="how-it-works" className="sr-only">
            How it works
          </h2>
          <div className="grid gap-6 md:grid-cols-3">
            {FEATURES.map((feature) => (
              <Card key={feature.title} className="h-full">
                <CardContent className="p-6">
                  <span className="mb-4 flex h-11 w-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <feature.icon className="h-5 w-5" />
                  </span>
                  <h3 className="text-lg font-semibold">{feature.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{feature.text}</p>
                </CardContent>
              </Card>
            ))}
          </div>
        </section>

        <section className="border-y bg-muted/40 py-20" aria-labelledby="styles">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="styles" className="text-center text-3xl font-bold tracking-tight">
              Three ways to write
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
              Pick a writing style for every article, then choose its length and tone.
            </p>
            <div className="mt-12 grid gap-6 md:grid-cols-3">
              {STYLES.map((style) => (
                <div key={style.name} className="rounded-xl border bg-background p-6 shadow-sm">
                  <style.icon className="h-6 w-6 text-primary" />
                  <h3 className="mt-4 text-lg font-semibold">{style.name}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{style.text}</p>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6">
          <h2 className="text-3xl font-bold tracking-tight">Your next article is one link away</h2>
          <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
            Create a free account and write your first three articles today.
          </p>
          <Button asChild size="lg" className="mt-8">
            <Link href="/register">
              Get Started for Free <ArrowRight />
            </Link>
          </Button>
        </section>
      </Main>

      <footer className="border-t py-8 text-center text-sm text-muted-foreground">
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </footer>
    </div>
  );
}
