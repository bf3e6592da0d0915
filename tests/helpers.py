"""Small helpers that keep rule tests readable."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
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


@contextlib.contextmanager
def simulating(out: Path, *flags: object) -> Iterator[subprocess.Popen]:
    """`avarium simulate FLAGS --out OUT` running in a process group of its own, from OUT's
    parent folder, its output piped as text; whatever of it is left is killed on the way out,
    so the suite goes on."""
    driver = subprocess.Popen(
        [sys.executable, "-m", "avarium.cli.main", "simulate", *map(str, flags), "--out", out],
        start_new_session=True,
        cwd=out.parent,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield driver
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(driver.pid, signal.SIGKILL)
        driver.wait()
