"""A bot match saved at every decision, for the SIGKILL test (tests/test_save_kill.py).

    python -m tests.save_kill_child FOLDER SEED

Plays match after match with saving on, exactly as the game saves (a
`SaveSlot` in FOLDER keeping each `MatchSession`), until it is killed. The
seats are people's seats (so the players' statistics are written too) whose
decisions a bot takes. After every write that reached the disk it prints one
line: `saved ID EVENTS`, `cleared`, or `stats`.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from game.bots import make_bot
from game.play.match import MatchSession, SeatConfig
from game.player_files.saves import SAVE_FILE, SaveSlot

PACE = 0.003  # seconds between decisions: a fast bot table; the writer is always busy
RULES = (["classic"], ["classic", "house/jump-in"], ["uno112", "house/swap-hands-card"], ["duo"])


def main() -> int:
    folder, seed = Path(sys.argv[1]), int(sys.argv[2])

    def report(path: Path, text: str | None, error: BaseException | None) -> None:
        if error is not None:
            print(f"error {error}", flush=True)
        elif path.name != SAVE_FILE:
            print("stats", flush=True)
        elif text is None:
            print("cleared", flush=True)
        else:
            head, _, log = text.partition("\n")
            match_id = head.split('"id":"', 1)[1][:32]
            print(f"saved {match_id} {log.count(chr(10))}", flush=True)

    slot = SaveSlot(folder, on_done=report)
    for match in range(10_000):
        rules = RULES[(seed + match) % len(RULES)]
        players = 2 if rules == ["duo"] else 3 + (seed + match) % 3
        seats = [SeatConfig(f"P{i}") for i in range(players)]
        session = MatchSession(
            rules, seats, seed=seed * 1000 + match, target=150, single_round=match % 2 == 1
        )
        slot.keep(session)
        bots = [make_bot("basic", seed + i, session.rules) for i in range(players)]
        while not session.state.over:
            seat = session.state.pending.seat
            session.apply(bots[seat].choose(session.look(seat), session.legal(seat)))
            time.sleep(PACE)
        slot.writer.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
