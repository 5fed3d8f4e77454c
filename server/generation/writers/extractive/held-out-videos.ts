import type { Transcript, TranscriptSegment, VideoData } from "../../types";

/*
 * Videos written after the writer was built and read as an editor would, to find what it gets
 * wrong on a source it was not shaped on: a bike shop's how-to whose presenter names herself only
 * at the end and reads out named steps, a Portuguese recipe with its steps told by ordinals, and a
 * podcast interview whose description names host and guest, and a German how-to whose steps
 * open like speaker labels ("Erster Schritt:"). Kept as eval samples (scripts/eval)
 * so what was fixed stays fixed; invented text, no real people.
 */

/**
 * Caption lines of a script, a sentence or part of one per line at a speaking pace, with a
 * pause after most sentences; `auto` writes them as auto captions (lower case, no punctuation).
 * Lines opening a new speaker's turn start with ">>" when the script marks turns with "\n>> ".
 */
function captions(script: string, language: string, auto = false): { transcript: Transcript; seconds: number } {
  const segments: TranscriptSegment[] = [];
  let time = 1;
  let k = 0;
  for (const sentence of script.replace(/\n(?!>>)/g, " ").split(/(?<=[.!?])\s+/)) {
    const turn = sentence.startsWith(">> ") || sentence.startsWith("\n>> ");
    const text = sentence.replace(/^\n?>> /, "");
    const words = (auto ? text.toLowerCase().replace(/[.,!?:;]/g, "") : text).split(/\s+/).filter(Boolean);
    for (let i = 0; i < words.length; ) {
      const size = 6 + ((k + i) % 4);
      const line = words.slice(i, i + size).join(" ");
      const duration = Math.min(size, words.length - i) / 2.6;
      segments.push({ start: round(time), duration: round(duration), text: i === 0 && turn ? `>> ${line}` : line });
      i += size;
      time += duration + (i >= words.length && k % 3 !== 1 ? 0.7 : 0.05);
    }
    k++;
  }
  return { transcript: { language, kind: auto ? "auto" : "manual", timed: true, segments }, seconds: Math.ceil(time) };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

const FLAT_TIRE_SCRIPT = `Hey everyone, welcome back to the shop. Today I'm going to show you how to fix a flat tire on your bike in about ten minutes, with nothing more than a pair of tire levers, a patch kit and a pump. Before we start, make sure you subscribe and hit the bell.
So the first thing you need to do is get the wheel off the bike. Shift into the smallest cog at the back, open the brake if you have rim brakes, and then open the quick release. The wheel should drop right out.
Now let all the remaining air out of the tube. Press the valve, and if it's a Presta valve, unscrew the little nut at the top first.
Step two is getting the tire off the rim. Push the bead of the tire into the center of the rim all the way around. That gives you slack. Then hook one tire lever under the bead, opposite the valve, and clip it to a spoke. Take the second lever about ten centimetres away and run it around the rim. Never use a screwdriver for this, because it will cut the tube and scratch the rim.
Pull the tube out, but leave the tire on the other side of the rim. Now here's the part most people skip. Run your fingers carefully around the inside of the tire and find what caused the puncture. Nine times out of ten it's a small piece of glass or a thorn that's still stuck in the tire. If you don't take it out, you'll have another flat within a mile.
Step three is finding the hole. Pump a little air into the tube and listen for the hiss. If you can't hear it, hold the tube near your lips, you'll feel the air. Or dunk it in a bucket of water and look for bubbles.
Step four, the patch. Rough up the area around the hole with the sandpaper from your kit, about the size of a coin. Spread a thin layer of glue and wait five minutes until it goes clear. This is where everybody gets impatient. If the glue is still wet, the patch will peel off. Press the patch on hard for a full minute.
Step five is putting it all back together. Put a little air in the tube so it holds its shape, push the valve through the rim, and tuck the tube inside the tire. Then push the bead back over the rim with your thumbs, starting at the valve and finishing opposite it. Try not to use levers here, because that's how you pinch the new tube.
Pump the tire up to the pressure printed on the sidewall. For most road bikes that's between eighty and a hundred psi, for mountain bikes more like thirty.
And that's it. My name is Dana Okafor, I've been fixing bikes at Southside Cycles for twelve years, and honestly a flat is the one repair every rider should know. Let me know in the comments what you want to see next, and I'll see you in the next one.`;

const flat = captions(FLAT_TIRE_SCRIPT, "en");

/** A how-to with named steps ("Step two is getting the tire off the rim."), its presenter named only at the end. */
export const STEPS_HOWTO_VIDEO: VideoData = {
  id: "flatFix0001",
  url: "https://www.youtube.com/watch?v=flatFix0001",
  title: "How to Fix a Flat Bike Tire in 10 Minutes (Beginner Friendly!!) 🚲",
  channel: { id: "UCshop", name: "Southside Cycles" },
  description:
    "Dana shows the whole puncture repair: wheel off, tire off, find the cause, patch, refit and pump.\nShop: https://example.com\n#bike #cycling #repair",
  publishedAt: "2025-04-02T10:00:00Z",
  durationSeconds: flat.seconds,
  viewCount: 23_100,
  thumbnails: [],
  chapters: [],
  transcript: flat.transcript,
  comments: [
    {
      author: "@commuter_kim",
      text: "The tip about checking inside the tire saved me. Had two flats in a row before because of a tiny wire.",
      likes: 410,
      publishedAt: null,
    },
    {
      author: "@grumpyroadie",
      text: "Nobody patches tubes anymore, just carry a spare.",
      likes: 35,
      publishedAt: null,
    },
  ],
};

const PAO_SCRIPT = `Olá pessoal, tudo bem? Sejam muito bem-vindos ao canal Cozinha da Vó Lúcia. Hoje eu vou ensinar para vocês o meu pão de queijo mineiro, aquele que a minha avó fazia todo domingo. Antes de começar, se inscreve no canal e ativa o sininho.
O segredo do pão de queijo é o polvilho. Eu uso metade polvilho doce e metade polvilho azedo, porque o azedo deixa a casquinha crocante e o doce deixa o miolo macio.
Primeiro passo: ferver o leite com o óleo e o sal. Quando levantar fervura, desliga o fogo.
Segundo passo: escaldar o polvilho. Despeja o leite quente de uma vez sobre os quinhentos gramas de polvilho e mexe bem com uma colher de pau até formar uma farofa úmida.
Terceiro passo: esperar esfriar. Isso é muito importante, porque se você colocar os ovos com a massa quente, eles cozinham e o pão fica pesado.
Quarto passo: colocar os ovos, um de cada vez, e sovar a massa com as mãos por uns cinco minutos, até ela ficar lisa e desgrudar das mãos.
Quinto passo: misturar duzentos gramas de queijo meia cura ralado. Pode usar parmesão também, mas o meia cura é o tradicional de Minas.
Agora é só enrolar as bolinhas com as mãos untadas de óleo, do tamanho de uma noz, e colocar na assadeira com espaço entre elas, porque elas crescem bastante.
Leva ao forno preaquecido a cento e oitenta graus por uns vinte e cinco a trinta minutos, até ficarem douradinhas.
Uma dica: você pode congelar as bolinhas cruas numa assadeira e depois guardar num saquinho. Elas duram até três meses no congelador e vão direto para o forno, sem descongelar.
E é isso, gente. Se vocês gostaram, deixa o seu like, comenta aqui embaixo de onde vocês estão assistindo, e até a próxima receita. Um beijo!`;

const pao = captions(PAO_SCRIPT, "pt");

/** A Portuguese recipe: steps by ordinal ("Primeiro passo: …"), ingredients in the description. */
export const PORTUGUESE_RECIPE_VIDEO: VideoData = {
  id: "paoQueijo01",
  url: "https://www.youtube.com/watch?v=paoQueijo01",
  title: "PÃO DE QUEIJO MINEIRO DA VÓ 🧀 Receita fácil e crocante!",
  channel: { id: "UCvo", name: "Cozinha da Vó Lúcia" },
  description:
    "A receita de pão de queijo da minha avó, com polvilho doce e azedo.\n\nIngredientes:\n- 250 g de polvilho doce\n- 250 g de polvilho azedo\n- 300 ml de leite\n- 150 ml de óleo\n- 1 colher de chá de sal\n- 3 ovos\n- 200 g de queijo meia cura ralado\n\n#paodequeijo #receita #mineira",
  publishedAt: "2025-02-10T12:00:00Z",
  durationSeconds: pao.seconds,
  viewCount: 184_000,
  thumbnails: [],
  chapters: [],
  transcript: pao.transcript,
  comments: [
    {
      author: "@mariasilva",
      text: "Fiz hoje e ficou perfeito! A dica de esperar esfriar antes dos ovos fez toda a diferença.",
      likes: 320,
      publishedAt: null,
    },
    { author: "@joaop", text: "Minha avó também fazia com meia cura, saudade!", likes: 88, publishedAt: null },
  ],
};

const INTERVIEW_TURNS: ReadonlyArray<readonly [string, string]> = [
  [
    "host",
    "Welcome back to Table Talk. My guest today runs one of the busiest bakeries in Leeds, and she started it with a single oven in her flat. Ana, thanks for coming in.",
  ],
  [
    "guest",
    "Thanks for having me. It's a bit surreal, honestly, because five years ago I was baking at two in the morning in a kitchen the size of a cupboard.",
  ],
  ["host", "So take me back. Why bread? You were an accountant, right?"],
  [
    "guest",
    "I was. I spent eight years auditing restaurants, and the thing I kept seeing was that the businesses that survived had one product people would cross town for. I wanted to build that. Bread was the thing I already made every weekend, so it was the obvious bet.",
  ],
  ["host", "And the numbers side of you didn't panic?"],
  [
    "guest",
    "Oh, it panicked constantly. The first year we lost about eleven thousand pounds. What saved us was a wholesale deal with three cafés. They took sixty loaves a day between them, which covered the rent before we sold a single loaf over the counter.",
  ],
  ["host", "Let's talk about the price. Your sourdough is six pounds fifty. People push back on that."],
  [
    "guest",
    "They do, and I get it. But a loaf takes us thirty-six hours from mixing to the shelf, and the flour alone costs a pound twenty. When we tried five pounds we were working for free. So I put the process on a chalkboard by the till, and the complaints mostly stopped.",
  ],
  ["host", "What would you tell someone listening who wants to open a bakery?"],
  [
    "guest",
    "Start with wholesale, not a shop. A shop is rent, staff and hoping people walk in. Wholesale is a contract. And bake the same five things really well before you bake fifty things badly.",
  ],
  ["host", "Ana Ruiz, thank you. Her bakery is Crumb and Co on Kirkgate. That's it for this week's Table Talk."],
];

const interview = captions(INTERVIEW_TURNS.map(([, text]) => `\n>> ${text}`).join(" "), "en");

/** A podcast interview: ">>" turns, host and guest named in the description only. */
export const GUEST_INTERVIEW_VIDEO: VideoData = {
  id: "tableTalk01",
  url: "https://www.youtube.com/watch?v=tableTalk01",
  title: "From Accountant to Baker: How Ana Ruiz Built a Bakery Empire | Table Talk Ep. 42",
  channel: { id: "UCtt", name: "Table Talk" },
  description:
    "Host Sam Reyes talks with Ana Ruiz, founder of Crumb and Co in Leeds, about leaving accounting, the first year's losses and why wholesale comes first.",
  publishedAt: "2025-06-01T12:00:00Z",
  durationSeconds: interview.seconds,
  viewCount: 12_400,
  thumbnails: [],
  chapters: [],
  transcript: interview.transcript,
  comments: [
    {
      author: "@leedsfoodie",
      text: "Crumb and Co's seeded rye is the best in Yorkshire, no contest.",
      likes: 52,
      publishedAt: null,
    },
  ],
};

const BALCONY_SCRIPT = `Hallo zusammen und herzlich willkommen zurück auf meinem Kanal. Ich bin Jonas Weber, und heute zeige ich euch, wie ihr euren Balkon im Frühling in einen kleinen Gemüsegarten verwandelt. Bevor wir anfangen: Abonniert den Kanal, wenn ihr das noch nicht gemacht habt.
Das Wichtigste ist die Sonne. Tomaten und Paprika brauchen mindestens sechs Stunden direkte Sonne am Tag, sonst tragen sie kaum Früchte. Wenn euer Balkon nach Norden zeigt, nehmt lieber Salat, Spinat und Kräuter wie Petersilie.
Erster Schritt: die richtigen Kübel. Jeder Kübel braucht ein Loch im Boden, damit das Wasser abfließen kann. Für eine Tomate rechne ich mit mindestens zwanzig Litern Erde.
Zweiter Schritt: gute Erde. Normale Blumenerde reicht nicht, nehmt Gemüseerde mit Kompost. Die kostet etwas mehr, aber ihr spart euch um die Hälfte des Düngers.
Dritter Schritt: richtig gießen. Lieber einmal am Morgen gründlich gießen als dreimal am Tag ein bisschen. Um die Mittagszeit verdunstet das meiste Wasser sofort.
Vierter Schritt: düngen. Ab Juni gebe ich alle zwei Wochen flüssigen Tomatendünger ins Gießwasser.
Ein Fehler, den ich am Anfang gemacht habe: zu viele Pflanzen in einen Kübel. Die Pflanzen konkurrieren dann um Wasser und Licht, und am Ende erntet ihr weniger statt mehr.
Im letzten Sommer habe ich auf vier Quadratmetern über zwölf Kilo Tomaten geerntet. Das klingt viel, aber mit guter Erde und genug Sonne ist das wirklich machbar.
Das war es für heute. Schreibt mir in die Kommentare, was bei euch auf dem Balkon wächst, und bis zum nächsten Mal!`;

const balcony = captions(BALCONY_SCRIPT, "de");

/** A German how-to: "Erster Schritt: …" lines (no speaker's labels), "Ich bin Jonas Weber". */
export const GERMAN_STEPS_VIDEO: VideoData = {
  id: "balkonGem01",
  url: "https://www.youtube.com/watch?v=balkonGem01",
  title: "Gemüse auf dem Balkon anbauen – So klappt es auch ohne Garten! 🍅",
  channel: { id: "UCgarten", name: "Stadtgärtner" },
  description:
    "Jonas zeigt, wie aus einem Balkon ein kleiner Gemüsegarten wird: Sonne, Kübel, Erde, Gießen und Düngen.\n#balkon #gemüse #garten",
  publishedAt: "2025-03-20T12:00:00Z",
  durationSeconds: balcony.seconds,
  viewCount: 56_000,
  thumbnails: [],
  chapters: [],
  transcript: balcony.transcript,
  comments: [
    {
      author: "@gruenerdaumen",
      text: "Die Sache mit dem einmal morgens gießen hat bei mir alles verändert!",
      likes: 140,
      publishedAt: null,
    },
  ],
};

/** The held-out videos, in the order they were read. */
export const HELD_OUT_VIDEOS: readonly VideoData[] = [
  STEPS_HOWTO_VIDEO,
  PORTUGUESE_RECIPE_VIDEO,
  GUEST_INTERVIEW_VIDEO,
  GERMAN_STEPS_VIDEO,
];
