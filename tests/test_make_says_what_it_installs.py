"""`make demo` and `make test` say what they install before they wait for it: the demo the
toolkit alone, the tests the extras by name with their packages (read from pyproject.toml), so
that a new user knows what the first seconds are spent on and what a cluster would need."""

from __future__ import annotations

import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="no make on this machine")


def _said(target: str, tmp_path: Path) -> list[str]:
    """What `make TARGET` would echo with a new virtual environment (a dry run: nothing is
    installed or played)."""
    done = subprocess.run(
        ["make", "-n", f"VENV={tmp_path / 'venv'}", target],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return [line for line in done.stdout.splitlines() if line.startswith('echo "make: ')]


def _extras() -> dict[str, list[str]]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["optional-dependencies"]


def test_make_demo_says_it_installs_the_toolkit_with_no_extras(tmp_path):
    said = _said("demo", tmp_path)
    installs = [line for line in said if "installing" in line]
    assert len(installs) == 1, said
    assert "the toolkit (avarium-balance-lab, no extras)" in installs[0]
    assert "numba" in installs[0]  # and what it needs, by name
    for extra in _extras():
        assert f"extra {extra}" not in installs[0] and f"extras {extra}" not in installs[0]


def test_make_test_names_each_extra_it_installs_with_its_packages(tmp_path):
    said = _said("test", tmp_path)
    extras_line = [line for line in said if "installing the extras" in line]
    assert len(extras_line) == 1, said
    for extra, needs in {"test": _extras()["test"], "cluster": _extras()["cluster"]}.items():
        assert f"{extra} (" in extras_line[0]
        first = needs[0].split(">")[0].split("=")[0].split("<")[0].strip()
        assert first in extras_line[0]
