// A seat's phone: shows what the game sends for this seat and answers its
// offers. Every word comes from the game (in its language); every move is one
// of the options the game offered, answered by number. Text is only ever set
// with textContent: names are typed by players.
"use strict";

const token = location.pathname.split("/").pop();
let socket = null;
let state = null;
let retry = 500;
let wasMyTurn = false;
let words = { taken: "", away: "" };

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

function show(node, text) { node.textContent = text; }

function receive(message) {
  if (message.type === "state") render(message);
  else if (message.type === "refused") toast(message.reason);
  else if (message.type === "waiting") show(document.getElementById("prompt"), message.words || "…");
}

function toast(text) {
  const node = document.getElementById("toast");
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { node.hidden = true; }, 3000);
}

function act(index) {
  if (!state || !socket || socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify({ type: "act", offer: state.offer, choice: index }));
  closeChoice();
}

function render(message) {
  state = message;
  words = message.words;
  document.body.dataset.offer = message.offer; // which offer the page shows (tests wait on it)
  document.documentElement.lang = message.lang;
  document.body.classList.toggle("large", message.looks.large_text);
  renderPlayers(message);
  const top = document.getElementById("top");
  if (message.top) { top.src = message.top.image; top.alt = message.top.label; }
  renderColor(document.getElementById("color"), message.color);
  show(document.getElementById("prompt"), message.prompt);
  renderHand(message);
  renderButtons(message);
  renderChoices(message);
  if (message.your_turn && !wasMyTurn && navigator.vibrate) navigator.vibrate(200);
  wasMyTurn = message.your_turn;
}

function renderPlayers(message) {
  const box = document.getElementById("players");
  box.replaceChildren();
  message.players.forEach((player, seat) => {
    const chip = el("span", "player", `${player.name} · ${player.cards}`);
    if (seat === message.seat) chip.classList.add("me");
    if (seat === message.to_act) chip.classList.add("acting");
    if (player.uno) chip.append(" ", el("span", "uno", "UNO"));
    box.append(chip);
  });
}

function renderColor(node, color) {
  node.replaceChildren();
  node.hidden = !color;
  if (!color) return;
  node.style.background = color.rgb;
  node.title = color.label;
  if (color.mark) node.append(image(color.mark, color.label));
}

function renderHand(message) {
  const box = document.getElementById("hand");
  box.replaceChildren();
  message.hand.forEach((card, slot) => {
    const options = message.options.map((o, i) => [o, i]).filter(([o]) => o.card === slot);
    const button = el("button", "card");
    button.append(image(card.image, card.label));
    button.setAttribute("aria-label", card.label);
    if (options.length) button.classList.add("playable");
    button.onclick = () => {
      if (options.length === 1) act(options[0][1]);
      else if (options.length > 1) openChoice(card.label, options);
    };
    box.append(button);
  });
  fitHand();
}

// The hand overlaps like a fan held in the hand, just enough to fit the
// screen's width; each card's corner stays in view.
function fitHand() {
  const box = document.getElementById("hand");
  const cards = box.children;
  if (cards.length < 2) return;
  const width = cards[0].getBoundingClientRect().width;
  const room = box.clientWidth - 32; // less the padding either side
  const overlap = Math.max(0, Math.min(width * 0.7, (cards.length * width - room) / (cards.length - 1)));
  box.style.setProperty("--overlap", `${overlap}px`);
}
window.addEventListener("resize", fitHand);

function renderButtons(message) {
  const box = document.getElementById("buttons");
  box.replaceChildren();
  message.options.forEach((option, index) => {
    if (option.card !== undefined || option.choice !== undefined) return;
    const button = el("button", option.urgent ? "urgent" : "", option.words);
    button.onclick = () => act(index);
    box.append(button);
  });
}

function renderChoices(message) {
  const choices = message.options.map((o, i) => [o, i]).filter(([o]) => o.choice !== undefined);
  if (choices.length) openChoice(message.prompt, choices, message.draft_card);
  else closeChoice();
}

function openChoice(title, options, card) {
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
      button.style.background = option.color.rgb;
      button.setAttribute("aria-label", option.color.label);
      if (option.color.mark) button.append(image(option.color.mark, option.color.label));
    } else if (option.image) {
      button = el("button", "card");
      button.append(image(option.image, option.choice));
    } else {
      button = el("button", "", option.choice !== undefined ? option.choice : option.words);
    }
    button.onclick = () => act(index);
    box.append(button);
  }
  document.getElementById("choice").hidden = false;
}

function closeChoice() { document.getElementById("choice").hidden = true; }

document.getElementById("choice").onclick = (event) => {
  // Tapping beside a card's colours puts the card back; a question must be answered.
  if (event.target.id === "choice" && state && !state.options.some((o) => o.choice !== undefined)) {
    closeChoice();
  }
};
connect();
