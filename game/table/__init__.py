"""The table in play: one match on the couch's screen, from the engine's
events to the painted felt and the presses that answer them.

One job per module:

* `match_screen` — one match on the screen: the session, its table view and
  who is looking (`MatchScreen`, shared by every scene of the match);
* `view` — the table on screen, driven only by engine events (`TableView`),
  put together from `model` (what the events said), `animator` and `sprite`
  (the cards and their motion), `render` (the felt, piles and cards),
  `name_plates`, `callouts` + `callout_render` (what the table says),
  `geometry` and `layout` (where everything sits, from the Tiled maps) and
  `highlights` (what a scene asks to show as offered and chosen);
* `couch_input` — the person at the screen: what they may do now and the
  presses that do it (`CouchInput`), with `couch_buttons` (the table's
  buttons), `seat_controller` (a seat's own controller), `hint` (the hint on
  the table and the one search behind every hint) and `choice_hint` (a hint
  on a choice over the table);
* `reactions` — bots moving out of turn (an UNO call, a catch, a jump-in);
* `privacy` — who may see which card on the screen, asked by every drawing
  path; `narrate` — the table's events in words; `lessons` — where a moment
  of learning as you play may be shown (`LessonDesk`).

The match's phones, as the TV sees them, are game/phones/link.py. The
screens of a match that sit on the app's stack (the deal, the table, the
curtain, the overlays, the scores) are scenes, in game/scenes/. Nothing
here imports a scene or the app (docs/architecture.md, "Packages and their
one direction"): what a part asks of the app or of the part that made it is
a narrow protocol of its own (`HintApp`, `Overlays`, `Presses`,
`HandControls`, `Couch`) or a callback.
"""
