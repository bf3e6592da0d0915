"""Repository rules a reviewer would otherwise have to check by hand."""

from __future__ import annotations

import ast
from pathlib import Path

from avarium.simulator.cards import registry as R
from avarium.simulator.constants import Op, Trigger

ROOT = Path(__file__).resolve().parents[1]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_card_language_never_imports_the_engine():
    for path in (ROOT / "simulator" / "cards").glob("*.py"):
        assert not any(m.startswith("avarium.simulator.engine") for m in _imports(path)), path


def test_constants_import_nothing_from_the_project():
    assert not any(m.startswith("simulator") for m in _imports(ROOT / "simulator" / "constants.py"))


def test_analysis_and_reports_never_import_the_engine():
    for package in ("analysis", "reports"):
        for path in (ROOT / package).rglob("*.py"):
            assert not any(m.startswith("avarium.simulator.engine") for m in _imports(path)), path


def test_every_opcode_has_exactly_one_verb():
    assert sorted(w.code for w in R.VERBS) == sorted(Op)


def test_every_trigger_has_a_word():
    assert sorted(w.code for w in R.TRIGGERS) == sorted(t for t in Trigger if t >= 0)


def test_no_print_in_the_library():
    for path in (ROOT / "simulator").rglob("*.py"):
        if path.name == "cli.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = [
            n
            for n in ast.walk(tree)
            if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "print"
        ]
        assert not calls, path


def test_the_action_ranges_named_in_python_match_the_compiled_ones(bundled):
    """layout.action_offsets (naming actions) and legal.off_* (listing them) agree."""
    from avarium.simulator.engine import legal
    from avarium.simulator.game.api import new_game

    g = new_game(bundled, ["touka", "raj"], seed=1)
    o = g.offsets()
    st = g.state
    assert o["recruit"] == legal.off_recruit(st)
    assert o["scheme_rep"] == legal.off_scheme_rep(st)
    assert o["scheme_exhaust"] == legal.off_scheme_exhaust(st)
    assert o["fight"] == legal.off_fight(st)
    assert o["choose"] == legal.off_choose(st)
    assert o["help_defend"] == legal.off_help_defend(st)
    assert o["player"] == legal.off_player(st)
    assert o["trigger"] == legal.off_trigger(st)
    assert o["activate"] == legal.off_activate(st)


# A module over this many lines does more than one job; split it by topic.
MAX_MODULE_LINES = 400


def test_no_module_is_over_400_lines():
    folders = ("simulator", "strategies", "runner", "analysis", "reports", "workflows", "avarium")
    too_long = {
        str(path.relative_to(ROOT)): lines
        for folder in folders
        for path in (ROOT / folder).rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert not too_long, f"modules over {MAX_MODULE_LINES} lines: {too_long}"


def test_toml_is_read_only_through_tomlread():
    """tomllib's reader raises RecursionError on a deeply nested file; tomlread makes that the
    TOMLDecodeError every reader already reports by file name."""
    calls = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for folder in (
            "simulator",
            "strategies",
            "runner",
            "analysis",
            "reports",
            "workflows",
            "avarium",
        )
        for path in (ROOT / folder).rglob("*.py")
        if path != ROOT / "simulator" / "tomlread.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute)
        and node.attr in ("load", "loads")
        and getattr(node.value, "id", "") == "tomllib"
    ]
    assert not calls, f"read with tomlread.loads instead: {calls}"
