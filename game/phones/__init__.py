"""Hands on phones: each person's hand on their own phone, the table on the TV.

The game serves a page on the local network while a table turns the option
on; a phone that opens a seat's address plays that seat. One module a job:

- `seats.py`: which phone may play which seat (a secret token per seat, new
  every match, a short code to type instead, and the secret of the phone the
  seat is bound to);
- `protocol.py`: what a phone may send, validated and bounded (size, rate,
  and each offer of actions answered at most once);
- `door.py`: what anyone on the Wi-Fi may cost the server (connections,
  request times and sizes, Host and Origin, wrong codes);
- `offer.py`: what a seat's phone is sent (its hand, the public table in
  words, its legal actions as numbered options), and `story.py`: the TV's
  narration of the table as that seat saw it, and the round's result;
- `server.py`: the web server (aiohttp) in a thread of its own beside the
  pygame loop, serving the page and one WebSocket per phone, handing each
  accepted message to the game through a thread-safe inbox;
- `private.py`: what the engine shows a phone's seat alone (a challenged
  hand, a new hand, the cards drawn), sent to that phone, never to the TV;
- `hints.py`: a phone's hint, the TV's advisor's, told to that phone alone;
- `link.py`: the TV's side: the match's phones as the table sees them, and
  the questions it asks about a seat whose phone went away.

Nothing here but the TV's link (`link.py`, through the table it shows)
imports pygame, and nothing is imported before a table turns the option on
(start-up stays as fast as without it).
"""
