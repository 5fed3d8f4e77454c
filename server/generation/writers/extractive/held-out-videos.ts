import type { Transcript, TranscriptSegment, VideoData } from "../../types";

/*
 * Videos written after the writer was built and read as an editor would, to find what it gets
 * wrong on a source it was not shaped on: a bike shop's how-to whose presenter names herself only
 * at the end and reads out named steps, a Portuguese recipe with its steps told by ordinals, and a
 * podcast interview whose description names host and guest, and a German how-to whose steps
 * open like speaker labels ("Erster Schritt:"); later an auto-captioned explainer, a product
 * review, an auto-captioned Spanish travel guide and a French debate. Kept as eval samples (scripts/eval)
 * so what was fixed stays fixed; invented text, no real people.
 */

/**
 * Caption lines of a script, a sentence or part of one per line at a speaking pace, with a
 * pause after most sentences; `auto` writes them as auto captions (lower case, no punctuation).
 * Lines opening a new speaker's turn start with ">>" when the script marks turns with "\n>> ".
 */
export function captions(script: string, language: string, auto = false): { transcript: Transcript; seconds: number } {
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

/**
 * Captions as YouTube's automatic ones usually arrive: lower case without punctuation, 6 to 9
 * words a line wherever the sentences end, each line shown until the next starts, so no pause
 * says where a sentence ends and only the words can.
 */
export function rollingCaptions(script: string, language: string): { transcript: Transcript; seconds: number } {
  const words = script
    .replace(/(?:^|\n)>> /g, " ")
    .toLowerCase()
    .replace(/[.,!?:;¡¿]/g, "")
    .split(/\s+/)
    .filter(Boolean);
  const segments: TranscriptSegment[] = [];
  let time = 1;
  for (let i = 0, k = 0; i < words.length; k++) {
    const size = 6 + (k % 4);
    const duration = Math.min(size, words.length - i) / 2.6;
    segments.push({ start: round(time), duration: round(duration), text: words.slice(i, i + size).join(" ") });
    i += size;
    time += duration;
  }
  return { transcript: { language, kind: "auto", timed: true, segments }, seconds: Math.ceil(time) };
}

export function round(n: number): number {
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

const HEAT = `Hi I'm Tom Brennan and this is Home Energy Explained. Today we're looking at heat pumps, because I get more questions about them than anything else. A heat pump doesn't make heat, it moves it. Even on a cold day there's energy in the outside air, and the pump pulls it in and pushes it into your house. That's why a good heat pump gives you three units of heat for every unit of electricity it uses. A gas boiler can never do better than one.
The first myth is that they don't work in the cold. They do. Modern units keep working down to minus twenty degrees, they just get less efficient as it gets colder. In Norway more than sixty percent of homes have one, and Norway is not a warm country.
The second myth is that you need underfloor heating. You don't, but you might need bigger radiators. A heat pump runs the water at around forty five degrees instead of seventy, so a small radiator gives out less heat. Most installers will check every room and tell you which ones to swap. In my house we changed three out of eleven.
Now the part nobody tells you. Insulation comes first. If your loft has ten centimetres of insulation, put in thirty before you spend a penny on a heat pump. A leaky house needs a bigger pump, and a bigger pump costs more to buy and more to run.
What about cost? Our install came to eleven thousand pounds, and the grant paid seven and a half of that. Our bills went down by about a fifth in the first year, but that depends heavily on the price of electricity compared to gas.
So should you get one? If your house is reasonably well insulated and your boiler is near the end of its life, I think the answer is yes. If your boiler is five years old, wait. Let me know in the comments if you've got one and how it's going, and don't forget to subscribe.`;

const heat = captions(HEAT, "en", true);

/** An auto-captioned explainer (no punctuation, a pause after two sentences in three): "Heat Pumps: 2 BIG Myths". */
export const AUTO_EXPLAINER_VIDEO: VideoData = {
  id: "heatPump001",
  url: "https://www.youtube.com/watch?v=heatPump001",
  title: "Heat Pumps: 2 BIG Myths (and the thing nobody tells you)",
  channel: { id: "UCheat", name: "Home Energy Explained" },
  description:
    "Do heat pumps work in the cold? Do you need underfloor heating? Tom answers the questions he gets most.\n\n0:00 Intro\nPatreon: https://example.com",
  publishedAt: "2025-01-12T10:00:00Z",
  durationSeconds: heat.seconds,
  viewCount: 88_000,
  thumbnails: [],
  chapters: [],
  transcript: heat.transcript,
  comments: [
    {
      author: "@leedsfixer",
      text: "Installed one last winter in a 1930s semi. Changed four radiators, bills about the same as gas but the house is warmer all day.",
      likes: 320,
      publishedAt: null,
    },
    {
      author: "@sceptic",
      text: "Eleven grand is still a lot of money for most people.",
      likes: 150,
      publishedAt: null,
    },
  ],
};

export const REVIEW_SCRIPT = `What's up everybody, Priya here. I've been using the Nimbus X2 headphones every day for three weeks, on flights, on the train and at my desk, and I've got some thoughts. This isn't sponsored, I bought them myself for two hundred and ninety nine dollars.
Let's start with sound. Out of the box they're a little heavy on the bass, but the app has a five band equalizer and once I pulled the bass down two steps they sounded fantastic. Vocals are clear and the detail in acoustic tracks surprised me.
Noise cancelling is the headline feature, and it's really good. On a six hour flight the engine drone basically disappeared. It's not quite as good as the Sony XM5 on voices, so you'll still hear people talking near you, but it's close.
Battery life is where they beat everyone. Nimbus claims forty hours and I got thirty eight with noise cancelling on. Ten minutes of charging gives you about five hours.
Now the bad stuff. The touch controls are frustrating. Half the time a swipe to skip a track paused the music instead. And the headband gets uncomfortable after about two hours if you wear glasses, because the clamp is tight.
The microphone for calls is just okay. People said I sounded far away whenever I was outside.
So who are these for? If you travel a lot and battery life matters most, these are the ones to get. If you take a lot of calls or wear glasses all day, I'd look at the Sony instead. I'm giving them an eight out of ten. Drop your questions below and I'll answer as many as I can.`;

const review = captions(REVIEW_SCRIPT, "en");

/** A product review by a creator whose channel is her name: verdict, pros and cons, a sign-off. */
export const PRODUCT_REVIEW_VIDEO: VideoData = {
  id: "nimbusX2rev",
  url: "https://www.youtube.com/watch?v=nimbusX2rev",
  title: "Nimbus X2 Review: 3 Weeks Later… Worth $299?",
  channel: { id: "UCpriya", name: "Priya Raman" },
  description:
    "My honest review of the Nimbus X2 after three weeks of daily use.\n\nGear I use: https://example.com/gear\n#headphones #review #tech",
  publishedAt: "2025-03-20T10:00:00Z",
  durationSeconds: review.seconds,
  viewCount: 210_000,
  thumbnails: [],
  chapters: [],
  transcript: review.transcript,
  comments: [
    {
      author: "@frequentflyer",
      text: "Same experience with the touch controls. I turned them off in the app and use the button.",
      likes: 890,
      publishedAt: null,
    },
    { author: "@audiophile22", text: "Bass heavy out of the box is an understatement.", likes: 120, publishedAt: null },
  ],
};

export const TRAVEL_SCRIPT = `Hola a todos y bienvenidos a un nuevo video. Hoy estamos en Valparaíso, en Chile, y les voy a contar qué hacer en un día en esta ciudad tan especial. Si todavía no están suscritos, suscríbanse al canal.
Lo primero que tienen que saber es que Valparaíso está construida sobre cuarenta y dos cerros, así que prepárense para caminar mucho y subir muchas escaleras. Lleven zapatos cómodos.
Empezamos la mañana en el Cerro Alegre y el Cerro Concepción, que son los más famosos por sus murales. Cada calle es una galería al aire libre y los artistas cambian las obras todo el tiempo.
Para bajar al plan tomamos el ascensor Reina Victoria, que tiene más de cien años y cuesta apenas cien pesos. Hay quince ascensores en la ciudad pero solo algunos siguen funcionando.
Al mediodía fuimos a almorzar al mercado. Pedimos una paila marina, que es una sopa de mariscos muy típica, y nos costó unos ocho mil pesos por persona. Estaba increíble.
En la tarde visitamos La Sebastiana, la casa del poeta Pablo Neruda. La entrada cuesta siete mil pesos y les recomiendo reservar por internet porque se llena, sobre todo los fines de semana.
Un consejo importante: tengan cuidado con sus cosas en el plan, especialmente cerca del puerto. En los cerros turísticos no tuvimos ningún problema.
Terminamos el día viendo el atardecer desde el Paseo Atkinson, con toda la bahía a nuestros pies. Para mí es uno de los lugares más bonitos de Sudamérica.
Y eso es todo por hoy. Déjenme en los comentarios qué ciudad quieren que visitemos después. ¡Chao!`;

const viaje = captions(TRAVEL_SCRIPT, "es", true);

/** An auto-captioned Spanish travel guide: places with names the captions write in lower case, prices. */
export const SPANISH_TRAVEL_VIDEO: VideoData = {
  id: "valpoDia001",
  url: "https://www.youtube.com/watch?v=valpoDia001",
  title: "QUÉ HACER EN VALPARAÍSO EN 1 DÍA 🇨🇱 | Guía completa",
  channel: { id: "UCviaje", name: "Mochila y Mapa" },
  description:
    "Un día en Valparaíso: cerros, murales, ascensores, mariscos y la casa de Neruda.\n\nInstagram: @mochilaymapa\n#chile #valparaiso #viajes",
  publishedAt: "2025-02-01T10:00:00Z",
  durationSeconds: viaje.seconds,
  viewCount: 45_000,
  thumbnails: [],
  chapters: [],
  transcript: viaje.transcript,
  comments: [
    {
      author: "@chilena",
      text: "Faltó el Cerro Bellavista y el museo a cielo abierto, ¡pero muy buen video!",
      likes: 210,
      publishedAt: null,
    },
  ],
};

const CONSEIL = `Bonsoir à tous. Ce soir, le conseil municipal de Lyon a voté le nouveau plan vélo, et on est là pour en parler avec l'adjointe aux mobilités, Claire Fontaine, et avec Marc Girard, de l'association des commerçants du centre. Claire Fontaine, qu'est-ce qui change concrètement ?
>> D'ici à deux mille vingt-huit, on va créer cent dix kilomètres de pistes cyclables séparées de la circulation. Le budget est de quatre-vingts millions d'euros. Et surtout, la rue de la République et le pont Lafayette deviennent réservés aux vélos, aux bus et aux piétons.
>> Marc Girard, les commerçants sont inquiets ?
>> Oui, très inquiets. Nos clients viennent aussi de la périphérie, en voiture. Si on supprime huit cents places de stationnement, on perd ces clients. On demande des parkings relais avec des navettes gratuites avant les travaux, pas après.
>> Claire Fontaine, que répondez-vous ?
>> Les études montrent l'inverse. Les cyclistes et les piétons dépensent moins à chaque visite, mais ils viennent plus souvent. Et on a prévu trois parkings relais, le premier ouvre en septembre.
>> Le vote a été serré ?
>> Quarante-deux voix pour, vingt-huit contre. L'opposition voulait un référendum.
>> Merci à tous les deux. Les premiers travaux commencent en mars sur les quais du Rhône.`;

const conseil = captions(CONSEIL, "fr");

/** A French news debate: ">>" turns, no labels, the host names each guest before their answer. */
export const FRENCH_DEBATE_VIDEO: VideoData = {
  id: "lyonVelo001",
  url: "https://www.youtube.com/watch?v=lyonVelo001",
  title: "Plan vélo à Lyon : le conseil municipal vote 110 km de pistes",
  channel: { id: "UClyon", name: "Lyon Actu" },
  description:
    "Le débat après le vote, avec Claire Fontaine (adjointe aux mobilités) et Marc Girard (association des commerçants).",
  publishedAt: "2025-01-28T19:00:00Z",
  durationSeconds: conseil.seconds,
  viewCount: 12_000,
  thumbnails: [],
  chapters: [],
  transcript: conseil.transcript,
  comments: [
    {
      author: "@velotaf69",
      text: "Enfin ! La rue de la République à vélo c'était l'enfer.",
      likes: 95,
      publishedAt: null,
    },
  ],
};

/**
 * The product review and the travel guide again, with captions as YouTube usually sends automatic
 * ones (rollingCaptions): where sentences end is for the writer to find from the words alone.
 */
export const ROLLING_CAPTION_VIDEOS: readonly VideoData[] = [
  {
    ...PRODUCT_REVIEW_VIDEO,
    id: "nimbusRoll1",
    url: "https://www.youtube.com/watch?v=nimbusRoll1",
    ...rolled(REVIEW_SCRIPT, "en"),
  },
  {
    ...SPANISH_TRAVEL_VIDEO,
    id: "valpoRoll01",
    url: "https://www.youtube.com/watch?v=valpoRoll01",
    ...rolled(TRAVEL_SCRIPT, "es"),
  },
];

function rolled(script: string, language: string): Pick<VideoData, "transcript" | "durationSeconds"> {
  const { transcript, seconds } = rollingCaptions(script, language);
  return { transcript, durationSeconds: seconds };
}

/** The held-out videos, in the order they were read. */
export const HELD_OUT_VIDEOS: readonly VideoData[] = [
  STEPS_HOWTO_VIDEO,
  PORTUGUESE_RECIPE_VIDEO,
  GUEST_INTERVIEW_VIDEO,
  GERMAN_STEPS_VIDEO,
  AUTO_EXPLAINER_VIDEO,
  PRODUCT_REVIEW_VIDEO,
  SPANISH_TRAVEL_VIDEO,
  FRENCH_DEBATE_VIDEO,
];
