"""`avarium scenario FILE`: a position and a list of plays, played and printed as a transcript.

The file is the position in the scenario text form (docs/engine.md, "Readable positions"), then
a line `plays:`, then one play a line:

    recruit Sculptor                      the wording of game.play (any unique part of it)
    pass                                  pass once
    pass until p1                         pass until seat 1 has a decision that is not a window
    pass until damage                     ... or until a decision comes up (any seat)
    pass until p0 plan                    ... or both
    fight Dojo Senpai attacks Benchwarmer with Sculptor, AMYBA
                                          a whole fight (Game.fight): supporters after `with`

A bad line (an unknown card, an illegal play, words it cannot read) stops the command with one
line on stderr, `error: FILE:LINE: what`, exit code 2.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer

from avarium.cli.common import Cards, Patches, Seed, Sets, load_cards_or_fail
from avarium.cli.errors import fail, say
from avarium.runner.field_table import given

PLAYS = "plays:"  # the line between the position and the plays


class PlayLineError(ValueError):
    """A line of plays that cannot be read."""


def scenario_command(
    file: Annotated[Path, typer.Argument(help="A scenario file: a position, `plays:`, plays.")],
    seed: Seed = None,
    cards: Cards = None,
    sets: Sets = None,
    patch: Patches = None,
) -> None:
    """Build the position a scenario file describes, play its plays, print the transcript."""
    from avarium.simulator.game.api import IllegalActionError
    from avarium.simulator.game.scenario import ScenarioError, scenario
    from avarium.simulator.game.transcript import header

    try:
        text = file.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise fail(f"{file}: cannot read it ({exc})", 2) from None
    card_set = load_cards_or_fail(cards, sets, patch)  # each problem named, then exit 2
    position, plays = split_file(text)
    try:  # the seed shuffles the decks the position leaves unsaid
        game = scenario(position, card_set, seed=given("seed", seed))
    except ScenarioError as exc:
        raise fail(f"{file}:{exc.line or 1}: {exc.message}", 2) from None
    say(header(game))
    turn = -1
    for number, line in plays:
        try:
            turn = _play_logged(game, line, turn)
        except (IllegalActionError, PlayLineError, ValueError, LookupError) as exc:
            raise fail(f"{file}:{number}: {getattr(exc, 'message', exc)}", 2) from None
    say(_last_line(game))


def split_file(text: str) -> tuple[str, list[tuple[int, str]]]:
    """The position's text (its lines keep their numbers) and the plays with their line
    numbers, blank and `#` lines left out."""
    lines = text.splitlines()
    cut = next((i for i, line in enumerate(lines) if line.strip().lower() == PLAYS), len(lines))
    plays = [
        (i + 1, line.strip())
        for i, line in enumerate(lines[cut + 1 :], start=cut + 1)
        if line.strip() and not line.strip().startswith("#")
    ]
    return "\n".join(lines[:cut]), plays


def _play_logged(game, line: str, turn: int) -> int:
    """Play one line on a copy of the game, then take the same actions on the game itself,
    printing each as the transcript tells it (a helper that takes several actions shows them
    all); returns the turn last announced."""
    from avarium.simulator.game.transcript import logged_step, turn_header

    trial = game.clone()
    play_line(trial, line)
    for action in trial.history[len(game.history) :]:
        if game.turn != turn:
            turn = game.turn
            say(turn_header(game))
        for out in logged_step(game, action):
            say(out)
    return turn


def play_line(game, line: str) -> None:
    """One line of plays on `game`."""
    words = line.split()
    if words[0].lower() == "pass" and len(words) > 1:
        if words[1].lower() != "until" or len(words) == 2:
            raise PlayLineError(f'cannot read "{line}": expected "pass" or "pass until ..."')
        _pass_until(game, words[2:])
    elif re.match(r"fight\s", line, re.IGNORECASE):
        _fight(game, line)
    else:
        game.play(line)


def _pass_until(game, words: list[str]) -> None:
    """`pass until [pN] [decision]`."""
    seat = None
    if re.fullmatch(r"p\d", words[0].lower()):
        seat = int(words[0][1])
        words = words[1:]
    game.pass_until(seat, " ".join(words).lower() or None)


def _fight(game, line: str) -> None:
    """`fight LEADER attacks TARGET [with SUPPORTER, SUPPORTER]`."""
    m = re.fullmatch(r"fight\s+(.+?)\s+attacks\s+(.+?)(?:\s+with\s+(.+))?", line, re.IGNORECASE)
    if not m:
        raise PlayLineError(
            f'cannot read "{line}": expected "fight LEADER attacks TARGET [with A, B]" '
            '(or the play wording "fight: LEADER leads")'
        )
    supporters = [s.strip() for s in (m.group(3) or "").split(",") if s.strip()]
    game.fight(m.group(1), m.group(2), supporters=supporters)


def _last_line(game) -> str:
    from avarium.simulator.game.transcript import footer

    if game.is_terminal():
        return footer(game)
    p = game.current_player()
    return (
        f"\n== Stopped on turn {game.turn}: the {game.decision} decision for "
        f"P{p} ({game.idol_name(p)}) =="
    )
