/**
 * The emoji picker's sets, loaded with the picker on first use, never with the channel
 * page. Any other emoji can still be typed into the picker's field from the device's own keyboard.
 */
export interface EmojiGroup {
  name: string;
  emoji: readonly string[];
}

const split = (text: string): string[] =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text.replace(/\s+/g, ''))].map(
    (s) => s.segment,
  );

export const EMOJI_GROUPS: readonly EmojiGroup[] = [
  {
    name: 'Smileys',
    emoji: split(
      '😀😃😄😁😆😅🤣😂🙂🙃😉😊😇🥰😍🤩😘😗😚😙😋😛😜🤪😝🤑🤗🤭🤫🤔🤐🤨😐😑😶😏😒🙄😬😮‍💨🤥😌😔😪🤤😴😷🤒🤕🤢🤮🤧🥵🥶🥴😵🤯🤠🥳🥸😎🤓🧐😕😟🙁☹️😮😯😲😳🥺😦😧😨😰😥😢😭😱😖😣😞😓😩😫🥱😤😡😠🤬😈👿💀💩🤡👻👽🤖',
    ),
  },
  {
    name: 'People',
    emoji: split(
      '👋🤚🖐️✋🖖👌🤌🤏✌️🤞🤟🤘🤙👈👉👆👇☝️👍👎✊👊🤛🤜👏🙌👐🤲🤝🙏✍️💪🦾👀👂👃🧠👶🧒👦👧🧑👨👩🧓👴👵🙋🙆🙅🤷🤦💁🙇👮👷💂🕵️🧑‍⚕️🧑‍🍳🧑‍🔧🧑‍🏫🧑‍💻🦸🧙🧚💃🕺👯🚶🏃👫👬👭💑👪',
    ),
  },
  {
    name: 'Hearts',
    emoji: split('❤️🧡💛💚💙💜🖤🤍🤎💔❣️💕💞💓💗💖💘💝💟❤️‍🔥❤️‍🩹💯💢💥💫💦💨🕳️💬💭💤'),
  },
  {
    name: 'Animals & nature',
    emoji: split(
      '🐶🐱🐭🐹🐰🦊🐻🐼🐨🐯🦁🐮🐷🐸🐵🙈🙉🙊🐔🐧🐦🐤🦆🦉🐺🐴🦄🐝🐛🦋🐌🐞🐢🐍🐙🐠🐟🐬🐳🦈🐊🦓🐘🐪🦒🐕🐈🐓🐇🦔🌵🎄🌲🌳🌴🌱🌿☘️🍀🍁🍂🍃🌷🌹🌺🌸🌼🌻🌞🌝🌚🌙⭐🌟✨⚡🔥🌈☀️⛅☁️🌧️⛈️❄️☃️⛄🌊💧',
    ),
  },
  {
    name: 'Food & drink',
    emoji: split(
      '🍏🍎🍐🍊🍋🍌🍉🍇🍓🫐🍈🍒🍑🥭🍍🥥🥝🍅🥑🥦🥕🌽🌶️🥔🥐🍞🥖🧀🥚🍳🥞🧇🥓🍔🍟🍕🌭🥪🌮🌯🥗🍝🍜🍲🍛🍣🍱🥟🍤🍙🍚🍰🎂🧁🥧🍫🍬🍭🍮🍩🍪🍿☕🍵🧃🥤🍺🍻🥂🍷🥃🍸🍹🧉🍾🧊',
    ),
  },
  {
    name: 'Activities',
    emoji: split(
      '⚽🏀🏈⚾🥎🎾🏐🏉🎱🏓🏸🥅🏒⛳🏹🎣🥊🥋⛸️🎿🏂🏋️🚴🧘🏊🎯🎮🎲🧩🎨🎭🎤🎧🎼🎹🥁🎷🎺🎸🎻🎬🏆🥇🥈🥉🏅🎖️🎫🎟️🎉🎊🎈🎁🎀🪅',
    ),
  },
  {
    name: 'Travel & places',
    emoji: split(
      '🚗🚕🚙🚌🚎🏎️🚓🚑🚒🚐🛻🚚🚛🚜🛵🏍️🚲🛴🚨🚔🚍🚘🚖✈️🛫🛬🚀🛸🚁⛵🚤🛳️🚢⚓🚧⛽🚏🗺️🗽🗼🏰🏯🏟️🎡🎢🎠⛲🏖️🏝️🏜️🌋⛰️🏔️🏕️🏠🏡🏘️🏢🏬🏣🏤🏥🏦🏨🏪🏫🏩💒🏛️⛪🕌🌃🌆🌇🌉🌁',
    ),
  },
  {
    name: 'Objects',
    emoji: split(
      '⌚📱💻⌨️🖥️🖨️🖱️💾💿📷📸📹🎥📞☎️📺📻🔋🔌💡🔦🕯️🧯🛢️💸💵💳🧾✉️📧📨📦📫📬📮🗳️✏️✒️🖊️📝📁📅📆📌📍📎✂️🗑️🔒🔓🔑🗝️🔨🪓🔧🪛🔩⚙️🧰🧲🪜🧪🧹🧺🧻🪣🧼🪥🚪🛏️🛋️🪑🚽🚿🛁🧸🖼️🛒🎒👓🕶️👔👕👖🧣🧤🧥🧦👗👟👠🎩🧢💍💼',
    ),
  },
  {
    name: 'Symbols',
    emoji: split(
      '✅☑️✔️❌❎➕➖➗✖️❓❔❕❗‼️⁉️⚠️🚫⛔📛🔞🚭🚯🚱🚷♻️🔰⭕🆗🆕🆙🆒🆓🆘🔝🔜🔛🔚🔙🔔🔕📢📣💤🎵🎶➡️⬅️⬆️⬇️↗️↘️↙️↖️↕️↔️🔄🔃🔁🔂▶️⏸️⏹️⏺️⏭️⏮️⏩⏪🔀🔴🟠🟡🟢🔵🟣⚫⚪🟤🔺🔻🔸🔹🔶🔷0️⃣1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣8️⃣9️⃣🔟#️⃣*️⃣',
    ),
  },
  {
    name: 'Flags',
    emoji: split(
      '🏁🚩🎌🏴🏳️🏳️‍🌈🏳️‍⚧️🇺🇳🇪🇺🇺🇸🇬🇧🇨🇦🇦🇺🇮🇪🇫🇷🇩🇪🇮🇹🇪🇸🇵🇹🇳🇱🇧🇪🇨🇭🇦🇹🇸🇪🇳🇴🇩🇰🇫🇮🇵🇱🇺🇦🇬🇷🇹🇷🇮🇳🇨🇳🇯🇵🇰🇷🇧🇷🇲🇽🇦🇷🇨🇴🇿🇦🇳🇬🇪🇬🇲🇦🇮🇱🇳🇿',
    ),
  },
];
