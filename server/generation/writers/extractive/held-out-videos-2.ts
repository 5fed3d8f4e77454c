import type { Transcript, TranscriptSegment, VideoData } from "../../types";

/*
 * A second set of held-out videos, written after the writer was built and not used to shape it:
 * a museum curator's lecture on an 1890s flood (past tense, quoted letters, the curator named only
 * in the description), an auto-captioned three-way podcast panel, a local TV news report whose
 * captions carry broadcast labels ("ANCHOR:", "AMA SERWAA, SHOP OWNER:"), a German interview with
 * a baker, and a 40-second auto-captioned short. Invented text, no real people or brands.
 */

/**
 * Caption lines of a script (same as held-out-videos.ts): a sentence or part of one per line at a
 * speaking pace, with a pause after most sentences; `auto` writes them as auto captions (lower
 * case, no punctuation). Lines opening a new speaker's turn start with ">>" when the script marks
 * turns with "\n>> ".
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

function round(n: number): number {
  return Math.round(n * 100) / 100;
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

const PANEL_TURNS: readonly string[] = [
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

/** The second set of held-out videos, in the order they were written. */
export const MORE_HELD_OUT_VIDEOS: readonly VideoData[] = [
  HISTORY_TALK_VIDEO,
  PANEL_PODCAST_VIDEO,
  TV_NEWS_REPORT_VIDEO,
  GERMAN_INTERVIEW_VIDEO,
  SHORT_TIP_VIDEO,
];
