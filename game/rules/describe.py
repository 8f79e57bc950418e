"""A resolved rule set in plain words, for a table about to play it.

Every phrase comes from the building blocks' own `words`, so a modded card
is described as faithfully as a shipped one. The words are in the current
language (game/i18n.py): the blocks' phrases are the engine's `Said`, worded
by `say`, and the sentences around them are this module's own msgids.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine import effects as effect_registry
from game.engine.cards import color_labels, kind_label
from game.engine.conditions import block_of
from game.engine.ruleset import (
    ChallengeRules,
    Dealing,
    DrawRules,
    EffectSpec,
    JumpIn,
    KindSpec,
    MultiPlay,
    Requirement,
    RoundEnd,
    RuleSet,
    RuleSetModel,
    TurnRules,
    UnoRules,
    deck_count,
)
from game.engine.scoring import SCHEMES
from game.i18n import N_, _, language, ngettext, say


def _condition_words(when: Iterable[Requirement]) -> str:
    return _(" and ").join(say(block_of(fn).words(want)) for fn, want in when)


def effect_words(specs: Iterable[EffectSpec]) -> str:
    """`- reverse` + `- skip: {when: {players: 2}}` -> "the direction of play
    changes; the next player loses their turn when 2 players are in the game"."""
    phrases = []
    for spec in specs:
        phrase = say(effect_registry.REGISTRY[spec.name].words(spec.params))
        if spec.when:
            phrase = _("{what} when {condition}").format(
                what=phrase, condition=_condition_words(spec.when)
            )
        phrases.append(phrase)
    words = phrases[0] if phrases else ""
    for phrase in phrases[1:]:
        # The hint's msgid (game/bots/hint.py), so a language joins phrases one way.
        # TRANSLATORS: a phrase and one more that adds to it ("; " in English); Greek
        # joins them with "·", its ";" being the question mark.
        words = _("{reason}; {more}").format(reason=words, more=phrase)
    return words


def rules_label(rules: RuleSet, lang: str) -> str:
    """The rules as a player names them, in language `lang`: "Classic UNO +
    Jump-in + Stacking". The title shows it with the saved match, and the
    Players screen counts favourite rules by it (a save's header keeps it as
    it was written, so a save from before house rules had names shows their ids)."""
    model = rules.model
    houses = [rule.shown_name(short, lang) for short, rule in model.house_rules.items()]
    return " + ".join([model.name.in_language(lang), *houses])


def describe(rules: RuleSet) -> str:
    model = rules.model
    lang = language()  # the rule file's own words in it too, where it gives them
    lines = _heading(rules, lang)
    lines += _deck_lines(rules, lang)
    lines += _dealing_lines(model)
    lines += _turn_lines(model)
    lines += _calls_lines(model)
    lines += _scoring_lines(model, lang)
    return "\n".join(lines)


def _heading(rules: RuleSet, lang: str) -> list[str]:
    """The rule set's name, description, sources and player counts."""
    model = rules.model
    name = model.name.in_language(lang)
    lines = [name, "=" * len(name)]
    if model.description:
        lines += [model.description.in_language(lang), ""]
    if rules.sources:
        lines.append(_("Built from: {sources}").format(sources=" + ".join(rules.sources)))
    lines.append(_("Players: {players}").format(players=say(model.players_text())))
    return lines


def _deck_lines(rules: RuleSet, lang: str) -> list[str]:
    """The deck, a line for each kind of card in it (a two-sided deck's kinds
    under the heading of their side)."""
    model = rules.model
    sides = model.side_names()
    total = sum(
        deck_count(model, k) for k in model.cards.values() if not sides or k.side == sides[0]
    )
    if sides:
        paired = (
            _("paired at random for each match")
            if model.pairs == "random"
            else _("paired as the rule file lists them")
        )
        lines = [
            "",
            _("Deck ({n} cards, each with a face on both sides, {paired}):").format(
                n=total, paired=paired
            ),
        ]
    else:
        lines = [
            "",
            _("Deck ({n} cards, colours {colors}):").format(
                n=total, colors=", ".join(color_labels(model, lang))
            ),
        ]
    lines.append(
        "  "
        + _(
            '(For a card turned up first, "the player" is the dealer and "the next player" '
            "the one who starts.)"
        )
    )
    shown_side = None
    for spec in rules.kinds.values():
        kind = spec.model
        if kind.side != shown_side and kind.side is not None:
            shown_side = kind.side
            lines.append(" " + side_heading(model, kind.side, lang))
        if deck_count(model, kind):
            lines += _card_lines(rules, spec, lang)
    return lines


def side_heading(model: RuleSetModel, name: str, lang: str) -> str:
    """A side of a two-sided deck and its colours ("Dark side, colours ...:")."""
    side = model.sides[name]
    label = side.label.in_language(lang) if side.label else name.title()
    colors = color_labels(model, lang, side.colors)
    return _("{side} side, colours {colors}:").format(side=label, colors=", ".join(colors))


def _card_lines(rules: RuleSet, spec: KindSpec, lang: str) -> list[str]:
    """One kind of card: its count and points, what it does, when it may be
    played, what it answers, and what it does turned up first."""
    model = rules.model
    lines: list[str] = []
    kind = spec.model
    count = deck_count(model, kind)
    label = kind_label(spec, lang)
    if kind.category == "number":
        faces = kind.faces or []
        label += f" {faces[0]}-{faces[-1]}" if faces else ""
    if kind.points == "face":
        points = _("face value")
    else:
        points = ngettext("{n} point", "{n} points", int(kind.points)).format(n=kind.points)
    cards = ngettext("{n} card", "{n} cards", count).format(n=count)
    head = f"  {label} ({cards}, {points})"
    does = effect_words(spec.effects)
    if does:
        head += f": {does}"
    lines.append(head)
    for face, specs in spec.face_effects.items():
        lines.append("    " + face_words(face, specs))
    lines += ["    " + line for line in kind_rule_lines(rules, spec, lang)]
    if kind.teach is not None:
        # What a lesson adds to these words (game/lessons/), to be read again here.
        lines.append("    " + kind.teach.in_language(lang))
    return lines


def face_words(face: int, specs: Iterable[EffectSpec]) -> str:
    """What one face of a number kind does instead ("a 7: the player picks ...")."""
    return _("a {face}: {what}").format(face=face, what=effect_words(specs))


def kind_rule_lines(rules: RuleSet, spec: KindSpec, lang: str) -> list[str]:
    """A kind's rules beyond its effects: when it may be played, what it
    answers, and what it does turned up first."""
    lines = play_rule_lines(spec)
    if spec.model.stacks_on:
        lines.append(stacks_words(rules, spec, lang))
    return lines + first_card_lines(spec)


def play_rule_lines(spec: KindSpec) -> list[str]:
    """When a kind may be played, if not always, and whether a bluff may break it."""
    if not spec.play_only_if:
        return []
    rule = _("may be played only when {condition}").format(
        condition=_condition_words(spec.play_only_if)
    )
    if spec.model.when_not_allowed == "bluff":
        rule += " " + _("(a bluff is allowed, and a challenge catches it)")
    return [rule]


def first_card_lines(spec: KindSpec) -> list[str]:
    """What a kind does turned up to start a round, when that is anything."""
    if spec.first_card is None:
        return [_("turned up first: goes back into the pile, another is turned")]
    if spec.first_card:
        return [_("turned up first: {what}").format(what=effect_words(spec.first_card))]
    return []


def stacks_words(rules: RuleSet, spec: KindSpec, lang: str) -> str:
    """What pending draws a kind answers (its `stacks_on`), by the kinds' labels."""
    answered = [kind_label(rules.kinds[other], lang) for other in spec.model.stacks_on]
    return _("answers a pending draw from: {kinds}").format(kinds=", ".join(answered))


def _dealing_lines(model: RuleSetModel) -> list[str]:
    """The deal: cutting for dealer, a draft or a deal, and who deals next."""
    return ["", _("Dealing:")] + ["  " + line for line in dealing_lines(model.dealing)]


def dealing_lines(dealing: Dealing) -> list[str]:
    """The cut for the dealer, the deal or the draft, and who deals next."""
    lines = []
    if dealing.cut_for_dealer:
        lines.append(_("Everyone cuts; the highest number deals (action cards count 0)."))
    if dealing.mode == "draft":
        lines.append(draft_words(dealing))
    else:
        lines.append(
            ngettext(
                "{n} card each, dealt from the dealer's left.",
                "{n} cards each, dealt from the dealer's left.",
                dealing.hand_size,
            ).format(n=dealing.hand_size)
        )
    moves = {
        "left": N_("The deal passes left each round."),
        "right": N_("The deal passes right each round."),
        "stays": N_("The deal stays each round."),
    }[dealing.dealer_moves]
    lines.append(_(moves))
    return lines


def draft_words(dealing: Dealing) -> str:
    """How a draft deals the hands."""
    return _(
        "No deal: each player in turn looks at the top card and keeps it (the next "
        "goes to a draft discard) or discards it (and keeps the next), until all "
        "hold {n}; the draft discard goes under the draw pile."
    ).format(n=dealing.hand_size)


def _turn_lines(model: RuleSetModel) -> list[str]:
    """A turn: what may be played, drawing, several cards at once, jumping in."""
    turn = model.turn
    lines = ["", _("A turn:")]
    lines += ["  " + line for line in drawing_lines(turn)]
    multi = multi_play_words(turn.multi_play)
    if multi:
        lines.append(f"  {multi}")
    if turn.jump_in.enabled:
        lines.append("  " + jump_in_words(turn.jump_in))
    return lines


def drawing_lines(turn: TurnRules) -> list[str]:
    """What a turn may play, how it draws, and what may follow a draw."""
    if turn.draw_when_playable:
        play = _(
            "Play a card matching the colour, number or symbol, or a wild; "
            "or draw instead, even with a card to play."
        )
    else:
        play = _(
            "Play a card matching the colour, number or symbol, or a wild; "
            "draw only when you cannot play."
        )
    after = {
        "drawn_only": N_("After drawing, only a drawn card may be played, if it fits."),
        "any": N_("After drawing, any card that fits may be played."),
        "none": N_("Drawing ends the turn."),
    }[turn.play_drawn]
    return [play, _draw_words(turn.draw), _(after)]


def jump_in_words(jump_in: JumpIn) -> str:
    """Who may play out of turn, and what the card covered then does."""
    if jump_in.cancels_action:
        return _(
            "Anyone holding a card identical to the top card may play it out of turn; "
            "play goes on from them, and it cancels the card it covers, so only one of "
            "them acts."
        )
    return _(
        "Anyone holding a card identical to the top card may play it out of turn; "
        "play goes on from them, and both cards act, and their draws add up."
    )


def _draw_words(draw: DrawRules) -> str:
    """How a turn's draw goes."""
    if draw.mode == "one":
        words = ngettext("Drawing takes one card.", "Drawing takes {n} cards.", draw.count)
    elif draw.mode == "until_playable" and draw.cap:
        words = _("Drawing goes on until a playable card comes (at most {n}).")
    elif draw.mode == "until_playable":
        words = _("Drawing goes on until a playable card comes.")
    elif draw.cap:
        words = _("Draw as many cards as you like, one at a time, up to {n}.")
    else:
        words = _("Draw as many cards as you like, one at a time.")
    return words.format(n=draw.cap if draw.mode != "one" else draw.count)


def multi_play_words(multi: MultiPlay) -> str:
    """Which cards may be played together, if any may."""
    if multi.mode == "off":
        return ""
    which = {
        "same_symbol": N_("Several cards of the same number or symbol may be played together"),
        "same_color": N_("Several cards of the same colour may be played together"),
        "color_combo": N_(
            "Several cards of the same colour or the same number may be played together"
        ),
    }[multi.mode]
    most = " " + _("(up to {n} cards)").format(n=multi.max_cards) if multi.max_cards else ""
    acts = (
        _("every card's action counts")
        if multi.effects == "every_card"
        else _("only the last card's action counts")
    )
    # The joining msgid effect_words uses: Greek's ";" would make the rule a question.
    return _("{reason}; {more}").format(reason=f"{_(which)}{most}", more=acts) + "."


def _calls_lines(model: RuleSetModel) -> list[str]:
    """UNO calls, challenges, and how a round ends."""
    lines = ["", uno_words(model.uno)]
    lines += challenge_lines(model.challenge)
    lines += last_card_lines(model.round_end)
    return lines


def uno_words(uno: UnoRules) -> str:
    """When UNO is called, and what forgetting it costs."""
    if uno.catch_window == "until_next_player_acts":
        words = _(
            "UNO: call it when you play your second-to-last card; caught until the next "
            "player acts, you draw {n}."
        )
    else:
        words = _(
            "UNO: call it when you play your second-to-last card; caught until their own "
            "next turn, you draw {n}."
        )
    return words.format(n=uno.penalty)


def last_card_lines(round_end: RoundEnd) -> list[str]:
    """What a round's last card may be, and whether its draws still count."""
    lines = []
    if round_end.finish_on_action_card == "forbidden":
        lines.append(_("You may not go out on an action card or a wild."))
    if round_end.final_penalty_drawn:
        lines.append(
            _("A last card's draws (a draw card's, say) still count before the round is scored.")
        )
    else:
        lines.append(_("A last card's draws are dropped: the round is scored at once."))
    return lines


def challenge_lines(challenge: ChallengeRules) -> list[str]:
    """What a challenge risks and what follows a verdict, when one is allowed."""
    if not challenge.enabled:
        return []
    extra = challenge.extra_if_innocent
    if challenge.innocent_loses_turn:
        words = _(
            "Challenge: a challengeable draw may be challenged; a guilty player draws the "
            "cards instead, an innocent one makes the challenger draw {n} more and lose "
            "the turn."
        )
    else:
        words = _(
            "Challenge: a challengeable draw may be challenged; a guilty player draws the "
            "cards instead, an innocent one makes the challenger draw {n} more."
        )
    parts = [words.format(n=extra)]
    if challenge.after_guilty == "challenger_plays":
        parts.append(_("After a guilty verdict the challenger plays."))
    else:
        parts.append(_("After a guilty verdict play goes on as the card said."))
    if not challenge.when_stacked:
        parts.append(_("Not while stacking."))
    return [" ".join(parts)]


def _scoring_lines(model: RuleSetModel, lang: str) -> list[str]:
    """Scoring, the match's target, and the house rules in play."""
    lines = [""] + scoring_lines(model)
    lines[2:] = ["  " + line for line in lines[2:]]
    if model.side_names():
        lines[2:2] = [_("Cards count by their faces on the side in play when the round ends.")]
    if model.house_rules:
        lines += ["", _("House rules:"), *house_rule_lines(model, lang)]
    return lines


def house_rule_lines(model: RuleSetModel, lang: str) -> list[str]:
    """Each house rule switched on: its name and line, and under it its
    `teach:` text, the words its lesson adds (game/lessons/)."""
    lines = []
    for short, rule in model.house_rules.items():
        lines.append(f"  {rule.shown_name(short, lang)}: {rule.description.in_language(lang)}")
        if rule.teach is not None:
            lines.append("    " + rule.teach.in_language(lang))
    return lines


def scoring_lines(model: RuleSetModel) -> list[str]:
    """How a round is scored, teams, and the match's target."""
    scoring = model.scoring
    lines = [_("Scoring: {how}.").format(how=_scheme_words(scoring.scheme))]
    if scoring.teams:
        lines.append(_("Teams of two partners sitting opposite share their points and results."))
    if scoring.target is None:
        lines.append(_("One round is the whole match."))
    else:
        target = str(scoring.target)
        if scoring.target_by_players:
            target = ", ".join(
                _("{points} with {n}").format(points=v, n=k)
                for k, v in sorted(scoring.target_by_players.items())
            )
            target += ", " + _("{points} otherwise").format(points=scoring.target)
        lines.append(target_words(target, scoring.at_target))
    return lines


TARGET_ENDINGS = {
    "wins": N_("the first to reach it wins"),
    "eliminated": N_("whoever reaches it is out; the last left wins"),
    "lowest_total_wins": N_("when someone reaches it, the lowest total wins"),
}


def target_words(target: object, at_target: str) -> str:
    """The match's target and what reaching it does ("Target: 500; the first
    to reach it wins."): in the Duo or with Losers score, reaching it is bad."""
    ending = _(TARGET_ENDINGS[at_target])
    return _("Target: {target}; {ending}.").format(target=target, ending=ending)


def _scheme_words(name: str) -> str:
    """The scheme in the words it was declared with (game/engine/scoring.py)."""
    return say(SCHEMES[name].words)
