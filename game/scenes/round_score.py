"""Round score: every loser's cards flip over one by one and the points count up.

Figures come from the `round_end` event (points per seat, match totals); the
card values shown while counting come from the rule set's deck. The pointer
on a card names it, with its points. Space, Enter or a click goes on: the
next round (its deal), or the match's end.

With teams (rules/house/teams.yaml) partners sit in adjacent rows inside a band
of their team's colour, each name behind the team's lettered badge (the same as
on the name plates, game/ui/teams.py), and the team's points and total are
written once across both rows: the engine credits both partners alike
(game/engine/scoring.py), so each partner's total is the team's.
"""

from __future__ import annotations

import pygame

from game.engine import NextRound
from game.i18n import _, ngettext
from game.rules.describe import target_words
from game.scenes.base import Scene
from game.scenes.match_end import MatchEndScene
from game.scenes.services import Deals, MatchApp
from game.table.match_screen import MatchScreen
from game.table.name_plates import OUT_RED
from game.ui import teams, text, widgets
from game.ui.input import BACK as KEY_BACK
from game.ui.input import CLICK, CONFIRM, MOVE, PASS, Command
from game.ui.prompts import GO_ON
from game.ui.teams import team_marks

FLIP = 0.11  # seconds per card turned
ROWS_TOP = 108  # from the panel's top: the title and the column heads above the rows
BELOW_ROWS = 90  # under the rows: the button, and the match's target beside it
NAME_ROOM = (182, 330)  # the names' column, from a row's left: its least and most
FIGURES_ROOM = 290  # a row's right end where its figures (round, total) are written
CARDS_CLEAR = 378  # what a row keeps right of its cards: the hand's value and the figures


class RoundScoreScene(Scene):
    opaque = False

    def __init__(self, app: MatchApp, screen: MatchScreen, *, deal: Deals) -> None:
        self.app = app
        self.screen = screen
        self.deal = deal  # the next round's, or a rematch's
        self.session = session = screen.session
        state = session.state
        table = screen.table
        self.event = screen.last_round_end or {
            "winner": state.winner,
            "points": {str(s): 0 for s in range(state.players)},
            "scores": list(state.scores),
        }
        winner = self.event.get("winner")
        self.winner: int = winner if isinstance(winner, int) else 0
        self.points = [int(self.event["points"].get(str(s), 0)) for s in range(state.players)]
        self.totals = list(self.event.get("scores", state.scores))
        self.before = [t - p for t, p in zip(self.totals, self.points, strict=True)]
        # In the rule file's order, as a hand is sorted: the table's own order
        # depends on how the hands got there (a resumed match differed).
        self.hands = [
            sorted(table.hand_names(s), key=table.book.sort_key) for s in range(state.players)
        ]
        # Each seat's team; the rows run team by team, partners together.
        self.teams = team_marks(state)
        marks = self.teams
        self.order = sorted(range(state.players), key=lambda s: (marks[s] if marks else 0, s))
        self.values = [[session.card_points(c) for c in hand] for hand in self.hands]
        self.total_cards = sum(len(h) for h in self.hands)
        self.t = 0.0
        self.scale = max(app.settings.anim_scale, 0.0)
        self.over = state.over
        label = _("Final results") if self.over else _("Next round")
        self.button = widgets.Button(
            (640 - 150, 0, 300, 60), label, self.go_on, chip=GO_ON, color=widgets.BUTTON_HOT
        )
        self.auto = not session.humans
        self.pointer: tuple[int, int] | None = None
        # Each card face up on screen this frame: where, and (seat, index in hand).
        self.shown: list[tuple[pygame.Rect, int, int]] = []
        region = table.layout.regions["score_panel"]
        n = state.players
        # The rows sit between the column heads and the button, and the whole
        # panel on the screen, at any number of seats.
        self.row_h = max(24, min(56, (700 - ROWS_TOP - BELOW_ROWS) // n))
        height = ROWS_TOP + self.row_h * n + BELOW_ROWS
        self.box = pygame.Rect(0, 0, max(region.width, 900), max(region.height, height))
        self.box.center = (640, 360)
        self.button.rect.midbottom = (640, self.box.bottom - 18)
        self.app.play("win")

    def enter(self) -> None:
        # The round is over: every hand is laid open to the whole couch.
        self.screen.look_away()
        self.screen.privacy.hands_open = True

    def leave(self) -> None:
        self.screen.privacy.hands_open = False

    @property
    def flipped(self) -> float:
        """How many cards have turned so far (fractional while one turns)."""
        if self.scale == 0:
            return float(self.total_cards)
        return min(self.total_cards, max(0.0, (self.t - 0.4) / (FLIP * self.scale)))

    @property
    def done(self) -> bool:
        return self.flipped >= self.total_cards

    def go_on(self) -> None:
        if not self.done:
            self.t = 1e9  # first press: show the totals at once
            return
        session = self.session
        state = session.state
        self.app.pop()
        if state.over:
            self.app.replace(MatchEndScene(self.app, self.screen, deal=self.deal))
            return
        assert state.pending is not None
        session.apply(NextRound(state.pending.seat))
        self.app.replace(self.deal(self.app, self.screen))

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return True
        if cmd.name in (CONFIRM, PASS) or cmd.name == CLICK:
            self.go_on()
        elif cmd.name == MOVE:
            self.button.hover = self.button.hit(cmd.pos)
            self.pointer = cmd.pos
        elif cmd.name == KEY_BACK:
            self.app.pause_match()
        return True

    def update(self, dt: float) -> None:
        before = int(self.flipped)
        self.t += dt
        if int(self.flipped) != before and not self.done:
            self.app.play("tick")
        if (
            self.auto
            and self.done
            and self.t > 0.4 + self.total_cards * FLIP * self.scale + 2.0 * self.scale
        ):
            self.go_on()

    def row_rect(self, seat: int) -> pygame.Rect:
        """Where `seat`'s row (name, cards, points) is drawn."""
        box = self.box
        row = self.order.index(seat)
        return pygame.Rect(
            box.x + 20, box.y + ROWS_TOP + row * self.row_h, box.width - 40, self.row_h - 4
        )

    def name_room(self) -> int:
        """How wide the names' column is: as wide as the longest name needs (a
        badge included), within limits, the cards' strip giving way; long
        names shrank unreadably small in large text in a fixed column."""
        badge = 36 if self.teams is not None else 0
        state = self.session.state
        # A knocked-out player's name shares the column with its OUT tag.
        out = self._out_tag().get_width() + 8 if any(state.eliminated) else 0
        needed = max(
            text.width(name, 24, bold=True) + (out if state.eliminated[seat] else 0)
            for seat, name in enumerate(state.names)
        )
        return max(NAME_ROOM[0], min(NAME_ROOM[1], needed + badge + 12))

    def _out_tag(self, max_width: int = 400) -> pygame.Surface:
        return widgets.pill(_("OUT"), 16, OUT_RED, (255, 255, 255), max_width)

    def team_rows(self) -> list[tuple[int, list[int]]]:
        """Each team and its seats, in the order of the rows; [] without teams."""
        if self.teams is None:
            return []
        found: dict[int, list[int]] = {}
        for seat in self.order:
            found.setdefault(self.teams[seat], []).append(seat)
        return list(found.items())

    def team_total(self, seats: list[int]) -> int | None:
        """The team's total as the engine keeps it (each partner holds it), or
        None should the partners' figures ever differ (then each row says its own)."""
        figures = {(self.totals[s], self.points[s]) for s in seats}
        return figures.pop()[0] if len(figures) == 1 else None

    def _draw_heading(self, surface: pygame.Surface) -> None:
        """Who won the round, the side scored (a two-sided deck), the columns' names."""
        box = self.box
        names = self.session.state.names
        if self.event.get("blocked"):
            head = _("Blocked! {name} wins the round").format(name=names[self.winner])
        else:
            head = _("{name} wins round {n}").format(
                name=names[self.winner], n=self.screen.table.model.round_no
            )
        title = text.shadowed(head, 44, (255, 213, 79), bold=True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + 18)))
        head_y = box.y + 82
        side = self.event.get("side")
        if side:
            # A two-sided deck scores the faces of the side in play.
            words = _("Scored on the {side} side").format(side=self.screen.book.side_label(side))
            img = text.render(words, 20, (255, 213, 79), bold=True)
            surface.blit(img, img.get_rect(topleft=(box.x + 24, head_y)))
        for label, x in ((_("round"), box.right - 230), (_("total"), box.right - 110)):
            img = text.render(label, 20, widgets.MUTED, bold=True)
            surface.blit(img, img.get_rect(midtop=(x, head_y)))

    def draw(self, surface: pygame.Surface) -> None:
        widgets.dim(surface, 170)  # the table behind must not read through the list
        box = self.box
        surface.blit(widgets.panel(box.size), box)
        names = self.session.state.names
        self._draw_heading(surface)
        flipped = self.flipped
        done_cards = int(flipped)
        progress = flipped / self.total_cards if self.total_cards else 1.0
        index = 0
        card_h = self.row_h - 8
        card_w = round(card_h * 2 / 3)
        target = self.session.state.target
        privacy = self.screen.privacy
        book = self.screen.book
        self.shown = []
        name_room = self.name_room()
        state = self.session.state
        bands = self._draw_team_bands(surface)
        shared = {seat for seats, _band in bands for seat in seats}
        for seat, hand in enumerate(self.hands):
            row = self.row_rect(seat)
            if seat == self.winner:
                # A tint, not a fill: pygame.draw ignores alpha on the screen, and a
                # solid gold row put the white name on gold and hid a team's figures.
                # A team's figures sit level with the band's middle, on the rows'
                # edge: the tint stops short of them, or its edge crosses them.
                lit = row.copy()
                if seat in shared:
                    lit.width -= FIGURES_ROOM
                tint = widgets.panel(lit.size, (*widgets.GOLD[:3], 60), 10, (255, 213, 79))
                surface.blit(tint, lit)
            name_x = row.x + 12
            if self.teams is not None:
                badge = teams.tag(self.teams[seat], min(28, row.height - 6))
                surface.blit(badge, badge.get_rect(midleft=(name_x, row.centery)))
                name_x += badge.get_width() + 8
            width = row.x + name_room - name_x
            if state.eliminated[seat]:
                out = self._out_tag(width // 2)
                surface.blit(out, out.get_rect(midright=(row.x + name_room, row.centery)))
                width -= out.get_width() + 8
            name = text.fit(names[seat], 24, width, (255, 255, 255), bold=seat == self.winner)
            surface.blit(name, (name_x, row.centery - name.get_height() // 2))
            cards_room = row.width - name_room - CARDS_CLEAR
            step = min(card_w + 4, max(8, cards_room // max(1, len(hand))))
            cx = row.x + name_room + 18
            hand_value = 0
            for i, card in enumerate(hand):
                k = flipped - index
                index += 1
                look = book.look(card)
                if k >= 1 and privacy.card_face(card, seat):
                    img = self.app.art.face(look, (card_w, card_h))
                    hand_value += self.values[seat][i]
                elif 0 < k < 1:
                    # Turning over: squeeze the back to nothing, then open the face.
                    face = k >= 0.5 and privacy.card_face(card, seat)
                    base = (
                        self.app.art.face(look, (card_w, card_h))
                        if face
                        else self._unturned(card, (card_w, card_h))
                    )
                    width = max(1, round(card_w * abs(1 - 2 * k)))
                    img = pygame.transform.scale(base, (width, card_h))
                else:
                    img = self._unturned(card, (card_w, card_h))
                rect = img.get_rect(center=(cx + card_w // 2, row.centery))
                surface.blit(img, rect)
                if k >= 1 and privacy.card_face(card, seat):
                    self.shown.append((rect, seat, i))
                cx += step
            if hand:
                val = text.render(str(hand_value), 20, widgets.MUTED)
                surface.blit(val, val.get_rect(midleft=(cx + card_w + 8, row.centery)))
            if seat not in shared:  # a team's are written across its rows, below
                self._draw_figures(surface, self.points[seat], self.before[seat], row, progress)
        # After the rows, so that the winner's tint does not cover them.
        for seats, band in bands:
            point = self.points[seats[0]]
            total = self.team_total(seats)
            assert total is not None, "a band with shared figures"
            self._draw_figures(surface, point, total - point, band, progress)
        if target:
            # Not "playing to 500": in the Duo or with Losers score, reaching it loses.
            words = target_words(target, self.session.rules.model.scoring.at_target)
            room = self.button.rect.left - box.x - 40
            img = text.render(words, 20, widgets.MUTED, wrap=room)
            if img.get_height() > BELOW_ROWS - 12:  # long words in large text
                img = text.render(words, 15, widgets.MUTED, wrap=room)
            surface.blit(img, img.get_rect(bottomleft=(box.x + 24, box.bottom - 16)))
        if done_cards >= self.total_cards:
            self.button.draw(surface, self.t)
        self._draw_pointed(surface)

    def _unturned(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        """A card not yet turned to be counted: its back, or the other face of a
        two-sided card, which everyone saw all along."""
        shown = self.screen.privacy.drawn(card, False)
        if shown is None:
            return self.app.art.back(size)
        return self.app.art.face(self.screen.book.look(shown), size)

    def _draw_team_bands(self, surface: pygame.Surface) -> list[tuple[list[int], pygame.Rect]]:
        """Each team's band round its rows; returns the teams whose points and
        total are written once across their band, with the band."""
        shared = []
        for team, seats in self.team_rows():
            rows = [self.row_rect(s) for s in seats]
            band = rows[0].unionall(rows[1:]).inflate(6, 2)
            color = teams.COLORS[team]
            surface.blit(widgets.panel(band.size, (*color[:3], 45), 12, color), band)
            if self.team_total(seats) is not None:
                shared.append((seats, band))
        return shared

    def _draw_figures(
        self, surface: pygame.Surface, points: int, before: int, where: pygame.Rect, progress: float
    ) -> None:
        """A row's (or a team's) points this round, counted up with the cards,
        and its total, level with `where`."""
        box = self.box
        gained = round(points * progress)
        if points:
            img = text.render(f"+{gained}", 26, (255, 236, 179), bold=True)
            surface.blit(img, img.get_rect(center=(box.right - 230, where.centery)))
        img = text.render(str(before + gained), 28, (255, 255, 255), bold=True)
        surface.blit(img, img.get_rect(center=(box.right - 110, where.centery)))

    def pointed(self) -> tuple[str, pygame.Rect] | None:
        """The card under the pointer, named with its points, and where that is written."""
        if self.pointer is None:
            return None
        for rect, seat, index in reversed(self.shown):  # the topmost card first
            if rect.collidepoint(self.pointer):
                card = self.hands[seat][index]
                points = self.values[seat][index]
                words = ngettext("{card}: {n} point", "{card}: {n} points", points).format(
                    card=self.screen.book.label(card), n=points
                )
                box = pygame.Rect(0, 0, 0, 0)
                box.midbottom = (rect.centerx, rect.top - 4)
                return words, box
        return None

    def _draw_pointed(self, surface: pygame.Surface) -> None:
        found = self.pointed()
        if found is None:
            return
        words, at = found
        img = text.render(words, 22, widgets.INK, bold=True)
        box = img.get_rect().inflate(16, 8)
        box.midbottom = at.midbottom
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (255, 236, 179), box, border_radius=8)
        surface.blit(img, img.get_rect(center=box.center))
