import type { Transcript, TranscriptSegment, VideoData } from "../../types";
import { captions, round } from "./held-out-videos";

/*
 * A second set of held-out videos, written after the writer was built and not used to shape it:
 * a museum curator's lecture on an 1890s flood (past tense, quoted letters, the curator named only
 * in the description), an auto-captioned three-way podcast panel, a local TV news report whose
 * captions carry broadcast labels ("ANCHOR:", "AMA SERWAA, SHOP OWNER:"), a German interview with
 * a baker, and a 40-second auto-captioned short; then a Spanish radio interview with a doctor, an
 * auto-captioned French recipe, a debate whose captions say only "SPEAKER 1:" and "SPEAKER 2:", and
 * a rambling auto-captioned vlog with a sponsor read. Invented text, no real people or brands.
 */

/**
 * Broadcast-style captions: each turn's first line opens with its label in capitals ("ANCHOR: ",
 * "DANIEL OFORI, CITY WATER DEPARTMENT: "), the rest of the turn in short lines without one.
 */
function labelledCaptions(
  turns: ReadonlyArray<readonly [label: string, text: string]>,
  wordsPerLine = 7,
): { transcript: Transcript; seconds: number } {
  const segments: TranscriptSegment[] = [];
  let time = 0.5;
  for (const [label, text] of turns) {
    const words = text.split(/\s+/).filter(Boolean);
    for (let i = 0; i < words.length; i += wordsPerLine) {
      const line = words.slice(i, i + wordsPerLine);
      const duration = line.length / 2.7;
      segments.push({
        start: round(time),
        duration: round(duration),
        text: `${i === 0 ? `${label}: ` : ""}${line.join(" ")}`,
      });
      time += duration + (i + wordsPerLine >= words.length ? 0.8 : /[.!?]$/.test(line[line.length - 1]) ? 0.4 : 0.05);
    }
  }
  return { transcript: { language: "en", kind: "manual", timed: true, segments }, seconds: Math.ceil(time) };
}

/** Where a chapter starts: the first caption line opening with `phrase` (compared without case or punctuation). */
function startOf(transcript: Transcript, phrase: string): number {
  const plain = (s: string) =>
    s
      .replace(/^>> /, "")
      .toLowerCase()
      .replace(/[.,!?:;"]/g, "");
  const wanted = plain(phrase);
  const segment = transcript.segments.find((s) => plain(s.text).startsWith(wanted));
  if (!segment) throw new Error(`no caption line opens with "${phrase}"`);
  return Math.floor(segment.start);
}

/** A description timestamp, "m:ss". */
function stamp(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------
// 1. A curator's lecture on a flood and a bridge.

const FLOOD_SCRIPT = `Good evening, everyone, and thank you for coming out tonight. It's raining, of course, which I think is rather fitting given what we're going to talk about. If you're watching online, welcome, and do subscribe to the museum's channel. The series is supported by the Friends of the Museum, more on them at the end.
So. Tonight is about the flood of 1893, and about the bridge that came after it. Most of you drive over that bridge every day without a second thought. I hope tonight changes that a little.
In the early 1890s Orrin Bend was a town of about two thousand four hundred people, and almost all of them lived on the west bank of the Sallow River. The mill was on the west bank, the church was on the west bank, the market square was on the west bank. The east bank was farmland and a handful of houses. The only way across was a timber toll bridge, built in 1861 by the Marland family, who also owned the mill. It cost two cents to walk across and five cents for a wagon. That doesn't sound like much. But a farmer coming to market twice a week paid more than five dollars a year just to cross, and in 1890 that was real money. So the east bank stayed poor, and the west bank stayed crowded.
The winter of 1892 was one of the snowiest anyone in the valley could remember. Then, in the second week of March, it turned warm and it rained for three days straight. On the night of March the fourteenth the river rose eleven feet in under six hours.
We know a great deal about that night because of one woman, Hester Pruitt. She taught at the west side school, and she wrote to her sister in Delmont almost every week for thirty years. There are more than nine hundred of them, here in this building. Two days after the flood she wrote, quote, "The water came up Front Street faster than a man could walk. By midnight we could hear the bridge groaning like a living thing, and at a little after two it went, all at once, with a sound I shall not forget." End quote.
The bridge was gone. So were forty-one houses, most of the lower mill, and every market stall along the river. Only three people died, which is remarkable, two of them men trying to save horses from the mill stables.
A week later Hester wrote again, and this is the letter I find most striking. She wrote, quote, "We are two towns now, and I fear we will stay two towns." End quote. She was right, for a while.
For almost three years there was no bridge at all, only a ferry, and the ferry was run by, you guessed it, the Marland family. Josiah Marland wanted to rebuild in timber and keep the toll. The county engineer, a man called Abel Finch, wanted iron, and he wanted it free. The argument went on for most of 1894, and it got nasty. At one county meeting, according to the minutes, Marland called Finch "a dreamer with a pencil." Finch's answer isn't in the minutes. I suspect it wasn't printable.
In the end the county voted nine to four for the iron bridge, paid for with a bond of thirty-eight thousand dollars. Work started in the spring of 1895, and the bridge opened on October the third, 1896. It was a three-span iron truss, and its deck sat six feet higher than the old one. Finch had painted the 1893 flood line on the mill wall, and he insisted the new deck clear it. That's why the bridge survived the flood of 1913, which was actually the higher of the two.
So what did the new bridge change? I'd say three things. The first was the market. Within two years the Saturday market had moved across to the east bank, onto the flat ground where the fairground is now, because farmers no longer paid to cross and there was room to spread out. The second was housing. Between 1896 and 1910 more than three hundred houses went up on the east side, a lot of them built by mill workers who could finally afford a plot. And the third was the school. In 1899 the town opened a second school on the east bank, and its first teacher was, as it happens, Hester Pruitt.
Now, the second one, the housing, is the change you can still see. If you walk down Finch Street tonight, and yes, it's named after him, nearly every house on the first three blocks has an 1890s date stone over the door.
Hester's last letter about the bridge is from the day it opened. She wrote, quote, "I walked across this morning and paid nothing, and I confess I walked back again just for the pleasure of it." End quote. I love that one. Because that's really what the bridge was. Not iron and rivets so much as the end of paying to be part of your own town.
Right, I've kept you long enough. The Friends pay for these lectures and for conserving the Pruitt letters, so there are membership forms at the back. I think we have time for a few questions. Yes, at the back?`;

const flood = captions(FLOOD_SCRIPT, "en");
const floodChapters = [
  { title: "Welcome", startSeconds: 0 },
  { title: "A town on one bank", startSeconds: startOf(flood.transcript, "In the early 1890s Orrin Bend") },
  { title: "The night of March 14, 1893", startSeconds: startOf(flood.transcript, "The winter of 1892") },
  {
    title: "Iron or timber: building the new bridge",
    startSeconds: startOf(flood.transcript, "For almost three years"),
  },
  { title: "What the bridge changed", startSeconds: startOf(flood.transcript, "So what did the new bridge change") },
];

/** A curator's past-tense lecture: invented 1890s people in the third person, quoted letters, chapters; the speaker named only in the description. */
export const HISTORY_TALK_VIDEO: VideoData = {
  id: "histTalk001",
  url: "https://www.youtube.com/watch?v=histTalk001",
  title: "The Flood of 1893 and the Bridge That Remade Orrin Bend | Museum Lecture Series",
  channel: { id: "UCorrinmuseum", name: "Orrin Bend Historical Museum" },
  description: `Curator Ruth Adeyemi tells the story of the March 1893 flood on the Sallow River, the three-year fight over a new bridge, and how a free iron bridge moved the town's market, homes and school across the river. Drawn from the letters of schoolteacher Hester Pruitt, held in the museum's collection.\n\n${floodChapters.map((c) => `${stamp(c.startSeconds)} ${c.title}`).join("\n")}\n\nRecorded live at the museum. Join the Friends of the Museum: https://example.com/friends\n#localhistory #flood #bridges #museum`,
  publishedAt: "2025-04-18T17:00:00Z",
  durationSeconds: flood.seconds,
  viewCount: 3_870,
  thumbnails: [],
  chapters: floodChapters,
  transcript: flood.transcript,
  comments: [
    {
      author: "@valleyroots",
      text: "Hester Pruitt was my great-great-grandmother's cousin! We always heard the bridge story but never knew the letters survived.",
      likes: 64,
      publishedAt: null,
    },
    {
      author: "@trussnerd",
      text: "Raising the deck above the 1893 line is the real hero of this story. Finch deserves more than a street.",
      likes: 41,
      publishedAt: null,
    },
    {
      author: "@taxpayer_ob",
      text: "Maybe the museum could spend less on videos and fix its own leaking roof first.",
      likes: 7,
      publishedAt: null,
    },
    {
      author: "@mossyhiker",
      text: "Audio is very quiet for the first couple of minutes, turn it up.",
      likes: 12,
      publishedAt: null,
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// 2. A three-way podcast panel, auto captions.

export const PANEL_TURNS: readonly string[] = [
  "Hey everybody, welcome to Small Town Big Questions. I'm Rachel, and today we are getting into a fight. A friendly one, I hope. The question is whether small towns should close their main street to cars. I've got two people here who very much do not agree. Marcus is an urban planner, and he's worked with, what, a dozen towns on this?",
  "Fourteen, actually. But who's counting.",
  "And Donna runs a hardware store on Main Street in Halvert, which, full disclosure, is one of the towns Marcus would like to pedestrianize. Before we start, a quick thanks to this week's sponsor, Kettleby Coffee Roasters. Use the code STREETS for twenty percent off your first bag. Okay. Marcus, make your case.",
  "So, look, the basic argument is simple. Main streets were built for people on foot, and we handed them over to cars sometime in the fifties and sixties. In the towns I've worked with, when you close the main street, foot traffic goes up. In the last one we actually measured it, and foot traffic went up about twenty five percent in the first year. People stay longer. They sit down. They buy a coffee, and then they buy something else.",
  "Donna, what do you think?",
  "I think twenty five percent more people walking past my store doesn't help me one bit if none of them can carry a bag of concrete. That's the thing. I sell paint, lumber, bags of soil. My customers drive in from the farms. About sixty percent of my sales go straight into a truck parked right outside the door. You close the street, those people go to the big box store out on the highway, and they don't come back.",
  "But that's exactly why you do loading zones. Nobody is saying no vehicles ever. You keep access for deliveries and for pick up.",
  "Marcus, with respect, I've heard that before. Loading zones turn into parking for whoever gets there first. Then somebody gets a ticket, and they never come back either.",
  "Let me push on the numbers for a second. Marcus, the twenty five percent. Where was that?",
  "That was a town of about nine thousand people. So similar size to Halvert.",
  "And did sales go up, or just foot traffic? Because those are not the same thing.",
  "Fair point. Sales went up for restaurants and cafes, about eighteen percent. For retail it was basically flat in the first year. Some stores did better, some did worse. I'm not going to pretend otherwise.",
  "Flat. Okay, so, flat is fine if you're a cafe with good margins. I'm not. When they put the bypass in, and this is back in two thousand eleven, I lost about a third of my walk in customers, and it took me six years to get them back. I can't do that again. I'm sixty one years old.",
  "So what would it take for you to support it?",
  "Honestly? Try it first. Close it on Saturdays in the summer. Count who comes and count what they spend. If the numbers are there, fine, I'll eat my words.",
  "I'm actually with Donna on that. A trial is the right way to do it. Most of the towns that failed at this went all in on day one, with planters and new paving and no way back. The ones that worked started with traffic cones.",
  "Wait, so you two agree?",
  "On the trial, yes. On where it ends up, probably not.",
  "We'll see about that.",
  "Okay, I love that. That might be the first time on this show anybody has agreed about anything. Let's do a listener question. This one's from Gary, and he asks, what about people with disabilities who can't walk three blocks from a parking lot? Marcus?",
  "That's a real concern, and honestly the plans don't always get it right. You need accessible spaces at both ends of the closed stretch, and ideally a little shuttle. Some towns run one every ten minutes on market days.",
  "And who pays for that shuttle? That's my question. Halvert can't even keep the potholes filled.",
  "That is a whole other episode. Okay, we're about out of time. Marcus, Donna, thank you both. If you liked this one, hit subscribe, leave us a review, and tell us in the comments whose side you're on. My guess is it comes out about fifty fifty. See you next week.",
];

const panel = captions(PANEL_TURNS.map((text) => `\n>> ${text}`).join(" "), "en", true);
const panelChapters = [
  { title: "Intro and sponsor", startSeconds: 0 },
  {
    title: "Marcus: the case for closing Main Street",
    startSeconds: startOf(panel.transcript, "So look the basic argument"),
  },
  {
    title: "Donna: trucks, concrete and customers",
    startSeconds: startOf(panel.transcript, "Donna what do you think"),
  },
  { title: "Foot traffic vs. sales", startSeconds: startOf(panel.transcript, "Let me push on the numbers") },
  { title: "Could a trial work?", startSeconds: startOf(panel.transcript, "So what would it take") },
  { title: "Listener question: accessibility", startSeconds: startOf(panel.transcript, "Okay I love that") },
];

/** An auto-captioned three-way panel: ">>" turns, first names only in the talk, full names and roles in the description, numbers as words. */
export const PANEL_PODCAST_VIDEO: VideoData = {
  id: "panelPod001",
  url: "https://www.youtube.com/watch?v=panelPod001",
  title: "Should Small Towns BAN Cars From Main Street? 🚗🚫 (heated) | Small Town Big Questions Ep. 17",
  channel: { id: "UCstbq", name: "Small Town Big Questions" },
  description: `Host Rachel Lindqvist is joined by urban planner Marcus Bell, who has worked on pedestrian main streets in fourteen towns, and Donna Kowalczyk, owner of Kowalczyk Hardware on Main Street in Halvert, who thinks closing the street would sink her business.\n\n${panelChapters.map((c) => `${stamp(c.startSeconds)} ${c.title}`).join("\n")}\n\nThis episode is sponsored by Kettleby Coffee Roasters, code STREETS for 20% off: https://example.com/kettleby\nSend us your questions: https://example.com/ask\n#smalltowns #urbanplanning #mainstreet #podcast`,
  publishedAt: "2025-05-07T11:00:00Z",
  durationSeconds: panel.seconds,
  viewCount: 27_300,
  thumbnails: [],
  chapters: panelChapters,
  transcript: panel.transcript,
  comments: [
    {
      author: "@halvert_local",
      text: "Donna's store is the only place in the county that still cuts keys while you wait. Leave her street alone.",
      likes: 233,
      publishedAt: null,
    },
    {
      author: "@bikesnotbypasses",
      text: "Marcus conceding that retail was flat was refreshingly honest. The Saturday trial idea is the right call.",
      likes: 118,
      publishedAt: null,
    },
    {
      author: "@planningstudent",
      text: "Would love a follow up in a year if Halvert actually does the summer Saturdays.",
      likes: 54,
      publishedAt: null,
    },
    {
      author: "@realtalk88",
      text: "Another podcast of people who have never run a business telling people who do how to run theirs.",
      likes: 19,
      publishedAt: null,
    },
    {
      author: "@mugshot",
      text: "Is the Kettleby code still working? Says expired for me",
      likes: 3,
      publishedAt: null,
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// 3. A local TV news report with broadcast labels in the captions.

const NEWS_TURNS: ReadonlyArray<readonly [string, string]> = [
  [
    "ANCHOR",
    "Good evening. We begin tonight in Osuben, where a burst water main has flooded the Old Station Market and left more than a hundred and forty traders with nowhere to work. The city says repairs could take until the weekend. Our reporter Kwame Asante is at the market now. Kwame, what are you seeing there?",
  ],
  [
    "REPORTER KWAME ASANTE",
    "Good evening. Well, as you can see behind me, the water has gone down, but the damage hasn't. This whole lane was under almost half a metre of water this morning. The main burst at about twenty to five, right under the junction by the market's north gate, and by the time the first traders arrived at six, the lower lanes were already flooded. Police have closed the market and the two roads beside it. Ama Serwaa has sold cloth here for nineteen years. She showed me what is left of her stock.",
  ],
  [
    "AMA SERWAA, SHOP OWNER",
    "Everything on the bottom shelves is finished. Everything. I had just bought new stock for the festival, maybe three thousand cedis of cloth, and now look at it. Nobody called us. We came and the water was already inside.",
  ],
  ["REPORTER", "Others here say they saw this coming."],
  [
    "RESIDENT",
    "That pipe has been leaking for months. Since last year you could see water coming up through the road by the gate. We told the assembly member two times. They came, they looked, they left.",
  ],
  ["REPORTER", "I put that to the city's water department. Daniel Ofori is its director of operations."],
  [
    "DANIEL OFORI, CITY WATER DEPARTMENT",
    "What failed is a six hundred millimetre main that was laid in 1968. We estimate we lost about two million litres before we could isolate it, and that took us roughly ninety minutes, because two of the valves had to be closed by hand. Our crews are excavating now. The plan is this. The new section of pipe arrives tomorrow morning. We weld it in and pressure test it on Thursday, and if the test passes, water is back on by Thursday night. The market can reopen on Saturday, once the drains are cleared. Until then, about eleven thousand households north of the market will have low pressure, and we are sending four tankers to the area.",
  ],
  ["REPORTER", "And the complaints about a leak here last year?"],
  [
    "DANIEL OFORI",
    "We did repair a leak at that junction in March. Whether it is connected, I cannot say yet. We will review it.",
  ],
  [
    "REPORTER KWAME ASANTE",
    "Traders are asking the city for compensation, and the market association says it will meet the mayor's office on Friday. For now, the city says Saturday. People here told me they will believe it when they see it. Kwame Asante, Channel 4 News, at the Old Station Market.",
  ],
  ["ANCHOR", "Thank you, Kwame. We will stay with that story. Now, to the weather."],
];

const news = labelledCaptions(NEWS_TURNS);

/** A TV news report: broadcast labels opening caption lines (anchor, reporter, two residents, an official with figures and a timeline), a reporter's sign-off. */
export const TV_NEWS_REPORT_VIDEO: VideoData = {
  id: "tvNewsMain1",
  url: "https://www.youtube.com/watch?v=tvNewsMain1",
  title: "Burst water main floods Old Station Market, traders count losses",
  channel: { id: "UCch4news", name: "Channel 4 News Osuben" },
  description:
    "A burst water main flooded the Old Station Market in Osuben early Tuesday, closing the market and two roads. The city water department says the market should reopen on Saturday.\n\nWatch more local news: https://example.com/ch4\n#Osuben #news #water",
  publishedAt: "2025-06-10T19:30:00Z",
  durationSeconds: news.seconds,
  viewCount: 15_600,
  thumbnails: [],
  chapters: [],
  transcript: news.transcript,
  comments: [
    {
      author: "@osuben_trader",
      text: "Two million litres and they 'cannot say' if last year's leak is connected. We all watched that road bubbling for months.",
      likes: 312,
      publishedAt: null,
    },
    {
      author: "@auntie_serwaa_fan",
      text: "Ama's cloth stall is the best in the market. I hope she gets something back for that stock.",
      likes: 97,
      publishedAt: null,
    },
    {
      author: "@nobodyasked",
      text: "Channel 4 only shows up at the market when something breaks. Useless.",
      likes: 28,
      publishedAt: null,
    },
    { author: "@kofi_fc", text: "Who is here after the match 😂", likes: 6, publishedAt: null },
  ],
};

// ---------------------------------------------------------------------------------------------
// 4. A German interview with a baker.

const BAECKEREI_TURNS: readonly string[] = [
  "Hallo und herzlich willkommen bei Stadtgespräch! Heute sind wir in Altwiesen, in einer Backstube, in der schon seit drei Uhr morgens gearbeitet wird. Bevor wir anfangen: Abonniert den Kanal, wenn euch solche Gespräche gefallen, das hilft uns wirklich sehr. Frau Keller, danke, dass wir hier sein dürfen.",
  "Gerne. Ich hoffe, Sie haben keine Angst vor Mehlstaub.",
  "Überhaupt nicht. Frau Keller, Sie führen diese Bäckerei in dritter Generation. Wie sehr haben sich Ihre Kosten in den letzten zwei Jahren verändert?",
  "Ehrlich gesagt, so etwas habe ich noch nie erlebt. Das Mehl ist um dreißig Prozent teurer geworden, beim Roggenmehl sogar noch etwas mehr. Butter, Eier, alles ist gestiegen. Aber das eigentliche Problem ist die Energie. Unser Ofen läuft mit Gas, jeden Tag ab drei Uhr morgens. Früher haben wir im Monat ungefähr 2.400 Euro für Gas und Strom bezahlt. Im letzten Winter waren es über 6.000 Euro.",
  "Das ist mehr als das Doppelte.",
  "Mehr als das Doppelte, ja. Und das bei einer Bäckerei mit elf Mitarbeitern. Das muss man mit Brötchen erst einmal verdienen.",
  "Was haben Sie konkret gemacht, um das aufzufangen?",
  "Wir haben drei Dinge gemacht. Erstens haben wir die Backzeiten umgestellt. Wir backen jetzt alle Brote in einem Durchgang, statt den Ofen den ganzen Vormittag warm zu halten. Das allein spart uns ungefähr fünfzehn Prozent Gas. Zweitens haben wir das Sortiment verkleinert. Früher hatten wir zweiundzwanzig Brotsorten, jetzt sind es vierzehn. Die Sorten, die kaum jemand gekauft hat, haben uns am meisten gekostet. Und drittens, das war die schwerste Entscheidung, haben wir die Preise erhöht.",
  "Um wie viel?",
  "Ein Brötchen kostet jetzt 45 Cent statt 35. Das Bauernbrot ist von 3,90 auf 4,60 Euro gestiegen.",
  "Und wie haben die Kunden reagiert?",
  "Ganz unterschiedlich. Die meisten Stammkunden haben das verstanden, manche haben sich sogar bedankt, dass wir überhaupt noch da sind. Aber ein paar sind weggeblieben und kaufen jetzt im Supermarkt. Das tut weh, das gebe ich zu. Vor allem bei Leuten, die ich seit zwanzig Jahren kenne.",
  "Viele Bäckereien in der Region haben in den letzten Jahren aufgegeben. Haben Sie auch daran gedacht?",
  "Ja. Im letzten Februar saß ich abends hier an diesem Tisch, mit den ganzen Rechnungen, und habe zu meinem Mann gesagt: Ich weiß nicht, ob wir das schaffen. Das war der Abend, an dem wir die drei Dinge beschlossen haben. Ohne das wären wir heute nicht mehr hier.",
  "Was würden Sie sich von der Politik wünschen?",
  "Planbarkeit. Ich brauche keine Geschenke. Aber wenn ich nicht weiß, was mich die Energie im nächsten Winter kostet, kann ich nicht investieren. Wir wollten eigentlich einen neuen Ofen kaufen, der vierzig Prozent weniger Energie braucht. Der kostet aber 80.000 Euro. Das mache ich nicht, solange ich nicht weiß, wie es weitergeht.",
  "Also ein Teufelskreis.",
  "So kann man das sagen, ja.",
  "Frau Keller, zum Schluss noch eine leichte Frage: Was ist Ihr Lieblingsbrot hier?",
  "Das Dinkelbrot mit Walnüssen. Das backe ich seit dreißig Jahren nach dem Rezept meiner Mutter, und das bleibt im Sortiment, egal was das Mehl kostet.",
  "Das probiere ich gleich. Frau Keller, vielen Dank für das Gespräch. Und euch vielen Dank fürs Zuschauen. Wenn ihr wissen wollt, wie es anderen Betrieben bei euch in der Gegend geht, schreibt es uns in die Kommentare. Und nicht vergessen: Abonniert den Kanal. Bis zum nächsten Mal, tschüss!",
];

const baeckerei = captions(BAECKEREI_TURNS.map((text) => `\n>> ${text}`).join(" "), "de");

/** A German interview: ">>" turns, the baker addressed as "Frau Keller" and named in full only in the description, figures and three numbered measures ("Erstens … Zweitens … drittens"). */
export const GERMAN_INTERVIEW_VIDEO: VideoData = {
  id: "baeckerei01",
  url: "https://www.youtube.com/watch?v=baeckerei01",
  title: "Mehl +30 %, Gas verdoppelt: Wie eine Bäckerei ums Überleben kämpft 🥖",
  channel: { id: "UCstadtgespraech", name: "Stadtgespräch" },
  description:
    "Monika Keller führt die Bäckerei Keller in Altwiesen in dritter Generation. Im Interview erzählt sie, wie sie mit teurerem Mehl und verdoppelten Energiekosten umgeht, warum die Brötchen jetzt 45 Cent kosten und was sie sich von der Politik wünscht.\n\nInterview: Lena Hartmann\n\n#bäckerei #handwerk #energiepreise #altwiesen",
  publishedAt: "2025-02-26T16:00:00Z",
  durationSeconds: baeckerei.seconds,
  viewCount: 41_200,
  thumbnails: [],
  chapters: [],
  transcript: baeckerei.transcript,
  comments: [
    {
      author: "@brotliebe",
      text: "Das Dinkelbrot mit Walnüssen ist wirklich das beste in der ganzen Gegend. Ich zahle gern 10 Cent mehr.",
      likes: 186,
      publishedAt: null,
    },
    {
      author: "@handwerkerin",
      text: "Genau so geht es uns in der Konditorei auch. Planbarkeit ist das richtige Wort.",
      likes: 92,
      publishedAt: null,
    },
    {
      author: "@sparfuchs77",
      text: "45 Cent für ein Brötchen? Dann kauf ich halt beim Discounter, sorry.",
      likes: 14,
      publishedAt: null,
    },
    { author: "@tonmann", text: "Der Ton ist ab Minute 2 leicht verzerrt.", likes: 5, publishedAt: null },
  ],
};

// ---------------------------------------------------------------------------------------------
// 5. A very short desk-posture tip, auto captions.

const POSTURE_SCRIPT = `Okay, if you sit at a desk all day, try this right now. First, scoot all the way back in your chair so your hips touch the backrest. Second, pull your chin straight back, like you're making a double chin. Yeah, it looks silly. That's the point. Third, drop your shoulders away from your ears and squeeze your shoulder blades together for five seconds. Do that ten times. And here's the big one. Raise your screen so the top of it is at eye level. A stack of books works fine. Do this every hour and your neck will thank you. Follow for more.`;

const posture = captions(POSTURE_SCRIPT, "en", true);

/** A ~40-second auto-captioned short: three quick steps, far too little for a long article. */
export const SHORT_TIP_VIDEO: VideoData = {
  id: "postureTip1",
  url: "https://www.youtube.com/watch?v=postureTip1",
  title: "Fix Your Desk Posture in 30 Seconds 🪑✅ #shorts",
  channel: { id: "UCdeskbody", name: "Desk Body Daily" },
  description: "Do this every hour 👇\n#shorts #posture #deskjob #neckpain #officeworkout #ergonomics",
  publishedAt: "2025-03-03T08:00:00Z",
  durationSeconds: posture.seconds,
  viewCount: 412_000,
  thumbnails: [],
  chapters: [],
  transcript: posture.transcript,
  comments: [
    {
      author: "@codemonkey_22",
      text: "Did the double chin thing in a meeting with my camera on. Regret.",
      likes: 2_140,
      publishedAt: null,
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// 6. A Spanish radio interview with a doctor about heat waves.

const OLA_CALOR_TURNS: readonly string[] = [
  "Buenos días, son las diez y cuarto y esto es Mañanas en la Vega. Si nos estáis viendo en YouTube, bienvenidos también, y ya sabéis, suscribíos al canal, que nos ayuda mucho. Hoy hace calor, mucho calor. Ayer en Valdeleña llegamos a cuarenta y un grados, y la previsión para esta semana es todavía peor. Para hablar de cómo nos afecta, y sobre todo de cómo afecta a nuestros mayores, tenemos en el estudio a la jefa de Geriatría del Hospital Comarcal. Doctora Ruiz, buenos días y gracias por venir.",
  "Buenos días, Javier. Gracias a vosotros. Y menos mal que aquí tenéis aire acondicionado, porque en la calle ya no se puede estar.",
  "Eso se lo debemos al técnico, que lo arregló el lunes, porque si no estaríamos haciendo el programa en bañador. Bueno, vamos al grano. ¿Qué están viendo ustedes en el hospital estos días?",
  "Pues lo que vemos cada verano, pero cada vez antes y cada vez más. En la última ola de calor, la de julio, tuvimos un treinta por ciento más de ingresos de personas mayores de setenta y cinco años que en una semana normal. Y ojo, la mayoría no venían por un golpe de calor, que es lo que todo el mundo se imagina. Venían por deshidratación, por caídas, por infecciones de orina, por problemas del corazón o del riñón que se descompensan. El calor no suele matar de golpe. Lo que hace es empeorar lo que ya estaba ahí.",
  "¿Y por qué les afecta tanto a las personas mayores?",
  "Por varias razones. La primera es que con la edad se pierde la sensación de sed. Una persona de ochenta años puede estar deshidratada y no tener ninguna gana de beber. La segunda es que el cuerpo suda menos y regula peor la temperatura. Y luego están los medicamentos. Los diuréticos, algunos de la tensión, algunos para dormir, todos esos hacen que el cuerpo aguante peor el calor.",
  "Eso de la sed me ha llamado la atención, porque mi abuela, que tiene ochenta y siete años, me dice siempre que ella no bebe porque no tiene sed. Y yo pensaba que era cabezonería.",
  "Un poco de cabezonería habrá, no lo dudo, pero es sobre todo fisiología. Por eso no hay que esperar a que tengan sed. Hay que ofrecerles agua.",
  "Vale. Entonces, ¿qué consejos daría usted a las familias que tienen a una persona mayor en casa, o que vive sola?",
  "Yo diría tres cosas. Primero, beber aunque no haya sed. Un litro y medio al día como mínimo, en vasos pequeños y repartidos, y también cuenta la fruta, el gazpacho o una sopa fría. Segundo, mantener la casa fresca. Bajar las persianas por la mañana, abrir las ventanas solo de noche, y pasar las horas de más calor, de doce a seis de la tarde, en la habitación más fresca de la casa. Si no hay aire acondicionado, un rato en el centro de mayores o en la biblioteca también vale. Y tercero, y este es el que más se olvida, llamar. Llamar todos los días a la persona mayor que vive sola. Un vecino, un hijo, una sobrina. Muchas de las personas que nos llegan en peor estado llevaban dos o tres días solas en casa sin que nadie se diera cuenta.",
  "Lo tercero me parece fundamental. ¿Y cuáles son las señales de alarma? ¿Cuándo hay que preocuparse?",
  "Cuando la persona está más confusa de lo normal o más dormida, cuando apenas orina o la orina es muy oscura, cuando tiene la piel muy caliente y seca, o más de treinta y ocho de fiebre sin otra explicación. Ante cualquiera de esas cosas hay que llamar al centro de salud o a urgencias. No hay que esperar a mañana.",
  "Doctora Ruiz, una última pregunta, que nos la han mandado varios oyentes. ¿Es verdad que con mucho calor no se debe usar el ventilador?",
  "Es verdad a medias. Por encima de treinta y cinco grados, el ventilador solo mueve aire caliente. Ahí sirve más mojarse la nuca, los brazos o los pies con agua fresca, y luego sí, el ventilador. Pero por debajo de esa temperatura ayuda, claro que sí.",
  "Pues muy claro todo. Doctora Ruiz, muchísimas gracias por venir.",
  "Gracias a ti, Javier. Y cuidad mucho a vuestros mayores esta semana.",
  "Lo haremos. Tenéis los consejos de la doctora en la descripción del vídeo y en nuestra web. Seguimos después de la publicidad con la previsión del tiempo, que ya os aviso que no trae buenas noticias.",
];

const olaCalor = captions(OLA_CALOR_TURNS.map((text) => `\n>> ${text}`).join(" "), "es");

/** A Spanish radio interview: ">>" turns, the doctor addressed only as "Doctora Ruiz" (full name in the description), spoken figures and three numbered tips ("Primero … Segundo … Y tercero"). */
export const SPANISH_INTERVIEW_VIDEO: VideoData = {
  id: "olaCalor001",
  url: "https://www.youtube.com/watch?v=olaCalor001",
  title: "Ola de calor: cómo proteger a nuestros mayores 🌡️ | Entrevista en Mañanas en la Vega",
  channel: { id: "UCradiovega", name: "Radio Vega" },
  description:
    "Javier Olmedo entrevista a la doctora Carmen Ruiz, jefa de Geriatría del Hospital Comarcal de Valdeleña, sobre cómo afectan las olas de calor a las personas mayores: por qué no tienen sed, qué medicamentos empeoran el calor, qué señales de alarma vigilar y tres consejos para las familias.\n\nConsejos completos en nuestra web: https://example.com/radiovega/calor\nEscucha Mañanas en la Vega de lunes a viernes de 9 a 12.\n#olaDeCalor #salud #mayores #RadioVega",
  publishedAt: "2025-07-22T09:30:00Z",
  durationSeconds: olaCalor.seconds,
  viewCount: 8_940,
  thumbnails: [],
  chapters: [],
  transcript: olaCalor.transcript,
  comments: [
    {
      author: "@marisa_valde",
      text: "Mi padre tiene 84 años y nunca bebe agua, siempre dice que no tiene sed. Ahora entiendo por qué. Le voy a poner alarmas en el móvil.",
      likes: 57,
      publishedAt: null,
    },
    {
      author: "@enfermera_de_noche",
      text: "Lo de llamar todos los días a los que viven solos es lo más importante de toda la entrevista. Lo vemos cada verano en urgencias.",
      likes: 39,
      publishedAt: null,
    },
    {
      author: "@calorcito_de_siempre",
      text: "Toda la vida ha hecho calor en verano y nadie montaba este drama. Alarmistas.",
      likes: 4,
      publishedAt: null,
    },
    {
      author: "@oyente_fiel",
      text: "¿Alguien sabe si el programa del viernes también se sube aquí? No lo encuentro.",
      likes: 2,
      publishedAt: null,
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// 7. A French apricot tart recipe, auto captions.

const TARTE_SCRIPT = `Coucou tout le monde, et bienvenue dans ma cuisine! Pour ceux qui sont nouveaux ici, je m'appelle Élodie, et tous les dimanches je vous montre une recette simple, de saison, qu'on peut faire sans robot et sans prise de tête. Aujourd'hui on fait une tarte aux abricots et à la crème d'amande. C'est la tarte de ma grand-mère, enfin, ma version de la tarte de ma grand-mère, parce qu'elle, elle ne pesait jamais rien. Elle faisait tout à l'œil, et moi, bon, j'ai besoin d'une balance. Avant de commencer, si ce n'est pas déjà fait, abonnez-vous et activez la petite cloche, comme ça vous ne ratez aucune recette. Et la liste des ingrédients est en description, comme d'habitude.
Alors, pour la pâte sablée, il vous faut 250 grammes de farine, 125 grammes de beurre bien froid, 80 grammes de sucre glace, un œuf et une pincée de sel. Pour la crème d'amande, 100 grammes de poudre d'amande, 80 grammes de sucre, 80 grammes de beurre mou et deux œufs. Et puis bien sûr les abricots, à peu près 600 grammes, bien mûrs mais pas trop mous.
Première étape, la pâte. Dans un grand saladier, on met la farine, le sucre glace et le sel, et on ajoute le beurre froid coupé en petits dés. Et là on sable du bout des doigts, on frotte, on frotte, jusqu'à avoir comme du sable mouillé. Surtout, ne travaillez pas trop la pâte, sinon elle devient élastique et elle se rétracte à la cuisson. Ensuite on ajoute l'œuf, on rassemble en boule, et c'est tout.
Deuxième étape, le repos. On aplatit la boule en galette, on filme, et hop, au frigo pour au moins 30 minutes. Moi je la laisse souvent une heure. Pendant ce temps, petite parenthèse, vous avez vu mon nouveau tablier? C'est ma sœur qui me l'a cousu, parce qu'elle trouvait que l'ancien était plein de trous. Merci Camille si tu regardes! Bon, on reprend.
Troisième étape, on étale la pâte sur environ 3 millimètres et on la met dans un moule de 26 centimètres. On pique le fond avec une fourchette, et on remet au frais le temps de préparer la crème. Et on préchauffe le four à 180 degrés.
Quatrième étape, la crème d'amande. C'est vraiment tout bête. Le beurre mou et le sucre, on mélange bien, puis les deux œufs un par un, puis la poudre d'amande. Ça prend deux minutes et on n'a même pas besoin d'un fouet électrique. Si vous voulez, vous pouvez ajouter une cuillère de rhum, moi je ne le fais pas parce que les enfants en mangent.
Cinquième étape, on étale la crème sur le fond de tarte, pas trop épais, et on dispose les abricots coupés en deux, côté bombé vers le bas, bien serrés. Ils vont réduire à la cuisson, donc n'ayez pas peur d'en mettre beaucoup. Ma grand-mère disait toujours, une tarte où on voit la crème, c'est une tarte ratée.
Sixième et dernière étape, la cuisson. 35 à 40 minutes à 180 degrés, jusqu'à ce que la crème soit bien dorée sur les bords. À la sortie du four, vous pouvez badigeonner les abricots avec un peu de confiture d'abricot chauffée, ça les fait briller. Et surtout, laissez refroidir avant de couper, sinon la crème coule partout. Je sais, c'est dur.
Et voilà! Regardez-moi cette tarte. Franchement, elle est encore meilleure le lendemain. Si vous la faites, envoyez-moi une photo, ça me fait toujours super plaisir. Dites-moi aussi en commentaire quelle tarte vous voulez pour la semaine prochaine, j'hésite entre une tarte au citron et une tarte aux prunes. Merci d'avoir regardé, n'oubliez pas de vous abonner, et je vous dis à dimanche prochain. Bisous!`;

const tarte = captions(TARTE_SCRIPT, "fr", true);
const tarteChapters = [
  { title: "Intro", startSeconds: 0 },
  { title: "Les ingrédients", startSeconds: startOf(tarte.transcript, "alors pour la pâte sablée") },
  { title: "La pâte sablée", startSeconds: startOf(tarte.transcript, "première étape") },
  { title: "Repos et fonçage", startSeconds: startOf(tarte.transcript, "deuxième étape") },
  { title: "La crème d'amande", startSeconds: startOf(tarte.transcript, "quatrième étape") },
  { title: "Les abricots", startSeconds: startOf(tarte.transcript, "cinquième étape") },
  { title: "Cuisson et dégustation", startSeconds: startOf(tarte.transcript, "sixième et dernière étape") },
];

/** An auto-captioned French recipe: the cook names herself only in the talk, quantities in grams, six steps said as "première étape … sixième et dernière étape", chapters. */
export const FRENCH_RECIPE_AUTO_VIDEO: VideoData = {
  id: "tarteElo001",
  url: "https://www.youtube.com/watch?v=tarteElo001",
  title: "TARTE AUX ABRICOTS et crème d'amande 🥧 la recette de ma grand-mère (super facile !)",
  channel: { id: "UCdimanchesElodie", name: "Les Dimanches d'Élodie" },
  description: `La tarte aux abricots de ma grand-mère, avec une pâte sablée maison et une crème d'amande toute simple. Sans robot !\n\nINGRÉDIENTS (moule de 26 cm)\nPâte sablée : 250 g de farine, 125 g de beurre froid, 80 g de sucre glace, 1 œuf, 1 pincée de sel\nCrème d'amande : 100 g de poudre d'amande, 80 g de sucre, 80 g de beurre mou, 2 œufs\nEnviron 600 g d'abricots\n\n${tarteChapters.map((c) => `${stamp(c.startSeconds)} ${c.title}`).join("\n")}\n\nMon moule à tarte : https://example.com/moule\nInstagram : @lesdimanchesdelodie\n#tarte #abricots #recettefacile #patisserie #dessert`,
  publishedAt: "2025-06-29T08:00:00Z",
  durationSeconds: tarte.seconds,
  viewCount: 126_000,
  thumbnails: [],
  chapters: tarteChapters,
  transcript: tarte.transcript,
  comments: [
    {
      author: "@mamie_josette",
      text: "Faite hier pour l'anniversaire de mon mari, il n'en reste plus une miette. Merci Élodie !",
      likes: 214,
      publishedAt: null,
    },
    {
      author: "@julien_patiss",
      text: "Petite astuce : une cuillère de semoule fine sur le fond avant la crème, ça absorbe le jus des abricots et la pâte reste croustillante.",
      likes: 133,
      publishedAt: null,
    },
    {
      author: "@lea_b",
      text: "Tarte au citron la semaine prochaine svp !!",
      likes: 48,
      publishedAt: null,
    },
    {
      author: "@critique_gourmand",
      text: "Encore une tarte aux abricots, il y en a déjà mille sur YouTube. Aucune originalité.",
      likes: 3,
      publishedAt: null,
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// 8. A moderated debate whose captions carry generic speaker labels.

const DEBATE_TURNS: ReadonlyArray<readonly [string, string]> = [
  [
    "MODERATOR",
    "Good evening, and welcome to the Fernvale Community Forum. If you're watching on our channel, please do subscribe. Tonight's question is one a lot of you have opinions about, judging by my inbox. Should Fernvale schools move to a four-day week starting next fall? The school board votes on March the eleventh. We have two guests. Jordan, you're arguing for the change. Alicia, you're arguing against. Each of you gets two minutes to open. Jordan, you won the coin toss, so go ahead.",
  ],
  [
    "SPEAKER 1",
    "Thanks, Lucy, and thanks everyone for coming out on a school night. I'll start with a number. Thirty-one. That's how many teaching jobs we could not fill last August. We started the year with long-term substitutes in thirty-one classrooms. The three districts around us that went to four days are filling their vacancies. Teachers tell us, in our own survey, that a four-day week is the one thing that would make them stay. And the day isn't lost. We add about fifty minutes to each of the other four days, so students get the same instructional time the state requires. We also save roughly six hundred thousand dollars a year on buses, heating and substitute pay. I'm not saying it's free. I'm saying the week we have now isn't working either.",
  ],
  ["MODERATOR", "Thank you. Alicia, two minutes."],
  [
    "SPEAKER 2",
    "Thank you. I want to start with who actually pays for that Friday. It isn't the district. It's families. About forty percent of our kids qualify for free lunch. And for working parents, a fifth day of childcare in Fernvale costs around sixty dollars, if you can even find a spot. Over a school year, that's more than two thousand dollars per child. The district saves six hundred thousand dollars, and parents quietly pick up a much bigger bill. And on the longer days, I'm sorry, but anyone with a seven-year-old knows what the last fifty minutes of a long day look like. More minutes is not the same as more learning.",
  ],
  ["MODERATOR", "Jordan, your response?"],
  [
    "SPEAKER 1",
    "Alicia's right that Fridays are a real problem for some families. That's why the plan includes a Friday program at two of the elementary schools, with meals. It would cost twenty dollars a day, and nothing for families who qualify for free lunch. On learning, the honest answer is that the research is mixed. Some four-day districts saw small drops in test scores, some saw none. But a classroom with a real teacher in it beats a rotating substitute every time.",
  ],
  ["MODERATOR", "Alicia, the Friday program. Does that answer your concern?"],
  [
    "SPEAKER 2",
    "Partly. Two schools, in a district that covers, what, three hundred square miles? If you live out on the north end, that's a forty-minute drive each way. I'd also point out that the survey Jordan mentioned had about a thirty percent response rate. I'd want to know what the other seventy percent think.",
  ],
  [
    "MODERATOR",
    "Let's take a couple of questions from the room. Yes, the gentleman in the blue jacket. Thank you. For those at home, the question is whether the teachers' union has taken a position. Jordan?",
  ],
  [
    "SPEAKER 1",
    "They have. The Fernvale Education Association voted to support a trial, seventy-eight percent in favor. Not a permanent change. A two-year trial with a review at the end.",
  ],
  [
    "MODERATOR",
    "And a second question, this one from the live chat. What happens to sports and after-school activities? Alicia, you first this time.",
  ],
  [
    "SPEAKER 2",
    "That's one of the things nobody has really planned for. Right now most games are on Fridays and Saturdays. With a four-day week, coaches will schedule practices on Fridays anyway, and the kids who can't get a ride will just drop out.",
  ],
  [
    "SPEAKER 1",
    "That's fair. We'd keep the gyms open on Fridays and run the activity bus. It's in the draft plan, page twelve, but I take the point that not many people have read page twelve.",
  ],
  ["MODERATOR", "We're nearly out of time, so closing statements, one minute each. Alicia, you go first this time."],
  [
    "SPEAKER 2",
    "I'm not against change. I'm against doing this in one vote, on a survey with a thirty percent response rate, with a Friday plan that covers two schools. If the board wants a trial, start with one school, measure it honestly, and bring it back to us.",
  ],
  [
    "SPEAKER 1",
    "I'd actually take a lot of that. What I'd ask people to remember is the first number I gave tonight. Thirty-one classrooms. If we do nothing, that number goes up, not down. A trial with honest measurement is better than standing still.",
  ],
  [
    "MODERATOR",
    "Jordan, Alicia, thank you both. The board meets on March the eleventh at seven, in the high school library, and public comment is open. The full draft plan is linked in the description. This forum was made possible by the Fernvale Library Foundation. Good night.",
  ],
];

const debate = labelledCaptions(DEBATE_TURNS);
const debateChapters = [
  { title: "Welcome and format", startSeconds: 0 },
  { title: "Opening: for the four-day week", startSeconds: startOf(debate.transcript, "SPEAKER 1: Thanks, Lucy") },
  { title: "Opening: against", startSeconds: startOf(debate.transcript, "MODERATOR: Thank you. Alicia") },
  { title: "Rebuttals", startSeconds: startOf(debate.transcript, "MODERATOR: Jordan, your response") },
  { title: "Questions from the room", startSeconds: startOf(debate.transcript, "MODERATOR: Let's take a couple") },
  { title: "Closing statements", startSeconds: startOf(debate.transcript, "MODERATOR: We're nearly out of time") },
];

/** A moderated debate: captions labelled only "SPEAKER 1:", "SPEAKER 2:", "MODERATOR:", first names in the talk, full names and roles (who argues which side) only in the description. */
export const DEBATE_SPEAKER_LABELS_VIDEO: VideoData = {
  id: "debate4day1",
  url: "https://www.youtube.com/watch?v=debate4day1",
  title: "Should Fernvale Schools Switch to a Four-Day Week? | Community Forum Debate",
  channel: { id: "UCfernvaletv", name: "Fernvale Community TV" },
  description: `Ahead of the school board's March 11 vote, two local voices debate moving Fernvale schools to a four-day week.\n\nModerator: Lucy Brandt, education reporter at the Fernvale Ledger\nFor: Jordan Pike, superintendent of the Fernvale School District\nAgainst: Alicia Moreno, pediatrician and president of the Fernvale Parent Council\n\n${debateChapters.map((c) => `${stamp(c.startSeconds)} ${c.title}`).join("\n")}\n\nRead the district's draft plan: https://example.com/fernvale/four-day-plan\nPublic comment for the board: https://example.com/fernvale/comment\nThis forum is supported by the Fernvale Library Foundation.\n#FernvaleForum #education #fourdayweek`,
  publishedAt: "2025-02-20T03:00:00Z",
  durationSeconds: debate.seconds,
  viewCount: 5_210,
  thumbnails: [],
  chapters: debateChapters,
  transcript: debate.transcript,
  comments: [
    {
      author: "@fernvale_mom_of3",
      text: "Sixty dollars a day for Friday care is optimistic. We pay seventy-five and there's a waitlist. Thank you Dr. Moreno for saying it out loud.",
      likes: 88,
      publishedAt: null,
    },
    {
      author: "@mr_h_teaches_math",
      text: "As one of the teachers who almost left last year: Jordan's thirty-one number is real. A trial is better than nothing.",
      likes: 71,
      publishedAt: null,
    },
    {
      author: "@northend_rancher",
      text: "Forty minutes each way is generous. Nobody on the board has driven the north road in February.",
      likes: 36,
      publishedAt: null,
    },
    {
      author: "@taxes_too_high",
      text: "Pay these administrators less and you'd have money for teachers. Whole forum was theater.",
      likes: 9,
      publishedAt: null,
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// 9. A rambling day-in-the-life vlog about moving to a new city, auto captions.

export const VLOG_SCRIPT = `Hey guys, welcome back to my channel, or, um, welcome if you're new here. So, uh, as you can probably tell from all the boxes behind me, I did it. I actually moved. I am officially living in Larkhaven now, which is, like, still so weird to say. It's been, um, eight days? Nine days? I honestly don't know what day it is anymore. So today I thought I'd just take you guys along for a normal day and kind of, you know, talk about how it's actually going, the good and the bad.
Okay, so it's like seven thirty and I'm making coffee, and by making coffee I mean I found the kettle but I have not found the mugs. So I'm drinking out of a measuring cup. Living the dream.
Um, okay, so the first thing everybody asked me about in the comments on my last video was rent. And yeah. Rent here is, like, a lot. When I started looking, a one bedroom in the neighborhoods I actually liked was like eighteen fifty, nineteen hundred a month, and that's before utilities. Which, coming from back home where I was paying like eight hundred, was kind of a shock. So what I ended up doing, and I know this isn't for everyone, is I'm renting a room in a three bedroom with two other girls, and my part is eleven hundred. Which is still more than I wanted, but it's fine. It's fine. I have a window. The window faces a wall, but it's a window.
Oh, wait, sorry, hold on, my neighbor's dog is doing the thing again. Okay. He barks at the mail carrier every single day at exactly this time, it's honestly kind of impressive.
Okay, so, quick break, because this video is sponsored by Boxtrail. So Boxtrail is this app that, um, basically helps you plan a move, like you put in your move date and it builds you a checklist, and it reminds you to do stuff like forward your mail and set up internet, which, I did not do, and I had no internet for four days, so, learn from me. You can also compare moving quotes right in the app. If you want to try it, use my code TESS15 for fifteen percent off the premium plan, link is in the description. Okay, thank you Boxtrail.
So the second big thing, and this is the one that honestly stressed me out the most, is the job situation. I moved here without a full time job, which my mom was thrilled about, as you can imagine. I applied to, like, I think forty two jobs in the month before I moved? And I heard back from maybe five. So for now I'm working at a cafe about three days a week, mornings, which I actually kind of love, and I'm still applying for design jobs. And, um, I have a second interview on Thursday at a small studio, so, fingers crossed, I'll update you guys. The one thing I'd say is, like, applying from out of state was so much harder than applying once I had a local address. Like, the week I put my new address on my resume, I got three callbacks. I don't know if that's a coincidence, but, you know, maybe not.
Okay, we're going on a walk now, because I need to find a grocery store that isn't a gas station.
Oh my gosh, look at this street. Like, look at these trees. This is why I moved here, honestly.
Okay, so the third thing, and this is the hard one, is making friends. Because, like, nobody tells you how lonely the first week is. You're busy, you're unpacking, and then it's nine at night and you're sitting on the floor eating cereal and you realize you haven't talked to anyone all day except the barista. Well, I am the barista now, so. Anyway. What I've done so far is I joined a run club that meets on Tuesdays, and I went to a beginner night at a climbing gym, and honestly the run club was the better one, because you're kind of forced to talk to people when you're all dying together. I got two numbers. Two! That's two more than last week.
So yeah. That's, um, kind of where I'm at. If you've moved to a new city by yourself, let me know in the comments how long it took you to feel settled, because I really want to know. And if you want to see me unpack the rest of these boxes, which, let's be honest, might take until Christmas, subscribe so you don't miss it. Okay. Love you guys. Bye!`;

const vlog = captions(VLOG_SCRIPT, "en", true);

/** An auto-captioned rambling vlog: heavy filler, asides and a sponsor read with a promo code around only three substantive points (rent, a job, friends); no chapters. */
export const VLOG_RAMBLE_VIDEO: VideoData = {
  id: "vlogMove001",
  url: "https://www.youtube.com/watch?v=vlogMove001",
  title: "i moved to a new city ALONE 📦 first week, rent, jobs & making friends (day in my life)",
  channel: { id: "UCtessintransit", name: "tess in transit" },
  description:
    "first full week in Larkhaven!! 📦🌳 the good, the bad and the measuring cup coffee\n\nthis video is sponsored by Boxtrail ✨ use code TESS15 for 15% off premium: https://example.com/boxtrail\n\nwatch the actual move: https://example.com/tess/moving-day\ninstagram: @tessintransit\n\n#movingalone #dayinmylife #newcity #vlog #movingvlog",
  publishedAt: "2025-09-14T15:00:00Z",
  durationSeconds: vlog.seconds,
  viewCount: 18_700,
  thumbnails: [],
  chapters: [],
  transcript: vlog.transcript,
  comments: [
    {
      author: "@jojo.moves.west",
      text: "Moved alone three months ago and the run club tip is SO real. It took me about two months to stop feeling like a tourist.",
      likes: 402,
      publishedAt: null,
    },
    {
      author: "@quietkat",
      text: '"the window faces a wall but it\'s a window" 😭 i felt that',
      likes: 356,
      publishedAt: null,
    },
    {
      author: "@rent_watcher",
      text: "eleven hundred for a room there is honestly a good deal, don't let anyone tell you otherwise",
      likes: 61,
      publishedAt: null,
    },
    {
      author: "@notsubscribing",
      text: "fifteen minutes of boxes and a sponsor read. where's the actual info",
      likes: 12,
      publishedAt: null,
    },
  ],
};

/** The second set of held-out videos, in the order they were written. */
export const MORE_HELD_OUT_VIDEOS: readonly VideoData[] = [
  HISTORY_TALK_VIDEO,
  PANEL_PODCAST_VIDEO,
  TV_NEWS_REPORT_VIDEO,
  GERMAN_INTERVIEW_VIDEO,
  SHORT_TIP_VIDEO,
  SPANISH_INTERVIEW_VIDEO,
  FRENCH_RECIPE_AUTO_VIDEO,
  DEBATE_SPEAKER_LABELS_VIDEO,
  VLOG_RAMBLE_VIDEO,
];
