import type { VideoData } from "../../types";
import { captions } from "./held-out-videos";

/*
 * A third held-out set, written after the writer was built and read as an editor would: an
 * auto-captioned post-game press conference, where a coach and her captain answer reporters in
 * turns marked only by ">>", both named in full only in the description. Invented text, no real
 * people, teams or places. Then a food-science explainer that tests a myth before it explains, and a
 * Portuguese news explainer that counts its causes.
 */

export const PRESSER_SCRIPT = `Okay we're going to get started. Coach Tully will open and then we'll take questions for her and for Aisha. Please wait for the microphone.
>> Thanks. First of all, credit to Port Ellery. They made us earn every possession tonight and they're a really well coached group. I thought the first half we were tight. We turned it over eleven times and you can't do that in a final. At halftime I didn't yell. I just told them we were playing not to lose and that's not who we are. The third quarter was the best ten minutes we've played all season. We held them to nine points in that quarter. And then Aisha took over at the end, which is what great players do. I'm just so proud of this group. Nobody picked us to be here in October.
>> Coach, you were down eight with six minutes left. What did you change?
>> We went to the zone. We'd practised it all week but we hadn't used it once in the playoffs. Their shooters had been getting clean looks off the high screen and the zone took that away. Honestly it was a gamble. If they hit two threes against it we lose and everybody asks why I changed something that wasn't broken.
>> Aisha, take us through the last possession.
>> It was supposed to go to Keiko in the corner. They switched and I saw the lane open up so I just went. I wasn't thinking about the clock. I've missed that shot plenty of times in practice so I'm glad this one went in.
>> Coach, what did Aisha say to the team at halftime?
>> You'll have to ask her. I wasn't in there for the first part of it, on purpose.
>> I just said we've been down before. We were down twelve at Riverside in February and we came back. I said let's have fun, we're in a final, a lot of people would love to be in this locker room.
>> Aisha, you had a broken wrist eighteen months ago. Did you think about that tonight?
>> A little bit, before the game. When I was in the cast I watched this tournament on my phone in the hospital and I told my mom I was going to play in it. So yeah, that was in my head during the anthem. After the tip it's just basketball.
>> Coach, the attendance was a record tonight. Four thousand two hundred. What does that mean for the program?
>> It means everything. Three years ago we played this game in front of maybe six hundred people, most of them parents. Tonight there were little girls in the front row with Aisha's number on their shirts. That's the part I'll remember. The athletic department has to see that and put real money behind this team, charter flights, a full-time strength coach, the things the men's side already has.
>> Are you saying the program is underfunded?
>> I'm saying we won a championship with three assistants and a bus. Imagine what we could do with the same support. I'll leave it there.
>> Last question. Aisha, what's next for you?
>> Sleep. And then my degree, I have two exams next week. I haven't decided about playing professionally. I'll talk to my family and to Coach after the season.
>> Thank you both. Congratulations.`;

const presser = captions(PRESSER_SCRIPT, "en", true);

/** An auto-captioned press conference: ">>" turns, reporters' questions, a coach and a captain named in full only in the description. */
export const PRESS_CONFERENCE_VIDEO: VideoData = {
  id: "presserFin1",
  url: "https://www.youtube.com/watch?v=presserFin1",
  title: "POSTGAME: Coach Tully & Aisha Bello after the Conference Final 🏆",
  channel: { id: "UCheronsbball", name: "Harbor City Herons Athletics" },
  description:
    "Head coach Maureen Tully and senior captain Aisha Bello speak to reporters after the Herons' 68-64 win over Port Ellery in the Coastal Conference final on Saturday night.\n\nTickets for next season: https://example.com/herons\n#GoHerons #CoastalConference #womensbasketball",
  publishedAt: "2025-03-09T02:30:00Z",
  durationSeconds: presser.seconds,
  viewCount: 8_900,
  thumbnails: [],
  chapters: [],
  transcript: presser.transcript,
  comments: [
    {
      author: "@heronsfan_22",
      text: "Aisha going coast to coast with the clock running down. I was in the second row and lost my voice.",
      likes: 311,
      publishedAt: null,
    },
    {
      author: "@coachk_retired",
      text: "Switching to a zone you haven't shown all playoffs, in a final, down eight. That takes nerve. Great coaching.",
      likes: 147,
      publishedAt: null,
    },
    {
      author: "@ellery_hoops",
      text: "Refs swallowed their whistles in the fourth. Congrats anyway I guess.",
      likes: 22,
      publishedAt: null,
    },
    {
      author: "@mom_of_3_hoopers",
      text: "Three assistants and a bus. Athletic department, are you listening??",
      likes: 96,
      publishedAt: null,
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// 2. A food-science explainer with manual captions: a myth, the chemistry, then what to do.

const STALE_SCRIPT = `Hi, I'm Tomás Ferreira and this is Kitchen Physics. Here's a question that sounds simple. Why does bread go stale? Most people will tell you it dries out. It doesn't, or at least that's not the main thing. And once you understand what's really going on, you'll stop making the most common mistake with bread, which is putting it in the fridge.
This video is sponsored by Crustly, the bread box that ... no, I'm kidding, nobody sponsors this channel. Let's get into it.
First, the myth. If stale bread were just dry bread, then a stale loaf would weigh less than a fresh one. So I weighed one. A sourdough loaf, fresh out of the oven, sealed in a plastic bag so no water could escape. Two days later it was clearly stale, hard, crumbly, and it weighed exactly the same, to the gram. The water didn't leave. It moved.
So what's actually happening? Bread is mostly starch, and starch in flour comes as tiny packed granules. When you bake, those granules soak up water and swell and the long starch molecules untangle. That's called gelatinisation, and it's what makes the crumb soft. As the bread cools, the molecules start to line up again and squeeze the water out of their way. Food scientists call this retrogradation. Think of a drawer of cables. Baking pulls all the cables loose. Staling is the cables slowly coiling back into a tangle, and the tangle is stiff.
Now here's the part that surprises people. Retrogradation is fastest at fridge temperatures, somewhere around four degrees Celsius. Researchers have measured bread staling roughly three times faster in the fridge than on the counter. So the fridge, which keeps everything else fresh, is the worst place in your kitchen for bread. Below freezing the process almost stops, because the water is locked up as ice.
The good news is that staling can be undone, at least once. Heat the bread above about sixty degrees and the starch untangles again. That's why a stale baguette comes back to life in a hot oven. Run it under the tap for a second, then five minutes at two hundred degrees. It works once, maybe twice, and then the bread really does dry out.
So, what should you actually do? Keep bread you'll eat in two days at room temperature, cut side down on a board or in a paper bag. Freeze anything else on the day you buy it, sliced, so you can toast it straight from frozen. And never, ever put it in the fridge.
That's it for this one. If you want the sources for the numbers, they're in the description. I'm Tomás, see you next week.`;

const stale = captions(STALE_SCRIPT, "en");

/** A food-science explainer: a presenter who names himself, a myth tested, an analogy, a joke sponsor read, advice at the end; manual captions, no chapters. */
export const STALE_BREAD_VIDEO: VideoData = {
  id: "staleBread1",
  url: "https://www.youtube.com/watch?v=staleBread1",
  title: "Stale Bread Isn't Dry. Here's What's Really Happening",
  channel: { id: "UCkitchenphysics", name: "Kitchen Physics" },
  description:
    "Why does bread go stale, and why is the fridge the worst place to keep it? Tomás Ferreira weighs a loaf, explains starch retrogradation and shows how to bring a stale baguette back.\n\nSources: https://example.com/staling-sources\nSupport the channel: https://example.com/support",
  publishedAt: "2025-10-02T15:00:00Z",
  durationSeconds: stale.seconds,
  viewCount: 412_000,
  thumbnails: [],
  chapters: [],
  transcript: stale.transcript,
  comments: [
    {
      author: "@sourdough_sam",
      text: "The cable drawer analogy finally made retrogradation click for me. Twenty years of baking and nobody explained it this well.",
      likes: 2_204,
      publishedAt: null,
    },
    {
      author: "@fridge_defender",
      text: "My grandmother kept bread in the fridge her whole life and it was fine. Mould is worse than stale.",
      likes: 388,
      publishedAt: null,
    },
    {
      author: "@physics_teacher_k",
      text: "Using the weighing test to kill the myth before explaining anything is great science communication.",
      likes: 251,
      publishedAt: null,
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// 3. A Portuguese news explainer with manual captions and a reporter who signs off.

const CAFE_SCRIPT = `Olá, eu sou a Marina Duarte e hoje no Explica Aí a gente vai entender por que o café ficou tão caro. Se você toma um cafezinho todo dia, já percebeu: o pacote de quinhentos gramas que custava quinze reais no começo do ano passado hoje passa de trinta.
Primeiro, o clima. O Brasil é o maior produtor de café do mundo, e em dois anos seguidos a seca e o calor fora de época atingiram as lavouras de Minas Gerais justamente na época da florada. Sem flor, não tem fruto. A colheita de arábica ficou bem abaixo do esperado.
Segundo, o mundo também colheu menos. O Vietnã, que é o maior produtor de café robusta, teve a pior safra em mais de dez anos. Quando os dois maiores produtores colhem pouco ao mesmo tempo, o preço na bolsa de Nova York dispara. Em dezembro, o café arábica bateu o preço mais alto da história.
Terceiro, o dólar. O café é vendido em dólar lá fora. Com o dólar alto, o produtor brasileiro prefere exportar, e sobra menos café para o mercado interno.
E o preço vai cair? Segundo a Associação Brasileira da Indústria de Café, não tão cedo. A expectativa é de alguma melhora na próxima safra, se chover na hora certa, mas os estoques no mundo estão baixos e devem continuar assim por pelo menos um ano.
Uma dica para economizar: compare o preço por quilo, e não por pacote, porque muitas marcas diminuíram o pacote de quinhentos para quatrocentos gramas sem baixar o preço.
Se você gostou, deixa o seu like e se inscreve no canal. Eu sou a Marina Duarte, e até a próxima!`;

const cafe = captions(CAFE_SCRIPT, "pt");

/** A Portuguese news explainer: counted causes ("Primeiro…", "Segundo…", "Terceiro…"), a question the reporter answers, a tip, a sign-off. */
export const COFFEE_PRICE_VIDEO: VideoData = {
  id: "cafePreco01",
  url: "https://www.youtube.com/watch?v=cafePreco01",
  title: "Por que o CAFÉ ficou tão caro? ☕ | Explica Aí",
  channel: { id: "UCexplicaai", name: "Explica Aí" },
  description:
    "Marina Duarte explica as três razões da alta do café: o clima no Brasil, a safra ruim no Vietnã e o dólar alto.\n\nSiga também no Instagram: https://example.com/explicaai",
  publishedAt: "2025-02-14T10:00:00Z",
  durationSeconds: cafe.seconds,
  viewCount: 96_300,
  thumbnails: [],
  chapters: [],
  transcript: cafe.transcript,
  comments: [
    {
      author: "@joana_bh",
      text: "A dica do preço por quilo é ótima. O pacote do meu café também encolheu e eu nem tinha reparado.",
      likes: 812,
      publishedAt: null,
    },
    {
      author: "@produtor_sul_minas",
      text: "Aqui na roça a florada de 2024 foi quase nada. Quem é de fora não imagina o prejuízo.",
      likes: 433,
      publishedAt: null,
    },
  ],
};

export const THIRD_HELD_OUT_VIDEOS: readonly VideoData[] = [
  PRESS_CONFERENCE_VIDEO,
  STALE_BREAD_VIDEO,
  COFFEE_PRICE_VIDEO,
];
