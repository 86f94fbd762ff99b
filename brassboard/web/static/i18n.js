// The shell's strings in English and German, and the language choice (remembered in localStorage).

const KEY = "brassboard.lang";
export const LANGS = ["en", "de"];

function initial() {
  try {
    const saved = localStorage.getItem(KEY);
    if (LANGS.includes(saved)) return saved;
  } catch { /* private mode */ }
  return (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
}

let current = initial();
export function lang() { return current; }
export function setLang(value) {
  if (!LANGS.includes(value) || value === current) return;
  current = value;
  try { localStorage.setItem(KEY, value); } catch { /* ignore */ }
  document.documentElement.lang = value;
  window.dispatchEvent(new CustomEvent("langchange", { detail: value }));
}
document.documentElement.lang = current;

export const STRINGS = {
  en: {
    "nav.lobby": "Lobby",
    "lang.en": "English", "lang.de": "Deutsch",
    "lobby.title": "Play",
    "lobby.new": "New match",
    "lobby.game": "Game",
    "lobby.players": "Players",
    "lobby.seat": "Seat {n}",
    "lobby.seatKind": "Who plays",
    "lobby.name": "Name",
    "lobby.kind.human": "Me (this browser)",
    "lobby.kind.open": "Open (someone joins by link)",
    "lobby.kind.bot": "Bot: {kind}",
    "lobby.options": "Options",
    "lobby.default": "default: {value}",
    "lobby.seed": "Seed (optional)",
    "lobby.create": "Create match",
    "lobby.hotseat": "Several seats are yours: this browser plays them all (hotseat).",
    "lobby.created": "Match {id} created",
    "lobby.links": "Links to share",
    "lobby.seatLink": "Seat {n} ({name})",
    "lobby.spectatorLink": "Spectators",
    "lobby.copy": "Copy",
    "lobby.copied": "Link copied",
    "lobby.go": "Go to the match",
    "lobby.open": "Open matches (seats to fill)",
    "lobby.running": "Running matches",
    "lobby.finished": "Finished matches",
    "lobby.mine": "Your matches",
    "lobby.none": "None.",
    "lobby.join": "Join seat {n}",
    "lobby.watch": "Watch",
    "lobby.resume": "Resume",
    "lobby.replay": "Replay",
    "lobby.refresh": "Refresh",
    "lobby.v": "move {v}",
    "lobby.yourName": "Your name",
    "lobby.public": "List this match in the lobby (anyone may take its open seats)",
    "lobby.inviteLink": "Invite for seat {n} (send it to one person: it takes the seat)",
    "lobby.seededTitle": "The creator chose the seed: they can foresee every roll and hidden card",
    "common.seeded": "seeded",
    "match.joinInvite": "Take the seat you were invited to",
    "match.privateNoInvite": "This match is private: its seats are taken through the invite links its creator shares.",
    "match.inviteLink": "Invite for seat {n} (still open)",
    "lobby.needHuman": "A match needs at least one seat that is not a bot.",
    "lobby.badJson": "Option {name}: not valid JSON.",
    "lobby.error": "Could not reach the server: {detail}",
    "seat.human": "human", "seat.open": "open", "seat.bot": "bot ({kind})",
    "seat.free": "free", "seat.taken": "taken",
    "status.open": "open", "status.running": "running", "status.finished": "finished",
    "match.loading": "Connecting…",
    "match.connected": "live",
    "match.reconnecting": "reconnecting…",
    "match.offline": "offline",
    "match.spectator": "You are watching.",
    "match.you": "You play {name}.",
    "match.hotseat": "Seats in this browser:",
    "match.yourTurn": "Your turn",
    "match.waiting": "Waiting for {names}",
    "match.waitingSeats": "Waiting for players to join: open seats {seats}",
    "match.over": "Game over.",
    "match.winners": "Winner: {names}",
    "match.winnersMany": "Winners (shared): {names}",
    "match.undo": "Undo",
    "match.log": "Log",
    "match.scores": "Final scores",
    "match.total": "Total",
    "match.replay": "Replay",
    "match.links": "Links",
    "match.copyLink": "Copy link",
    "match.spectatorLink": "Spectator link",
    "match.seatLink": "Link for seat {n} (keep it secret: it plays the seat)",
    "match.join": "Take seat {n}",
    "match.passDevice": "{name} to play — pass the device.",
    "match.illegal": "Not allowed: {detail}",
    "match.stale": "The game moved on; the board is up to date again.",
    "match.forbidden": "This browser does not hold that seat.",
    "match.error": "Error: {detail}",
    "match.notFound": "No match {id}.",
    "match.noUi": "This game has no board view yet: choose an action.",
    "match.actions": "Actions",
    "match.view": "State",
    "match.seatTab": "{name}",
    "match.active": "to act",
    "replay.title": "Replay of {id}",
    "replay.first": "Start", "replay.prev": "Back", "replay.next": "Forward", "replay.last": "End",
    "replay.play": "Play", "replay.pause": "Pause",
    "replay.position": "after move {n} of {total}",
    "replay.toMatch": "Back to the match",
    "replay.start": "set-up",
    "common.bot": "bot",
    "common.you": "you", "common.yes": "yes", "common.no": "no",
  },
  de: {
    "nav.lobby": "Lobby",
    "lang.en": "English", "lang.de": "Deutsch",
    "lobby.title": "Spielen",
    "lobby.new": "Neue Partie",
    "lobby.game": "Spiel",
    "lobby.players": "Spieler",
    "lobby.seat": "Platz {n}",
    "lobby.seatKind": "Wer spielt",
    "lobby.name": "Name",
    "lobby.kind.human": "Ich (dieser Browser)",
    "lobby.kind.open": "Offen (jemand tritt per Link bei)",
    "lobby.kind.bot": "Bot: {kind}",
    "lobby.options": "Optionen",
    "lobby.default": "Vorgabe: {value}",
    "lobby.seed": "Startwert (optional)",
    "lobby.create": "Partie anlegen",
    "lobby.hotseat": "Mehrere Plätze gehören dir: dieser Browser spielt sie alle (Hotseat).",
    "lobby.created": "Partie {id} angelegt",
    "lobby.links": "Links zum Weitergeben",
    "lobby.seatLink": "Platz {n} ({name})",
    "lobby.spectatorLink": "Zuschauer",
    "lobby.copy": "Kopieren",
    "lobby.copied": "Link kopiert",
    "lobby.go": "Zur Partie",
    "lobby.open": "Offene Partien (freie Plätze)",
    "lobby.running": "Laufende Partien",
    "lobby.finished": "Beendete Partien",
    "lobby.mine": "Deine Partien",
    "lobby.none": "Keine.",
    "lobby.join": "Platz {n} übernehmen",
    "lobby.watch": "Zuschauen",
    "lobby.resume": "Weiterspielen",
    "lobby.replay": "Wiederholung",
    "lobby.refresh": "Aktualisieren",
    "lobby.v": "Zug {v}",
    "lobby.yourName": "Dein Name",
    "lobby.public": "Partie in der Lobby zeigen (jede:r darf freie Plätze übernehmen)",
    "lobby.inviteLink": "Einladung für Platz {n} (an eine Person schicken: sie übernimmt den Platz)",
    "lobby.seededTitle": "Der Startwert wurde gewählt: wer ihn kennt, sieht jeden Wurf und jede verdeckte Karte voraus",
    "common.seeded": "Startwert gewählt",
    "match.joinInvite": "Den Platz deiner Einladung übernehmen",
    "match.privateNoInvite": "Diese Partie ist privat: ihre Plätze werden über die Einladungslinks vergeben, die ihr Ersteller teilt.",
    "match.inviteLink": "Einladung für Platz {n} (noch frei)",
    "lobby.needHuman": "Eine Partie braucht mindestens einen Platz, der kein Bot ist.",
    "lobby.badJson": "Option {name}: kein gültiges JSON.",
    "lobby.error": "Server nicht erreichbar: {detail}",
    "seat.human": "Mensch", "seat.open": "offen", "seat.bot": "Bot ({kind})",
    "seat.free": "frei", "seat.taken": "besetzt",
    "status.open": "offen", "status.running": "läuft", "status.finished": "beendet",
    "match.loading": "Verbinde…",
    "match.connected": "live",
    "match.reconnecting": "verbinde neu…",
    "match.offline": "offline",
    "match.spectator": "Du schaust zu.",
    "match.you": "Du spielst {name}.",
    "match.hotseat": "Plätze in diesem Browser:",
    "match.yourTurn": "Du bist am Zug",
    "match.waiting": "Warte auf {names}",
    "match.waitingSeats": "Warte auf Mitspieler: offene Plätze {seats}",
    "match.over": "Spielende.",
    "match.winners": "Sieg: {names}",
    "match.winnersMany": "Geteilter Sieg: {names}",
    "match.undo": "Zurücknehmen",
    "match.log": "Protokoll",
    "match.scores": "Schlusswertung",
    "match.total": "Gesamt",
    "match.replay": "Wiederholung",
    "match.links": "Links",
    "match.copyLink": "Link kopieren",
    "match.spectatorLink": "Zuschauer-Link",
    "match.seatLink": "Link für Platz {n} (geheim halten: er spielt den Platz)",
    "match.join": "Platz {n} übernehmen",
    "match.passDevice": "{name} ist am Zug – Gerät weitergeben.",
    "match.illegal": "Nicht erlaubt: {detail}",
    "match.stale": "Das Spiel ist weitergegangen; der Plan ist wieder aktuell.",
    "match.forbidden": "Dieser Browser hält diesen Platz nicht.",
    "match.error": "Fehler: {detail}",
    "match.notFound": "Keine Partie {id}.",
    "match.noUi": "Für dieses Spiel gibt es noch keine Spielplan-Ansicht: wähle eine Aktion.",
    "match.actions": "Aktionen",
    "match.view": "Zustand",
    "match.seatTab": "{name}",
    "match.active": "am Zug",
    "replay.title": "Wiederholung von {id}",
    "replay.first": "Anfang", "replay.prev": "Zurück", "replay.next": "Vor", "replay.last": "Ende",
    "replay.play": "Abspielen", "replay.pause": "Anhalten",
    "replay.position": "nach Zug {n} von {total}",
    "replay.toMatch": "Zurück zur Partie",
    "replay.start": "Aufbau",
    "common.bot": "Bot",
    "common.you": "du", "common.yes": "ja", "common.no": "nein",
  },
};

/** Fill {name} placeholders. */
export function format(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/**
 * A translator over several string tables (first match wins; English is the fallback).
 * tables: [{en: {...}, de: {...}}, ...]
 */
export function translator(...tables) {
  return (key, params) => {
    for (const code of [current, "en"]) {
      for (const table of tables) {
        const text = table && table[code] && table[code][key];
        if (text !== undefined) return format(text, params);
      }
    }
    return format(key, params);
  };
}

export const t = translator(STRINGS);

// Issue 17 (accessibility): the skip link, the move box, the live region and the board as text.
Object.assign(STRINGS.en, {
  "a11y.skipToActions": "Skip to the move box",
  "a11y.skipToContent": "Skip to the content",
  "a11y.matchTitle": "Match {id}",
  "a11y.board": "Board",
  "replay.scrub": "Position in the match (move number)",
  "movebox.heading": "Actions",
  "movebox.label": "Type a move",
  "movebox.hintBefore": "Press ",
  "movebox.hintAfter": " to type a move; arrows choose, Enter plays, Escape closes.",
  "movebox.placeholder": "e.g. {example}",
  "movebox.placeholderOver": "the game is over",
  "movebox.over": "The game is over: there is nothing left to play.",
  "movebox.placeholderWait": "not your turn",
  "movebox.play": "Play",
  "movebox.options": "Matching actions",
  "movebox.more": "and {n} more: type more to narrow them down",
  "movebox.sent": "Played: {action}",
  "movebox.empty": "Type an action first (its first letters are enough when only one action starts so).",
  "movebox.notYourTurn": "It is not your turn: there is nothing to play now.",
  "movebox.ambiguous": "“{entry}” is ambiguous: {n} actions match ({some}). Type more, or choose one with the arrow keys.",
  "movebox.illegal": "“{entry}” is not a legal action now. Legal now: {some}.",
  "announce.chance": "Chance: {who}{what}",
  "boardtext.show": "Describe the board",
  "boardtext.hide": "Hide the description",
  "boardtext.label": "The board as text, after move {n}",
});
Object.assign(STRINGS.de, {
  "a11y.skipToActions": "Zur Zugeingabe springen",
  "a11y.skipToContent": "Zum Inhalt springen",
  "a11y.matchTitle": "Partie {id}",
  "a11y.board": "Spielplan",
  "replay.scrub": "Stand der Partie (Zugnummer)",
  "movebox.heading": "Aktionen",
  "movebox.label": "Zug eingeben",
  "movebox.hintBefore": "Taste ",
  "movebox.hintAfter": " zum Eingeben eines Zuges; Pfeiltasten wählen, Enter spielt, Escape schließt.",
  "movebox.placeholder": "z. B. {example}",
  "movebox.placeholderOver": "das Spiel ist vorbei",
  "movebox.over": "Das Spiel ist vorbei: es gibt nichts mehr zu spielen.",
  "movebox.placeholderWait": "du bist nicht am Zug",
  "movebox.play": "Spielen",
  "movebox.options": "Passende Aktionen",
  "movebox.more": "und {n} weitere: weiter tippen, um sie einzugrenzen",
  "movebox.sent": "Gespielt: {action}",
  "movebox.empty": "Erst eine Aktion eingeben (ihre ersten Buchstaben genügen, wenn nur eine so beginnt).",
  "movebox.notYourTurn": "Du bist nicht am Zug: jetzt gibt es nichts zu spielen.",
  "movebox.ambiguous": "„{entry}“ ist mehrdeutig: {n} Aktionen passen ({some}). Weiter tippen oder mit den Pfeiltasten eine wählen.",
  "movebox.illegal": "„{entry}“ ist jetzt keine erlaubte Aktion. Erlaubt sind: {some}.",
  "announce.chance": "Zufall: {who}{what}",
  "boardtext.show": "Spielplan beschreiben",
  "boardtext.hide": "Beschreibung ausblenden",
  "boardtext.label": "Der Spielplan als Text, nach Zug {n}",
});

// The invite panel (invitepanel.js) and the replay viewer's scores, log and speed (replay.js): issue 12.
Object.assign(STRINGS.en, {
  "invite.title": "Invite your friends",
  "invite.howto": "Send each friend the link of one open seat: whoever opens it takes that seat (each link works once).",
  "invite.allJoined": "Everyone has joined.",
  "invite.waiting": "waiting for a player",
  "invite.joined": "joined",
  "invite.linkFor": "Invite link for seat {n}",
  "invite.copyFor": "Copy the invite link for seat {n}",
  "invite.hide": "Hide",
  "replay.speed": "Speed",
  "replay.logHint": "Click a move to see the board after it.",
  "replay.jump": "Show the board after move {n}",
  "replay.ahead": "Later moves",
});
Object.assign(STRINGS.de, {
  "invite.title": "Freunde einladen",
  "invite.howto": "Schicke jedem Freund den Link eines freien Platzes: Wer ihn öffnet, übernimmt diesen Platz (jeder Link gilt einmal).",
  "invite.allJoined": "Alle sind dabei.",
  "invite.waiting": "wartet auf einen Spieler",
  "invite.joined": "beigetreten",
  "invite.linkFor": "Einladungslink für Platz {n}",
  "invite.copyFor": "Einladungslink für Platz {n} kopieren",
  "invite.hide": "Ausblenden",
  "replay.speed": "Tempo",
  "replay.logHint": "Klicke auf einen Zug, um das Brett danach zu sehen.",
  "replay.jump": "Brett nach Zug {n} zeigen",
  "replay.ahead": "Spätere Züge",
});
