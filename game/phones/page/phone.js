// A seat's phone: shows what the game sends for this seat and answers its
// offers. Every word comes from the game (in its language); every move is one
// of the options the game offered, answered by number. Text is only ever set
// with textContent: names are typed by players.
//
// Made to be played by anyone, a blind player too: every control is a button
// with a name, what happens on the table is said in a polite live region
// (#announce), and a card says in words whether it can be played.
"use strict";

const token = location.pathname.split("/").pop();
let socket = null;
let state = null;
let retry = 500;
let words = { taken: "", away: "" };

// The connection ------------------------------------------------------------------

// The connection to the seat, kept apart from what the page shows. The
// server gives the phone that joins a seat a secret of its own; the page keeps
// it for this seat's address and shows it each time it connects, so this
// phone comes back to its seat by itself (a sleep, a reload, a lost Wi-Fi)
// while another phone must be let in by the TV.
const SECRET_KEY = `couch-uno-phone/${token}`;
let farewell = ""; // what the server said before it closed the socket, in the player's words

function phoneSecret() {
  try { return localStorage.getItem(SECRET_KEY) || ""; } catch (e) { return ""; }
}

function keepSecret(secret) {
  try { localStorage.setItem(SECRET_KEY, secret); } catch (e) { /* not kept: the TV asks after a reload */ }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const secret = phoneSecret();
  const query = secret ? `?phone=${encodeURIComponent(secret)}` : "";
  socket = new WebSocket(`${scheme}//${location.host}/ws/${token}${query}`);
  socket.onopen = () => { farewell = ""; };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "bye") { farewell = message.words; return; }
    retry = 500; // seated, or asking the TV: the next drop starts its waits afresh
    if (message.type === "seated") keepSecret(message.phone);
    else receive(message);
  };
  socket.onclose = (event) => {
    const said = farewell || event.reason || words.taken;
    if (event.code === 4000 || event.code === 4001 || event.code === 1001) {
      show(document.getElementById("prompt"), said);
      return; // another phone has the seat, the table said no, or the match is over
    }
    if (event.code === 4002) show(document.getElementById("prompt"), said); // the TV is asked already
    setTimeout(connect, retry); // the phone slept or lost the network: come back
    retry = Math.min(retry * 2, 8000);
  };
}

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}

function receive(message) {
  if (message.type === "state") render(message);
  else if (message.type === "refused") toast(message.reason);
  else if (message.type === "waiting") show(document.getElementById("prompt"), message.words || "…");
  else if (message.type === "hint") showHint(message);
}

// What the page says aloud ---------------------------------------------------------

let toldUpTo = -1; // the last line of the story the live region has said
let wasMyTurn = false;
let lastPrompt = "";

function announce(parts) {
  const text = parts.filter((part) => part).join(" ");
  if (!text) return;
  const region = document.getElementById("announce");
  // A polite region says a change: the same words twice are said twice.
  region.textContent = region.textContent === text ? `${text} ` : text;
}

// Sentences end with a stop, so a screen reader pauses between them.
function sentence(text) {
  return text && !/[.!?…:]$/.test(text) ? `${text}.` : text;
}

function news(message) {
  const lines = message.story.filter((line) => line.n > toldUpTo);
  // A page that has just opened says only where the table is, not its past.
  const said = toldUpTo < 0 ? lines.slice(-1) : lines;
  if (message.story.length) toldUpTo = message.story[message.story.length - 1].n;
  const parts = said.map((line) => sentence(line.words));
  const asked = message.your_turn && (!wasMyTurn || message.prompt !== lastPrompt);
  if (asked) parts.push(sentence(message.prompt));
  return parts;
}

// Drawing ------------------------------------------------------------------------

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function image(src, alt) {
  const node = el("img");
  node.src = src;
  node.alt = alt;
  return node;
}

function show(node, text) { node.textContent = text; }

function toast(text) {
  const node = document.getElementById("toast");
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { node.hidden = true; }, 3000);
}

function act(index) {
  if (!state || !send({ type: "act", offer: state.offer, choice: index })) return;
  closeChoice();
}

function render(message) {
  const focused = focusKey();
  state = message;
  words = message.words;
  document.body.dataset.offer = message.offer; // which offer the page shows (tests wait on it)
  document.documentElement.lang = message.lang;
  document.body.classList.toggle("large", message.looks.large_text);
  for (const id of ["players-box", "table", "story-box", "hand-box"]) {
    document.getElementById(id).hidden = false;
  }
  renderHeads(message);
  renderResult(message);
  renderPlayers(message);
  renderTable(message);
  renderStory(message);
  show(document.getElementById("prompt"), message.prompt || (message.over ? message.words.over : ""));
  document.getElementById("hint").hidden = true;
  renderButtons(message);
  renderHand(message);
  renderChoices(message);
  const moment = renderPrivate(message);
  announce([...news(message), ...moment]);
  restoreFocus(focused, message);
  if (message.your_turn && !wasMyTurn && navigator.vibrate) navigator.vibrate(200);
  wasMyTurn = message.your_turn;
  lastPrompt = message.prompt;
}

function renderHeads(message) {
  show(document.getElementById("players-title"), message.words.players);
  show(document.getElementById("table-title"), message.words.table);
  show(document.getElementById("story-title"), message.words.story);
  show(document.getElementById("hand-title"), message.words.hand);
}

function renderResult(message) {
  const box = document.getElementById("result");
  const result = message.result;
  box.hidden = !result;
  if (!result) return;
  show(document.getElementById("result-title"), result.title);
  const match = document.getElementById("result-match");
  show(match, result.match || "");
  match.hidden = !result.match;
  const head = box.querySelector("thead tr");
  head.replaceChildren(...result.heads.map((words) => {
    const cell = el("th", "", words);
    cell.scope = "col";
    return cell;
  }));
  box.querySelector("tbody").replaceChildren(...result.rows.map((row) => {
    const line = el("tr");
    const name = el("th", row.winner ? "winner" : "", row.name);
    name.scope = "row";
    line.append(name, el("td", "", row.points ? `+${row.points}` : "0"), el("td", "", String(row.total)));
    return line;
  }));
}

function renderPlayers(message) {
  const box = document.getElementById("players");
  box.replaceChildren();
  message.players.forEach((player, seat) => {
    const chip = el("li", "player");
    const seen = el("span", "", `${player.name} · ${player.cards}`);
    seen.setAttribute("aria-hidden", "true");
    if (player.uno) seen.append(" ", el("span", "uno", "UNO"));
    chip.append(seen, el("span", "hidden-text", player.uno ? `${player.words}, UNO` : player.words));
    if (seat === message.seat) chip.classList.add("me");
    if (seat === message.to_act) chip.classList.add("acting");
    if (player.faces.length) {
      const faces = el("span", "faces");
      for (const face of player.faces) faces.append(image(face.image, face.label));
      chip.append(faces);
    }
    box.append(chip);
  });
}

function renderTable(message) {
  const table = message.table;
  const top = document.getElementById("top");
  top.hidden = !message.top;
  if (message.top) { top.src = message.top.image; top.alt = table.top_words; }
  const dot = document.getElementById("color");
  dot.replaceChildren();
  document.getElementById("color-line").hidden = !message.color;
  if (message.color) {
    dot.style.background = message.color.rgb;
    if (message.color.mark) dot.append(image(message.color.mark, ""));
  }
  show(document.getElementById("color-words"), table.color_words);
  show(document.getElementById("direction-mark"), table.direction > 0 ? "↻" : "↺");
  show(document.getElementById("direction-words"), table.direction_words);
  show(document.getElementById("pile"), table.pile_words);
}

function renderStory(message) {
  const box = document.getElementById("story");
  box.replaceChildren(...message.story.map((line) => el("li", "", line.words)));
  document.getElementById("story-box").hidden = !message.story.length;
}

function renderButtons(message) {
  const box = document.getElementById("buttons");
  box.replaceChildren();
  message.options.forEach((option, index) => {
    if (option.card !== undefined || option.choice !== undefined) return;
    const button = el("button", option.urgent ? "urgent" : "", option.words);
    button.type = "button";
    button.dataset.options = String(index);
    button.onclick = () => act(index);
    box.append(button);
  });
  if (message.your_turn && message.options.length && message.words.hint) {
    const hint = el("button", "hint-button", message.words.hint);
    hint.type = "button";
    hint.dataset.key = "hint";
    hint.onclick = () => send({ type: "hint" });
    box.append(hint);
  }
}

function renderHand(message) {
  const box = document.getElementById("hand");
  const cards = [];
  const seen = {};
  message.hand.forEach((card, slot) => {
    const options = message.options.map((o, i) => [o, i]).filter(([o]) => o.card === slot);
    const button = el("button", "card");
    button.type = "button";
    button.append(image(card.image, ""));
    button.setAttribute("aria-label", card.label);
    seen[card.label] = (seen[card.label] || 0) + 1;
    button.dataset.key = `card:${card.label}:${seen[card.label]}`;
    button.dataset.options = options.map(([, i]) => i).join(",");
    if (options.length) {
      button.classList.add("playable");
      button.setAttribute("aria-describedby", "playable-words");
    } else {
      button.setAttribute("aria-disabled", "true");
    }
    button.onclick = () => {
      if (options.length === 1) act(options[0][1]);
      else if (options.length > 1) openChoice(card.label, options, null, true);
    };
    cards.push(button);
  });
  const playable = el("span", "hidden-text", message.words.playable);
  playable.id = "playable-words";
  box.replaceChildren(playable);
  fitHand(cards);
}

// The hand is rows of fanned cards: as many rows as it takes for each card's
// left strip (where its index is) to be at least a thumb's 44 px, so every
// card of a 20-card hand shows and can be tapped on a 390 px screen.
const STRIP = 44;

function fitHand(cards) {
  const box = document.getElementById("hand");
  if (!cards) cards = Array.from(box.querySelectorAll(".card"));
  box.querySelectorAll(".row").forEach((row) => row.remove());
  if (!cards.length) return;
  const room = box.clientWidth;
  const probe = el("div", "row");
  probe.append(cards[0]);
  box.append(probe);
  // Big cards when they fit in one row; smaller ones in rows when they do not.
  let rows = 1;
  let width = 0;
  let height = 0;
  let perRow = 1;
  for (const size of ["min(22vh, 10rem)", "min(15vh, 8rem)"]) {
    box.style.setProperty("--card-height", size);
    ({ width, height } = cards[0].getBoundingClientRect());
    perRow = Math.max(1, Math.floor((room - width) / STRIP) + 1);
    rows = Math.ceil(cards.length / perRow);
    if (rows === 1) break;
  }
  const each = Math.ceil(cards.length / rows);
  const overlap = each > 1 ? Math.max(0, (each * width - room) / (each - 1)) : 0;
  box.style.setProperty("--overlap", `${overlap}px`);
  box.style.setProperty("--row-overlap", rows > 1 ? `${height * 0.45}px` : "0px");
  probe.remove();
  for (let start = 0; start < cards.length; start += each) {
    const row = el("div", "row");
    row.append(...cards.slice(start, start + each));
    box.append(row);
  }
}
window.addEventListener("resize", () => {
  const focused = focusKey();
  fitHand();
  if (state) restoreFocus(focused, state);
});

// Keeping the keyboard's place: a new state draws the page anew, and the
// control that had the focus (the same card, the same button) keeps it.
function focusKey() {
  const node = document.activeElement;
  if (!node || node === document.body) return null;
  return node.dataset.key || (node.textContent ? `text:${node.textContent}` : null);
}

function restoreFocus(key, message) {
  if (!key || document.activeElement !== document.body) return;
  const scope = document.getElementById("choice").open ? "#choice" : "main";
  for (const node of document.querySelectorAll(`${scope} button`)) {
    if (node.dataset.key === key || (!node.dataset.key && `text:${node.textContent}` === key)) {
      node.focus();
      return;
    }
  }
  // The card played is gone: on a turn the focus goes to a card that can be played.
  const next = message.your_turn ? document.querySelector("#hand .card.playable, #buttons button") : null;
  if (next) next.focus();
}

// Questions: a colour (swatches, each with its colour's name), a player, a card.
function renderChoices(message) {
  const choices = message.options.map((o, i) => [o, i]).filter(([o]) => o.choice !== undefined);
  if (choices.length) openChoice(message.prompt, choices, message.draft_card, false);
  else closeChoice();
}

function openChoice(title, options, card, closable) {
  show(document.getElementById("choice-title"), title);
  const shown = document.getElementById("choice-card");
  shown.replaceChildren();
  if (card) shown.append(image(card.image, card.label)); // UNO Duo's draft: the card to keep or not
  const box = document.getElementById("choice-options");
  box.replaceChildren();
  for (const [option, index] of options) {
    let button;
    if (option.color) {
      button = el("button", "swatch");
      const dot = el("span", "dot");
      dot.setAttribute("aria-hidden", "true");
      dot.style.background = option.color.rgb;
      if (option.color.mark) dot.append(image(option.color.mark, ""));
      button.append(dot, el("span", "", option.color.label));
    } else if (option.image) {
      button = el("button", "card");
      button.append(image(option.image, ""));
      button.setAttribute("aria-label", option.choice);
    } else {
      button = el("button", "", option.choice !== undefined ? option.choice : option.words);
    }
    button.type = "button";
    button.dataset.key = `choice:${option.words}`;
    button.dataset.options = String(index);
    button.onclick = () => act(index);
    box.append(button);
  }
  const close = document.getElementById("choice-close");
  close.hidden = !closable;
  show(close, words.close || "×");
  const dialog = document.getElementById("choice");
  dialog.dataset.closable = closable ? "1" : "";
  if (!dialog.open) dialog.showModal(); // focus goes to its first option
}

function closeChoice() {
  const dialog = document.getElementById("choice");
  if (dialog.open) dialog.close();
}

// A card's colours may be put back (Escape, the close button, a tap beside
// them); a question the table asks must be answered.
document.getElementById("choice").addEventListener("cancel", (event) => {
  if (!event.target.dataset.closable) event.preventDefault();
});
document.getElementById("choice").onclick = (event) => {
  if (event.target.id === "choice" && event.target.dataset.closable) closeChoice();
};
document.getElementById("choice-close").onclick = closeChoice;

// Private moments: what only this seat is shown (the challenged hand, say),
// in a panel of its own until dismissed, each shown once. The one up is
// worded again whenever it comes again in other words (the TV's language
// changed), without being announced a second time.
const shownMoments = new Set();
let momentUp = null;

function renderPrivate(message) {
  const moments = (message.private || []).filter((moment) => !shownMoments.has(moment.id));
  const panel = document.getElementById("private");
  if (!moments.length) {
    const up = panel.hidden ? null : (message.private || []).find((m) => m.id === momentUp);
    const title = document.getElementById("private-title").textContent;
    const words = document.getElementById("private-words").textContent;
    if (up && (up.title !== title || up.words !== words)) fillPrivate(up, message);
    return [];
  }
  const moment = moments[0];
  shownMoments.add(moment.id);
  momentUp = moment.id;
  fillPrivate(moment, message);
  panel.hidden = false;
  const labels = moment.cards.map((card) => card.label).join(", ");
  return [sentence(moment.title), sentence(moment.words), sentence(labels)];
}

function fillPrivate(moment, message) {
  show(document.getElementById("private-title"), moment.title);
  show(document.getElementById("private-words"), moment.words);
  const cards = document.getElementById("private-cards");
  cards.replaceChildren(...moment.cards.map((card) => image(card.image, card.label)));
  show(document.getElementById("private-close"), message.words.close);
}

document.getElementById("private-close").onclick = () => {
  document.getElementById("private").hidden = true;
  if (state) {
    const more = renderPrivate(state);
    if (more.length) announce(more);
  }
};

// A hint: the game's advice in words, the option it means marked.
function showHint(message) {
  const box = document.getElementById("hint");
  show(box, message.words);
  box.hidden = false;
  document.querySelectorAll(".hinted").forEach((node) => node.classList.remove("hinted"));
  if (message.option !== null && message.option !== undefined) {
    for (const node of document.querySelectorAll("[data-options]")) {
      if (node.dataset.options.split(",").includes(String(message.option))) node.classList.add("hinted");
    }
  }
  announce([sentence(message.words)]);
}

connect();
