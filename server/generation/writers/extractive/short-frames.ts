import type { FrameLanguage, Frames } from "./frames";
import { pick } from "./phrases";
import { capitalise, preposition } from "./tokens";

/*
 * The writer's own sentences for a terse reference style: the same frame (opening, a turn to the
 * next topic, a closing link, credits) in a few words, so an article that imitates five-word
 * sentences does not open on a twenty-word one. Every sentence has its verb.
 */

interface Short {
  about: (speaker: string, topic: string) => string;
  video: (speaker: string) => string;
  closer: string;
  turns: Array<(speaker: string, topic: string) => string>;
  full: (link: (text: string) => string) => string;
  endsOn: (speaker: string) => string;
  viewers: string;
  adds: (quote: string) => string;
}

const SHORT: Record<FrameLanguage, Short> = {
  en: {
    about: (s, t) => `${s} talks about ${t}.`,
    video: (s) => `${s} has a new video.`,
    closer: "Here is what stood out.",
    // "Then comes private loans" would not agree with a plural topic.
    turns: [(s, t) => `${s} turns to ${t}.`, (_s, t) => `The video moves on to ${t}.`],
    full: (link) => `The ${link("full video")} has more.`,
    endsOn: (s) => `${s} ends on this:`,
    viewers: "Viewers wrote back.",
    adds: (q) => `The description adds: "${q}"`,
  },
  es: {
    about: (s, t) => `${s} habla ${preposition("de", t, "es")}.`,
    video: (s) => `${s} tiene un vídeo nuevo.`,
    closer: "Esto es lo más destacado.",
    turns: [(s, t) => `${s} pasa ${preposition("a", t, "es")}.`, (_s, t) => `Luego viene ${t}.`],
    full: (link) => `El ${link("vídeo completo")} tiene más.`,
    endsOn: (s) => `${s} cierra así:`,
    viewers: "Los espectadores opinaron.",
    adds: (q) => `La descripción añade: "${q}"`,
  },
  fr: {
    about: (s, t) => `${s} parle ${preposition("de", t, "fr")}.`,
    video: (s) => `${s} publie une nouvelle vidéo.`,
    closer: "Voici l'essentiel.",
    turns: [(s, t) => `${s} passe ${preposition("à", t, "fr")}.`, (_s, t) => `Vient ensuite ${t}.`],
    full: (link) => `La ${link("vidéo complète")} en dit plus.`,
    endsOn: (s) => `${s} conclut ainsi :`,
    viewers: "Les spectateurs ont réagi.",
    adds: (q) => `La description ajoute : "${q}"`,
  },
  de: {
    about: (s, t) => `${s} spricht über ${t}.`,
    video: (s) => `${s} hat ein neues Video.`,
    closer: "Hier ist das Wichtigste.",
    turns: [(s, t) => `${s} kommt zu ${t}.`, (_s, t) => `Dann geht es um ${t}.`],
    full: (link) => `Das ${link("ganze Video")} zeigt mehr.`,
    endsOn: (s) => `${s} schließt so:`,
    viewers: "Die Zuschauer reagierten.",
    adds: (q) => `Die Beschreibung ergänzt: "${q}"`,
  },
  pt: {
    about: (s, t) => `${s} fala sobre ${t}.`,
    video: (s) => `${s} tem um vídeo novo.`,
    closer: "Eis o que se destacou.",
    turns: [(s, t) => `${s} passa para ${t}.`, (_s, t) => `Depois vem ${t}.`],
    full: (link) => `O ${link("vídeo completo")} traz mais.`,
    endsOn: (s) => `${s} encerra assim:`,
    viewers: "Os espectadores reagiram.",
    adds: (q) => `A descrição acrescenta: "${q}"`,
  },
};

/**
 * Frames whose own sentences are a few words long, for a reference style of short sentences.
 * Minimal frames (a language without its own table) are left as they are.
 */
export function shortFrames(frames: Frames): Frames {
  if (frames.minimal) return frames;
  const s = SHORT[frames.lang];
  return {
    ...frames,
    introOpener: (_tone, _voice, slots) =>
      slots.topics[0] ? s.about(capitalise(slots.speaker), slots.topics[0]) : s.video(capitalise(slots.speaker)),
    centralLead: () => "",
    introCloser: () => s.closer,
    transition: (_tone, _voice, speaker, topic, seed, n) => pick(s.turns, seed, n)(capitalise(speaker), topic),
    closingLine: (_tone, _voice, link) => s.full(link),
    outroLead: (_tone, speaker) => s.endsOn(capitalise(speaker)),
    commentsIntro: () => s.viewers,
    descriptionAdds: s.adds,
    firstComment: (text, who) => frames.quoteThen(text, who, frames.wrote),
    // "Jess says: …", not "As Jess puts it, …" or "In Jess' words: …": two words of frame, not four.
    // Without a verb ("the creator" quoted in the intro) the full frame's wording stands.
    attributed: (who, verb, text, n) =>
      !verb
        ? frames.attributed(who, verb, text, n)
        : n % 2 === 0
          ? `${capitalise(who)} ${verb}: "${text}"`
          : frames.quoteThen(text, who, verb),
  };
}
