"""Small helpers that keep rule tests readable."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from avarium.runner import manifest
from avarium.simulator.game.api import Game


def pass_windows(game: Game) -> None:
    """Everyone passes every priority window until another kind of decision comes up."""
    while not game.is_terminal() and game.decision == "priority":
        game.play("pass")


def end_turn(game: Game) -> None:
    """The active player ends the turn; every window on the way is passed."""
    pass_windows(game)
    game.play("end turn")
    pass_windows(game)


def names(game: Game) -> list[str]:
    return [game.action_name(a) for a in game.legal_actions()]


def pass_fight(game: Game) -> None:
    """Nobody adds supporters or helpers or plays anything until the fight is over."""
    optional = ("priority", "attacker's support", "defender's support", "helper")
    while not game.is_terminal() and game.decision in optional:
        game.play("pass")


def wait_for_parts(driver: subprocess.Popen, run: Path, parts: int = 2) -> None:
    """Wait until the run a `simulate` subprocess writes has `parts` parts on disk (the driver
    must still be running meanwhile, and two minutes at most)."""
    deadline = time.monotonic() + 120
    while len(manifest.part_files(run / "games")) < parts:
        assert driver.poll() is None, driver.communicate()
        assert time.monotonic() < deadline, "the run wrote nothing in two minutes"
        time.sleep(0.05)
