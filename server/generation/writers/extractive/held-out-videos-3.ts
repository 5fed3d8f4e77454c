import type { VideoData } from "../../types";
import { captions } from "./held-out-videos";

/*
 * A third held-out set, written after the writer was built and read as an editor would: an
 * auto-captioned post-game press conference, where a coach and her captain answer reporters in
 * turns marked only by ">>", both named in full only in the description. Invented text, no real
 * people, teams or places.
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

export const THIRD_HELD_OUT_VIDEOS: readonly VideoData[] = [PRESS_CONFERENCE_VIDEO];
