"""Hands on phones: each person's hand on their own phone, the table on the TV.

The game serves a page on the local network while a table turns the option
on; a phone that opens a seat's address plays that seat. One module a job:

- `seats.py`: which phone may play which seat (a secret token per seat, new
  every match, and a short code to type instead);
- `protocol.py`: what a phone may send, validated and bounded (size, rate,
  and each offer of actions answered at most once);
- `offer.py`: what a seat's phone is sent (its hand, the public table in
  words, its legal actions as numbered options), and `story.py`: the TV's
  narration of the table as that seat saw it, and the round's result;
- `server.py`: the web server (aiohttp) in a thread of its own beside the
  pygame loop, serving the page and one WebSocket per phone, handing each
  accepted message to the game through a thread-safe inbox.

Nothing here imports pygame, and nothing is imported before a table turns
the option on (start-up stays as fast as without it).
"""
