"""Learn as you play: each rule of a rule set explains itself the first time
it matters in a match, in the rule file's own words.

    tutor = Tutor(rules, seats=4, learners={0})   # seat 0 is a person
    state, events = new_game(rules, 4, seed)
    for lesson in tutor.moments(state, events):   # after new_game, and after
        ...                                       # every action applied (out of
                                                  # turn too): the table shows it,
                                                  # to lesson.seat alone if set
    saved = tutor.to_dict()                       # Tutor.from_dict(rules, 4, saved)

Pure: no pygame, no clock, no files. `lessons_of(rules)` lists every lesson a
rule set can give (specs.py); a `Tutor` says which matter at a moment
(tutor.py). docs/architecture.md says where this sits; docs/modding.md and
rules/README.md the `teach:` words a rule file may add.
"""

from __future__ import annotations

from game.lessons.specs import Lesson, LessonSpec, Topic, lesson, lessons_of
from game.lessons.tutor import Tutor

__all__ = ["Lesson", "LessonSpec", "Topic", "Tutor", "lesson", "lessons_of"]
