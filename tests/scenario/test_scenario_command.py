"""`avarium scenario FILE`: the plays of a scenario file as a transcript; a bad line is one line
on stderr naming the file and the line, exit code 2, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from avarium.cli.main import app

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "scenarios" / "touka_fight.txt"
POSITION = """\
turn 5 | active p0
p0: idol touka | merit 14 | rep 3 | class sculptor, kendo novice
p1: idol raj | class dojo senpai
plays:
"""


def run(*args: str):
    # The example's transcript is written on version 1 of the prototype set's numbers.
    return CliRunner().invoke(app, ["scenario", "--cards", "prototype-v1", *args])


def test_the_example_plays_a_fight_and_prints_its_transcript():
    result = run(str(EXAMPLE))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Avarium Academy, seed 0")
    assert "== Turn 5 (round 3): P0 (Hatsurugi TOUKA), Merit 14, Reputation 3 ==" in out
    assert "P0 [attacker's support]: support the attack with Kendo Novice" in out
    assert "Dojo Senpai is expelled from P1 (Kumara RAJ)'s Class" in out
    assert "P0 (Hatsurugi TOUKA) loses 5 Merit (9)" in out
    assert out.rstrip().endswith("== Stopped on turn 6: the plan decision for P1 (Kumara RAJ) ==")


def bad(tmp_path: Path, text: str):
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    result = run(str(path))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and len(result.stderr.splitlines()) == 1
    return result.stderr.strip().replace(str(path), "FILE")


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (POSITION.replace("sculptor", "sculpter"), 'FILE:2: no card matches "sculpter"'),
        (POSITION + "\nrecruit Dojo Senpai\n", 'FILE:6: no legal action named "recruit Dojo'),
        (POSITION + "pass until\n", 'FILE:5: cannot read "pass until"'),
        (POSITION + "fight Sculptor\n", 'FILE:5: cannot read "fight Sculptor"'),
        (POSITION + "pass until p0 somewhere\n", 'FILE:5: no decision "somewhere"'),
        (POSITION.replace("turn 5", "turn 4"), "FILE:1: turn 4 is p1's turn, not p0's"),
        ("p0: idol touka\n", "FILE:1: a scenario needs 2 to 4 players"),
    ],
    ids=[
        "unknown card",
        "illegal play",
        "pass until what",
        "fight what",
        "no such decision",
        "wrong turn",
        "one player",
    ],
)
def test_a_bad_line_is_one_error_line_naming_the_file_and_the_line(tmp_path, text, error):
    assert bad(tmp_path, text).startswith(f"error: {error}")


def test_a_missing_file_is_one_error_line(tmp_path):
    result = run(str(tmp_path / "nowhere.txt"))
    assert result.exit_code == 2 and "cannot read it" in result.stderr
