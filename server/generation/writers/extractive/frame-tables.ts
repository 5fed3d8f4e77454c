import { capitalise, preposition } from "./tokens";

/*
 * The frames of the languages written with one plain template each (es, fr, de, pt): only the
 * words that differ between them. frames.ts turns a table into the writer's Frames.
 */

/** The languages the writer frames articles in (English with varied templates, the others with one each). */
export type FrameLanguage = "en" | "es" | "fr" | "de" | "pt";

/** The words that differ between the languages framed with one plain template each. */
export interface Table {
  lang: Exclude<FrameLanguage, "en">;
  locale: string;
  and: string;
  opener: (channel: string, title: string, topics: string) => string;
  openerNoTopics: (channel: string, title: string) => string;
  closer: (timed: boolean) => string;
  takeaways: string;
  inShort: string;
  chapters: string;
  about: string;
  mainPoint: string;
  part: string;
  watchFrom: string;
  transition: (speaker: string, topic: string, n: number) => string;
  whatAbout: string;
  descriptionAdds: string;
  fromDescription: string;
  ingredientsHeading: string;
  methodHeading: string;
  descriptionReads: string;
  asDescription: string;
  descriptionAddsShort: string;
  commentsHeading: string;
  commentsIntro: string;
  likes: string;
  closingHeading: string;
  closingLine: (link: (text: string) => string) => string;
  outroLead: (speaker: string) => string;
  says: string[];
  said: string[];
  /** A verb of asking, present and past, for a reported question. */
  asks: [string, string];
  asPutsIt: (who: string, text: string) => string;
  inWords: (who: string, text: string) => string;
  creator: string;
  report: string;
  speaker: string;
  interviewer: string;
  guest: string;
  oneSpeaker: string;
  otherSpeaker: string;
  published: (channel: string, title: string, when: string) => string;
  pageSaysLittle: string;
  on: string;
  according: string;
  saidIn: (who: string) => string;
  titled: (title: string, when: string, who: string, topics: string) => string;
  metadata: (who: string, title: string, when: string, topics: string) => string;
  start: string;
  seconds: (n: number) => string;
  minutes: (n: number) => string;
  at: (at: string) => string;
  video: string;
  videoOf: (minutes: number) => string;
  titledClause: (title: string) => string;
  postedBy: string;
  viewed: (views: string) => string;
  moreThan: string;
  covers: string;
  /** "Covers" after a lede that named the first topics ("aborda também", "traite aussi de"). */
  alsoCovers: string;
  descriptionWrites: (channel: string) => string;
  reportBy: (name: string) => string;
  chaptersDivided: (count: number, list: string) => string;
  viewersLead: string;
  wrote: string;
  anotherViewer: string;
  nearEnd: string;
  fullVideo: (url: string) => string;
}

export const TABLES: Record<Exclude<FrameLanguage, "en">, Table> = {
  es: {
    lang: "es",
    locale: "es-ES",
    and: "y",
    opener: (channel, title, topics) => `En "${title}", ${channel} explica ${topics}.`,
    openerNoTopics: (channel, title) => `Este artículo resume "${title}", un vídeo de ${channel}.`,
    closer: (timed) =>
      timed
        ? "Estos son los puntos principales, con enlaces a los momentos del vídeo."
        : "Estos son los puntos principales.",
    takeaways: "Puntos clave",
    inShort: "En resumen:",
    chapters: "Qué trata el vídeo",
    mainPoint: "La idea principal",
    part: "Parte",
    about: "Sobre el vídeo",
    watchFrom: "Ver desde",
    transition: (speaker, topic, n) =>
      n % 2 === 1
        ? `El vídeo pasa después ${preposition("a", topic, "es")}.`
        : `${capitalise(speaker)} trata también ${topic}.`,
    whatAbout: "¿Qué hay de",
    descriptionAdds: "La descripción del vídeo añade:",
    fromDescription: "De la descripción",
    ingredientsHeading: "Lo que necesitas",
    methodHeading: "Paso a paso",
    descriptionReads: "La descripción dice:",
    asDescription: "Como dice la descripción,",
    descriptionAddsShort: "La descripción añade:",
    commentsHeading: "Lo que dicen los espectadores",
    commentsIntro: "Algunos comentarios de los espectadores:",
    likes: "me gusta",
    closingHeading: "En conclusión",
    closingLine: (link) => `El vídeo completo tiene más detalles: ${link("véalo en YouTube")}.`,
    outroLead: (speaker) => `${capitalise(speaker)} cierra con esta idea:`,
    says: ["dice", "explica", "señala"],
    said: ["dijo", "explicó", "añadió", "señaló"],
    asks: ["pregunta", "preguntó"],
    asPutsIt: (who, text) => `Como dice ${who}, "${text}"`,
    inWords: (who, text) => `En palabras de ${who}: "${text}"`,
    creator: "el canal",
    report: "el reportaje",
    speaker: "el ponente",
    interviewer: "el entrevistador",
    guest: "el invitado",
    oneSpeaker: "una de las personas",
    otherSpeaker: "la otra persona",
    published: (channel, title, when) => `${channel} publicó "${title}" en YouTube${when}.`,
    pageSaysLittle: "La página del vídeo no dice mucho más.",
    on: "el",
    according: "según un vídeo publicado por",
    saidIn: (who) => `dijo ${who} en un vídeo publicado en YouTube`,
    titled: (title, when, who, topics) =>
      `En un vídeo titulado "${title}", publicado en YouTube${when}, ${who} habla ${preposition("de", topics, "es")}.`,
    metadata: (who, title, when, topics) =>
      `${who} publicó un vídeo titulado "${title}" en YouTube${when}${topics ? `, sobre ${topics}` : ""}.`,
    start: "al principio del vídeo",
    seconds: (n) => `a los ${n} segundos del vídeo`,
    minutes: (n) => `hacia el minuto ${n} del vídeo`,
    at: (at) => `en el minuto ${at}`,
    video: "El vídeo",
    videoOf: (m) => `El vídeo, de ${m} minutos,`,
    titledClause: (title) => `, titulado "${title}",`,
    postedBy: "fue publicado por",
    viewed: (views) => `tiene ${views} visualizaciones`,
    moreThan: "más de",
    covers: "trata",
    alsoCovers: "trata también",
    reportBy: (name) => `El reportaje es de ${name}.`,
    descriptionWrites: (channel) => `En la descripción del vídeo, ${channel} escribe:`,
    chaptersDivided: (count, list) => `El vídeo se divide en ${count} capítulos: ${list}.`,
    viewersLead: "Los espectadores opinaron en los comentarios.",
    wrote: "escribió",
    anotherViewer: "Otro espectador,",
    nearEnd: " cerca del final del vídeo.",
    fullVideo: (url) => `El vídeo completo está [disponible en YouTube](${url}).`,
  },
  fr: {
    lang: "fr",
    locale: "fr-FR",
    and: "et",
    opener: (channel, title, topics) => `Dans "${title}", ${channel} présente ${topics}.`,
    openerNoTopics: (channel, title) => `Cet article résume "${title}", une vidéo de ${channel}.`,
    closer: (timed) =>
      timed
        ? "Voici les points principaux, avec des liens vers les moments de la vidéo."
        : "Voici les points principaux.",
    takeaways: "Points clés",
    inShort: "En bref :",
    chapters: "Ce que couvre la vidéo",
    mainPoint: "L'idée principale",
    part: "Partie",
    about: "À propos de la vidéo",
    watchFrom: "Voir à partir de",
    transition: (speaker, topic, n) =>
      n % 2 === 1
        ? `La vidéo aborde ensuite ${topic}.`
        : `${capitalise(speaker)} traite aussi ${preposition("de", topic, "fr")}.`,
    whatAbout: "Qu'en est-il de",
    descriptionAdds: "La description de la vidéo ajoute :",
    fromDescription: "D'après la description",
    ingredientsHeading: "Ce qu'il vous faut",
    methodHeading: "Étape par étape",
    descriptionReads: "La description indique :",
    asDescription: "Comme le dit la description,",
    descriptionAddsShort: "La description ajoute :",
    commentsHeading: "Ce qu'en disent les spectateurs",
    commentsIntro: "Quelques commentaires de spectateurs :",
    likes: "j'aime",
    closingHeading: "Pour conclure",
    closingLine: (link) => `La vidéo complète donne plus de détails : ${link("regardez-la sur YouTube")}.`,
    outroLead: (speaker) => `${capitalise(speaker)} conclut ainsi :`,
    says: ["dit", "explique", "souligne"],
    said: ["a dit", "a expliqué", "a ajouté", "a souligné"],
    asks: ["demande", "a demandé"],
    asPutsIt: (who, text) => `Comme le dit ${who}, "${text}"`,
    inWords: (who, text) => `Selon ${who} : "${text}"`,
    creator: "la chaîne",
    report: "le reportage",
    speaker: "l'intervenant",
    interviewer: "l'intervieweur",
    guest: "l'invité",
    oneSpeaker: "l'une des personnes",
    otherSpeaker: "l'autre personne",
    published: (channel, title, when) => `${channel} a publié "${title}" sur YouTube${when}.`,
    pageSaysLittle: "La page de la vidéo n'en dit guère plus.",
    on: "le",
    according: "selon une vidéo publiée par",
    saidIn: (who) => `a déclaré ${who} dans une vidéo publiée sur YouTube`,
    titled: (title, when, who, topics) =>
      `Dans une vidéo intitulée "${title}", publiée sur YouTube${when}, ${who} parle ${preposition("de", topics, "fr")}.`,
    metadata: (who, title, when, topics) =>
      `${who} a publié une vidéo intitulée "${title}" sur YouTube${when}${topics ? `, consacrée ${preposition("à", topics, "fr")}` : ""}.`,
    start: "au début de la vidéo",
    seconds: (n) => `à ${n} secondes du début de la vidéo`,
    minutes: (n) => `vers la ${n}e minute de la vidéo`,
    at: (at) => `à ${at}`,
    video: "La vidéo",
    videoOf: (m) => `La vidéo, longue de ${m} minutes,`,
    titledClause: (title) => `, intitulée "${title}",`,
    postedBy: "a été publiée par",
    viewed: (views) => `a été vue ${views} fois`,
    moreThan: "plus de",
    covers: "traite de",
    alsoCovers: "traite aussi de",
    reportBy: (name) => `Le reportage est signé ${name}.`,
    descriptionWrites: (channel) => `Dans la description de la vidéo, ${channel} écrit :`,
    chaptersDivided: (count, list) => `La vidéo est divisée en ${count} chapitres : ${list}.`,
    viewersLead: "Les spectateurs ont réagi dans les commentaires.",
    wrote: "a écrit",
    anotherViewer: "Un autre spectateur,",
    nearEnd: " vers la fin de la vidéo.",
    fullVideo: (url) => `La vidéo complète est [disponible sur YouTube](${url}).`,
  },
  de: {
    lang: "de",
    locale: "de-DE",
    and: "und",
    opener: (channel, title, topics) => `In "${title}" erklärt ${channel} ${topics}.`,
    openerNoTopics: (channel, title) => `Dieser Artikel fasst "${title}" zusammen, ein Video von ${channel}.`,
    closer: (timed) =>
      timed
        ? "Hier sind die wichtigsten Punkte, mit Links zu den Stellen im Video."
        : "Hier sind die wichtigsten Punkte.",
    takeaways: "Das Wichtigste",
    inShort: "Kurz gesagt:",
    chapters: "Worum es im Video geht",
    mainPoint: "Der Kernpunkt",
    part: "Teil",
    about: "Über das Video",
    watchFrom: "Ansehen ab",
    transition: (speaker, topic, n) =>
      n % 2 === 1 ? `Im Video geht es weiter mit ${topic}.` : `${capitalise(speaker)} spricht auch über ${topic}.`,
    whatAbout: "Wie steht es um",
    descriptionAdds: "Die Videobeschreibung ergänzt:",
    fromDescription: "Aus der Beschreibung",
    ingredientsHeading: "Das brauchen Sie",
    methodHeading: "Schritt für Schritt",
    descriptionReads: "In der Beschreibung heißt es:",
    asDescription: "Wie es in der Beschreibung heißt:",
    descriptionAddsShort: "Die Beschreibung ergänzt:",
    commentsHeading: "Was die Zuschauer sagen",
    commentsIntro: "Einige Kommentare von Zuschauern:",
    likes: "Likes",
    closingHeading: "Zum Schluss",
    closingLine: (link) => `Das ganze Video bietet mehr Details: ${link("auf YouTube ansehen")}.`,
    outroLead: (speaker) => `${capitalise(speaker)} schließt mit diesem Gedanken:`,
    says: ["sagt", "erklärt", "betont"],
    said: ["sagte", "erklärte", "betonte", "sagte"],
    asks: ["fragt", "fragte"],
    asPutsIt: (who, text) => `Wie ${who} sagt: "${text}"`,
    inWords: (who, text) => `In den Worten von ${who}: "${text}"`,
    creator: "der Kanal",
    report: "der Bericht",
    speaker: "der Sprecher",
    interviewer: "der Interviewer",
    guest: "der Gast",
    oneSpeaker: "eine der Personen",
    otherSpeaker: "die andere Person",
    published: (channel, title, when) => `${channel} hat "${title}"${when} auf YouTube veröffentlicht.`,
    pageSaysLittle: "Die Seite des Videos verrät kaum mehr.",
    on: "am",
    according: "wie aus einem Video von",
    saidIn: (who) => `sagte ${who} in einem auf YouTube veröffentlichten Video`,
    titled: (title, when, who, topics) =>
      `In einem Video mit dem Titel "${title}", veröffentlicht${when} auf YouTube, spricht ${who} über ${topics}.`,
    metadata: (who, title, when, topics) =>
      `${who} hat${when} ein Video mit dem Titel "${title}" auf YouTube veröffentlicht${topics ? `, über ${topics}` : ""}.`,
    start: "am Anfang des Videos",
    seconds: (n) => `nach ${n} Sekunden im Video`,
    minutes: (n) => `etwa in Minute ${n} des Videos`,
    at: (at) => `bei ${at}`,
    video: "Das Video",
    videoOf: (m) => `Das ${m}-minütige Video`,
    titledClause: (title) => ` mit dem Titel "${title}"`,
    postedBy: "wurde von",
    viewed: (views) => `wurde ${views} Mal angesehen`,
    moreThan: "mehr als",
    covers: "behandelt",
    alsoCovers: "behandelt auch",
    reportBy: (name) => `Der Bericht stammt von ${name}.`,
    descriptionWrites: (channel) => `In der Videobeschreibung schreibt ${channel}:`,
    chaptersDivided: (count, list) => `Das Video ist in ${count} Kapitel gegliedert: ${list}.`,
    viewersLead: "Zuschauer reagierten in den Kommentaren.",
    wrote: "schrieb",
    anotherViewer: "Ein anderer Zuschauer,",
    nearEnd: " gegen Ende des Videos.",
    fullVideo: (url) => `Das ganze Video ist [auf YouTube verfügbar](${url}).`,
  },
  pt: {
    lang: "pt",
    locale: "pt-BR",
    and: "e",
    opener: (channel, title, topics) => `Em "${title}", ${channel} explica ${topics}.`,
    openerNoTopics: (channel, title) => `Este artigo resume "${title}", um vídeo de ${channel}.`,
    closer: (timed) =>
      timed
        ? "Estes são os pontos principais, com links para os momentos do vídeo."
        : "Estes são os pontos principais.",
    takeaways: "Pontos principais",
    inShort: "Em resumo:",
    chapters: "O que o vídeo aborda",
    mainPoint: "A ideia principal",
    part: "Parte",
    about: "Sobre o vídeo",
    watchFrom: "Assistir a partir de",
    transition: (speaker, topic, n) =>
      n % 2 === 1
        ? `O vídeo passa depois para ${topic}.`
        : `${capitalise(speaker)} também fala ${preposition("de", topic, "pt")}.`,
    whatAbout: "Que dizer de",
    descriptionAdds: "A descrição do vídeo acrescenta:",
    fromDescription: "Da descrição",
    ingredientsHeading: "O que você precisa",
    methodHeading: "Passo a passo",
    descriptionReads: "A descrição diz:",
    asDescription: "Como diz a descrição,",
    descriptionAddsShort: "A descrição acrescenta:",
    commentsHeading: "O que dizem os espectadores",
    commentsIntro: "Alguns comentários dos espectadores:",
    likes: "curtidas",
    closingHeading: "Para terminar",
    closingLine: (link) => `O vídeo completo tem mais detalhes: ${link("assista no YouTube")}.`,
    outroLead: (speaker) => `${capitalise(speaker)} encerra com esta ideia:`,
    says: ["diz", "explica", "afirma"],
    said: ["disse", "afirmou", "disse", "afirmou"],
    asks: ["pergunta", "perguntou"],
    asPutsIt: (who, text) => `Como diz ${who}, "${text}"`,
    inWords: (who, text) => `Nas palavras de ${who}: "${text}"`,
    creator: "o canal",
    report: "a reportagem",
    speaker: "o palestrante",
    interviewer: "o entrevistador",
    guest: "o convidado",
    oneSpeaker: "uma das pessoas",
    otherSpeaker: "a outra pessoa",
    published: (channel, title, when) => `${channel} publicou "${title}" no YouTube${when}.`,
    pageSaysLittle: "A página do vídeo não diz muito mais.",
    on: "em",
    according: "segundo um vídeo publicado por",
    saidIn: (who) => `disse ${who} em um vídeo publicado no YouTube`,
    titled: (title, when, who, topics) =>
      `Em um vídeo intitulado "${title}", publicado no YouTube${when}, ${who} fala sobre ${topics}.`,
    metadata: (who, title, when, topics) =>
      `${who} publicou um vídeo intitulado "${title}" no YouTube${when}${topics ? `, sobre ${topics}` : ""}.`,
    start: "no início do vídeo",
    seconds: (n) => `aos ${n} segundos do vídeo`,
    minutes: (n) => `por volta do minuto ${n} do vídeo`,
    at: (at) => `aos ${at}`,
    video: "O vídeo",
    videoOf: (m) => `O vídeo, de ${m} minutos,`,
    titledClause: (title) => `, intitulado "${title}",`,
    postedBy: "foi publicado por",
    viewed: (views) => `tem ${views} visualizações`,
    moreThan: "mais de",
    covers: "aborda",
    alsoCovers: "aborda também",
    reportBy: (name) => `A reportagem é de ${name}.`,
    descriptionWrites: (channel) => `Na descrição do vídeo, ${channel} escreve:`,
    chaptersDivided: (count, list) => `O vídeo está dividido em ${count} capítulos: ${list}.`,
    viewersLead: "Os espectadores comentaram o vídeo.",
    wrote: "escreveu",
    anotherViewer: "Outro espectador,",
    nearEnd: " perto do fim do vídeo.",
    fullVideo: (url) => `O vídeo completo está [disponível no YouTube](${url}).`,
  },
};
