"""What the tests share, one concept per module:

* `rules` -- rule sets for a test: the shipped files through the real loader,
  classic with options layered over it (the loader's own layering), a house
  rule with one of its options set, any mapping as a rule file.
* `table` -- a table the test arranges: a rigged mid-round state, a round
  dealt or drafted from a rigged pile, a first card turned up; reading a
  table back by card names; card conservation.
* `acting` -- taking actions with the log checked (`act`, `play`, `choose`,
  ...), and what the engine offers a seat.
* `events` -- events as short tuples (`brief`), and the checks every action's
  events pass: the replay format's fields, and the hands the log implies.
* `matches` -- whole matches played by bots, checked after every action
  (the property tests).
* `spies` -- what a screen draws: a drawing function's words, call by call.
* `commands` -- `python main.py ARGS` run by game.cli in the test's process
  (no Python start), its status and what it printed.
"""
