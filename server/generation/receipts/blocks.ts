/**
 * The pass over each paragraph, list and blockquote: every quotation judged and mended (kept and
 * linked to where it is said, corrected, unquoted or dropped with its sentence), every other
 * moment link checked against its sentence, and sentences crediting people the sources do not
 * name, or repeating an invented quotation, dropped. Pull quotes (a blockquote without quotation
 * marks) are judged whole.
 */
import { formatTimestamp, timestampUrl } from "../../content/text";
import { applyEdits, type Edit, firstAfter, lastAtOrBefore } from "./edits";
import { appendLinkEdit, insideVideo, near, placeSentence, relinkEdit, unlinkEdit } from "./links";
import {
  type Block,
  findLinks,
  findQuotes,
  findSentences,
  isAttributionLine,
  type Link,
  linkTargets,
  pullQuoteBody,
} from "./markdown";
import { clipText, keepEdgePunctuation, stripMarkdown } from "./plain";
import type { CheckRun } from "./run";

/** How far from a quotation its attribution is looked for ("…," said Dana Whitfield, the reporter). */
const ATTRIBUTION_CHARS = 160;

export function checkBlock(run: CheckRun, block: Block, reserved: Set<number> | undefined): string {
  if (!block.text.trim()) return "";
  if (block.kind === "blockquote" && findQuotes(block.text, linkTargets(findLinks(block.text))).length === 0) {
    return checkPullQuote(run, block.text);
  }
  const text = block.text;
  const links = findLinks(text);
  const quotes = findQuotes(text, linkTargets(links));
  const sentences = findSentences(text, quotes, links);
  const sentenceOf = (at: number): [number, number] => {
    const k = lastAtOrBefore(sentences, at);
    const found = k >= 0 ? sentences[k] : undefined;
    return found && at < found[1] ? found : [0, text.length];
  };
  const edits: Edit[] = [];
  const claimed = new Set<Link>();
  const dropSentence = (at: number) => {
    const [a, b] = sentenceOf(at);
    if (block.kind === "blockquote") edits.push({ from: 0, to: text.length, text: "", drop: true });
    else edits.push({ from: a, to: b, text: "", drop: true });
    run.tally.dropped++;
  };

  quotes.forEach((quote, q) => {
    const verdict = run.judgeQuote(quote.text);
    if (!verdict) return;
    run.tally.quotesSeen++;
    if (verdict.kind === "drop") {
      run.tally.quotesFailed++;
      run.problem(
        `The quotation "${clipText(quote.text)}" is not in the video's sources; quote only words that were said.`,
      );
      dropSentence(quote.open);
      return;
    }
    if (verdict.kind === "unquote") {
      run.tally.quotesFailed++;
      run.problem(`The quotation "${clipText(quote.text)}" is not what was said word for word.`);
      if (block.kind === "blockquote") {
        dropSentence(quote.open);
        return;
      }
      edits.push(
        { from: quote.open, to: quote.open + 1, text: "" },
        { from: quote.close, to: quote.close + 1, text: "" },
      );
      run.tally.unquoted++;
      return;
    }
    let printed = quote.text;
    if (verdict.kind === "requote") {
      run.tally.quotesFailed++;
      run.tally.requoted++;
      printed = keepEdgePunctuation(quote.text, verdict.exact);
      edits.push({ from: quote.open + 1, to: quote.close, text: printed });
    }
    const found = verdict.found;
    const evidence = run.quoteEvidence(stripMarkdown(printed), found.doc, found.from, found.to);
    if (evidence.speaker === null && evidence.source === "transcript") {
      // The words around the quotation in its sentence (a bounded stretch: attributions are short).
      const [a, b] = sentenceOf(quote.open);
      const before = text.slice(Math.max(a, quote.open - ATTRIBUTION_CHARS), quote.open);
      const after = text.slice(quote.close + 1, Math.min(b, quote.close + 1 + ATTRIBUTION_CHARS));
      evidence.speaker = run.creditedIn(`${before} ${after}`);
    }
    if (evidence.source === "transcript" || evidence.source === "description" || evidence.source === "comment") {
      run.quotes.push(evidence);
    }
    if (evidence.start === null || evidence.source !== "transcript") return;
    // The quotation's link: the first moment link after it, before the next quotation, in its sentence (or its pull quote).
    const [, sentenceEnd] = sentenceOf(quote.open);
    const limit = Math.min(quotes[q + 1]?.open ?? text.length, block.kind === "blockquote" ? text.length : sentenceEnd);
    let link: Link | undefined;
    for (let k = firstAfter(links, quote.close); k < links.length && links[k].from < limit; k++) {
      if (!claimed.has(links[k]) && run.momentOf(links[k].url) !== undefined) {
        link = links[k];
        break;
      }
    }
    const at = Math.floor(evidence.start);
    if (link) {
      claimed.add(link);
      if (!near(run.momentOf(link.url), at)) {
        run.tally.reanchored++;
        edits.push(relinkEdit(run.videoId, link, at));
      }
    } else {
      const pull = block.kind === "blockquote";
      edits.push(appendLinkEdit(run.videoId, text, sentenceOf(quote.open), quote.close, at, pull, quotes[q + 1]?.open));
    }
  });

  // Every other moment link must sit next to the words of its sentence.
  for (const link of links) {
    if (claimed.has(link) || reserved?.has(link.from)) continue;
    const moment = run.momentOf(link.url);
    if (moment === undefined) continue;
    const [a, b] = sentenceOf(link.from);
    const sentence = text.slice(a, b);
    const placed = moment === null ? "keep" : placeSentence(run.sources, sentence, moment);
    if (placed === "keep") continue;
    if (placed === null) {
      run.tally.unlinked++;
      run.problem(
        moment !== null && insideVideo(run.sources, moment)
          ? `The moment link at ${formatTimestamp(moment)} does not match what is said there.`
          : `A moment link (${link.label}) is outside the video.`,
      );
      edits.push(unlinkEdit(text, link));
    } else {
      run.tally.reanchored++;
      edits.push(relinkEdit(run.videoId, link, placed));
    }
  }

  // People credited must be named in the sources; an invented quotation must not come back unquoted.
  for (const [a, b] of sentences) {
    const sentence = text.slice(a, b);
    if (run.repeatsInvented(sentence) && !quotes.some((q) => q.open >= a && q.close < b)) {
      run.problem(`"${clipText(sentence)}" repeats an invented quotation.`);
      if (block.kind === "blockquote") edits.push({ from: 0, to: text.length, text: "", drop: true });
      else edits.push({ from: a, to: b, text: "", drop: true });
      run.tally.dropped++;
      continue;
    }
    const attribution = block.kind === "blockquote" && /^\s*>?\s*[—–-]{1,2}\s*/.test(sentence);
    const unknown = run.unknownPeople(sentence, attribution);
    if (unknown.length === 0) continue;
    run.problem(
      `The article credits ${unknown.join(", ")}, who ${unknown.length > 1 ? "are" : "is"} not named in the video's sources.`,
    );
    if (block.kind === "blockquote") edits.push({ from: 0, to: text.length, text: "", drop: true });
    else edits.push({ from: a, to: b, text: "", drop: true });
    run.tally.dropped++;
  }

  return applyEdits(text, edits);
}

/** A blockquote without quotation marks is a pull quote: all its body lines are the quotation. */
function checkPullQuote(run: CheckRun, text: string): string {
  const lines = text.split("\n");
  const body = pullQuoteBody(text);
  if (!body) return text;
  const verdict = run.judgeQuote(stripMarkdown(body));
  if (!verdict) return text;
  run.tally.quotesSeen++;
  const attribution = lines.filter(isAttributionLine);
  if (verdict.kind === "drop" || verdict.kind === "unquote") {
    run.tally.quotesFailed++;
    run.tally.dropped++;
    run.problem(`The pull quote "${clipText(body)}" is not what was said word for word.`);
    return "";
  }
  if (attribution.some((line) => run.unknownPeople(line, true).length > 0)) {
    run.tally.dropped++;
    run.problem("A pull quote credits someone the video's sources do not name.");
    return "";
  }
  let printed = body;
  if (verdict.kind === "requote") {
    run.tally.quotesFailed++;
    run.tally.requoted++;
    printed = verdict.exact;
  }
  const { found } = verdict;
  const evidence = run.quoteEvidence(stripMarkdown(printed), found.doc, found.from, found.to);
  if (evidence.speaker === null && evidence.source === "transcript" && attribution.length) {
    evidence.speaker = run.creditedIn(attribution[0], true);
  }
  if (evidence.source !== "title" && evidence.source !== "chapter") run.quotes.push(evidence);
  const out = [`> ${printed}`];
  if (evidence.start !== null && evidence.source === "transcript") {
    const at = Math.floor(evidence.start);
    const link = `[${formatTimestamp(at)}](${timestampUrl(run.videoId, at)})`;
    if (attribution.length) {
      const line = attribution[0];
      const links = findLinks(line).filter((l) => run.momentOf(l.url) !== undefined);
      if (links.length) {
        if (!near(run.momentOf(links[0].url), at)) run.tally.reanchored++;
        out.push(">", applyEdits(line, [relinkEdit(run.videoId, links[0], at)]));
      } else out.push(">", `${line.replace(/[.\s]+$/, "")}, ${link}`);
    } else {
      out.push(">", `> — ${link}`);
    }
  } else if (attribution.length) out.push(">", ...attribution);
  return out.join("\n");
}
