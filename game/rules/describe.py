"""A resolved rule set in plain words, for a table about to play it.

Every phrase comes from the building blocks' own `words`, so a modded card
is described as faithfully as a shipped one.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine import effects as effect_registry
from game.engine.cards import color_labels, kind_label
from game.engine.conditions import block_of
from game.engine.ruleset import EffectSpec, Requirement, RuleSet, deck_count
from game.engine.scoring import SCHEMES


def _condition_words(when: Iterable[Requirement]) -> str:
    return " and ".join(block_of(fn).words(want) for fn, want in when)


def effect_words(specs: Iterable[EffectSpec]) -> str:
    """`- reverse` + `- skip: {when: {players: 2}}` -> "the direction of play
    changes; the next player loses their turn when 2 players are in the game"."""
    phrases = []
    for spec in specs:
        phrase = effect_registry.REGISTRY[spec.name].words(spec.params)
        if spec.when:
            phrase += f" when {_condition_words(spec.when)}"
        phrases.append(phrase)
    return "; ".join(phrases)


def describe(rules: RuleSet) -> str:
    model = rules.model
    lines = [model.name, "=" * len(model.name)]
    if model.description:
        lines += [model.description, ""]
    if rules.sources:
        lines.append(f"Built from: {' + '.join(rules.sources)}")
    lines.append(f"Players: {model.players_text()}")
    total = sum(deck_count(model, k) for k in model.cards.values())
    lines += [
        "",
        f"Deck ({total} cards, colours {', '.join(color_labels(model))}):",
        '  (For a card turned up first, "the player" is the dealer and "the next player" '
        "the one who starts.)",
    ]
    for spec in rules.kinds.values():
        kind = spec.model
        count = deck_count(model, kind)
        if count == 0:
            continue
        label = kind_label(spec)
        if kind.category == "number":
            faces = kind.faces or []
            label += f" {faces[0]}-{faces[-1]}" if faces else ""
        points = "face value" if kind.points == "face" else f"{kind.points} points"
        head = f"  {label} ({count} card{'s' if count != 1 else ''}, {points})"
        does = effect_words(spec.effects)
        if does:
            head += f": {does}"
        lines.append(head)
        for face, specs in spec.face_effects.items():
            lines.append(f"    a {face}: {effect_words(specs)}")
        if spec.play_only_if:
            rule = "may be played only when " + _condition_words(spec.play_only_if)
            if kind.when_not_allowed == "bluff":
                rule += " (a bluff is allowed, and a challenge catches it)"
            lines.append(f"    {rule}")
        if kind.stacks_on:
            answered = [kind_label(rules.kinds[other]) for other in kind.stacks_on]
            lines.append(f"    answers a pending draw from: {', '.join(answered)}")
        if spec.first_card is None:
            lines.append("    turned up first: goes back into the pile, another is turned")
        elif spec.first_card:
            lines.append(f"    turned up first: {effect_words(spec.first_card)}")

    dealing = model.dealing
    lines += ["", "Dealing:"]
    if dealing.cut_for_dealer:
        lines.append("  Everyone cuts; the highest number deals (action cards count 0).")
    if dealing.mode == "draft":
        lines.append(
            f"  No deal: each player in turn looks at the top card and keeps it (the next "
            f"goes to a draft discard) or discards it (and keeps the next), until all "
            f"hold {dealing.hand_size}; the draft discard goes under the draw pile."
        )
    else:
        lines.append(f"  {dealing.hand_size} cards each, dealt from the dealer's left.")
    moves = {"left": "passes left", "right": "passes right", "stays": "stays"}[dealing.dealer_moves]
    lines.append(f"  The deal {moves} each round.")

    turn = model.turn
    lines += ["", "A turn:"]
    lines.append(
        "  Play a card matching the colour, number or symbol, or a wild"
        + (
            "; or draw instead, even with a card to play."
            if turn.draw_when_playable
            else "; draw only when you cannot play."
        )
    )
    draw = turn.draw
    if draw.mode == "one":
        what = "one card" if draw.count == 1 else f"{draw.count} cards"
        lines.append(f"  Drawing takes {what}.")
    elif draw.mode == "until_playable":
        cap = f" (at most {draw.cap})" if draw.cap else ""
        lines.append(f"  Drawing goes on until a playable card comes{cap}.")
    else:
        cap = f", up to {draw.cap}" if draw.cap else ""
        lines.append(f"  Draw as many cards as you like, one at a time{cap}.")
    lines.append(
        {
            "drawn_only": "  After drawing, only a drawn card may be played, if it fits.",
            "any": "  After drawing, any card that fits may be played.",
            "none": "  Drawing ends the turn.",
        }[turn.play_drawn]
    )
    multi = turn.multi_play
    if multi.mode != "off":
        which = {
            "same_symbol": "of the same number or symbol",
            "same_color": "of the same colour",
            "color_combo": "of the same colour or the same number",
        }[multi.mode]
        most = f" (up to {multi.max_cards} cards)" if multi.max_cards else ""
        acts = (
            "every card's action counts"
            if multi.effects == "every_card"
            else ("only the last card's action counts")
        )
        lines.append(f"  Several cards {which} may be played together{most}; {acts}.")
    if turn.jump_in.enabled:
        both = (
            "it cancels the card it covers, so only one of them acts"
            if turn.jump_in.cancels_action
            else "both cards act, and their draws add up"
        )
        lines.append(
            "  Anyone holding a card identical to the top card may play it out of turn; "
            f"play goes on from them, and {both}."
        )

    uno = model.uno
    window = {
        "until_next_player_acts": "until the next player acts",
        "until_own_next_turn": "until their own next turn",
    }[uno.catch_window]
    lines += [
        "",
        f"UNO: call it when you play your second-to-last card; caught {window}, "
        f"you draw {uno.penalty}.",
    ]
    challenge = model.challenge
    if challenge.enabled:
        extra = challenge.extra_if_innocent
        lines.append(
            "Challenge: a challengeable draw may be challenged; a guilty player draws the "
            f"cards instead, an innocent one makes the challenger draw {extra} more"
            + (" and lose the turn." if challenge.innocent_loses_turn else ".")
            + (
                " After a guilty verdict the challenger plays."
                if challenge.after_guilty == "challenger_plays"
                else " After a guilty verdict play goes on as the card said."
            )
            + ("" if challenge.when_stacked else " Not while stacking.")
        )
    if model.round_end.finish_on_action_card == "forbidden":
        lines.append("You may not go out on an action card or a wild.")
    if model.round_end.final_penalty_drawn:
        lines.append(
            "A last card's draws (a Draw Two, say) still count before the round is scored."
        )
    else:
        lines.append("A last card's draws are dropped: the round is scored at once.")

    scoring = model.scoring
    lines += ["", f"Scoring: {_scheme_words(scoring.scheme)}."]
    if scoring.teams:
        lines.append("  Teams of two partners sitting opposite share their points and results.")
    if scoring.target is None:
        lines.append("  One round is the whole match.")
    else:
        target = str(scoring.target)
        if scoring.target_by_players:
            target = ", ".join(
                f"{v} with {k}" for k, v in sorted(scoring.target_by_players.items())
            )
            target += f", {scoring.target} otherwise"
        ending = {
            "wins": "the first to reach it wins",
            "eliminated": "whoever reaches it is out; the last left wins",
            "lowest_total_wins": "when someone reaches it, the lowest total wins",
        }[scoring.at_target]
        lines.append(f"  Target: {target}; {ending}.")
    if model.house_rules:
        lines += ["", "House rules:"]
        lines += [f"  {name}: {text}" for name, text in model.house_rules.items()]
    return "\n".join(lines)


def _scheme_words(name: str) -> str:
    """The scheme in the words it was declared with (game/engine/scoring.py)."""
    return SCHEMES[name].words
