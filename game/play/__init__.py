"""The match and what drives it: who sits where (`seats`), one match played by
people and bots (`match`), bots playing rounds on their own (`sim`), the
bots' tournament (`tournament`), the rule lab's background runs (`rule_lab`)
and a rule set's self-test (`selftest`).

Empty on purpose: the menus import `game.play.seats` before the first frame,
and a package that loaded its modules here would load the engine with it.
"""
