"""Repository rules a reviewer would otherwise have to check by hand."""

from __future__ import annotations

import ast
from pathlib import Path

from avarium.simulator.cards import registry as R
from avarium.simulator.constants import Op, Trigger

ROOT = Path(__file__).resolve().parents[1]
# The toolkit's own packages, bottom layer to top (docs/layers.md).
CODE_FOLDERS = ("simulator", "strategies", "runner", "analysis", "reports", "workflows", "avarium")


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
    """layout.action_offsets (naming actions) and options.off_* (listing them) agree."""
    from avarium.simulator.engine import options
    from avarium.simulator.game.api import new_game

    g = new_game(bundled, ["touka", "raj"], seed=1)
    o = g.offsets()
    st = g.state
    assert o["recruit"] == options.off_recruit(st)
    assert o["scheme_rep"] == options.off_scheme_rep(st)
    assert o["scheme_exhaust"] == options.off_scheme_exhaust(st)
    assert o["fight"] == options.off_fight(st)
    assert o["choose"] == options.off_choose(st)
    assert o["help_defend"] == options.off_help_defend(st)
    assert o["player"] == options.off_player(st)
    assert o["trigger"] == options.off_trigger(st)
    assert o["activate"] == options.off_activate(st)


# A module over this many lines does more than one job; split it by topic.
MAX_MODULE_LINES = 400


def test_no_module_is_over_400_lines():
    too_long = {
        str(path.relative_to(ROOT)): lines
        for folder in CODE_FOLDERS
        for path in (ROOT / folder).rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert not too_long, f"modules over {MAX_MODULE_LINES} lines: {too_long}"


def test_toml_is_read_only_through_tomlread():
    """tomllib's reader raises RecursionError on a deeply nested file; tomlread makes that the
    TOMLDecodeError every reader already reports by file name."""
    calls = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for folder in CODE_FOLDERS
        for path in (ROOT / folder).rglob("*.py")
        if path != ROOT / "simulator" / "tomlread.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute)
        and node.attr in ("load", "loads")
        and getattr(node.value, "id", "") == "tomllib"
    ]
    assert not calls, f"read with tomlread.loads instead: {calls}"


# Reference, not diary: code, docs and the build say what is, not when or in which stretch of
# work it was written; measured history has one home, docs/results.md, under its dated headings.
# Each pattern below is a way such a note was written before.
_MONTH = "January|February|March|April|May|June|July|August|September|October|November|December"
DIARY = {
    "a stint of work": r"\bstints?\b",
    "a session of work": r"\b(?:this|that|previous|last|next|earlier|later|work(?:ing)?) session\b"
    r"|\bsession \d+\b",
    "a numbered round or stop of work": r"\bround \d+ of (?:the )?work\b|\bstop \d+ of\b",
    "an issue's history": r"\bissue \d+ (?:ended|began|started|closed|was)\b",
    "a date of work": rf"\b\d{{1,2}}\s+(?:{_MONTH})\b|\b(?:{_MONTH})\s+\d{{1,2}}\b",
    "a path outside the repository": r"\.\./shared\b|\.\./reference\b|(?<![\w.])/work/",
}
# Where the project's text lives (the machinery's folders and the built .venv are not its text).
TEXT_FOLDERS = (*CODE_FOLDERS, "benchmarks", "examples", "experiments", "tests", "docs")
TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".ipynb", ".cfg", ".sh"}
# Named exceptions. docs/results.md is where dated measurements belong.
ALLOWED = {
    "docs/results.md": {"a date of work"},
    "tests/test_conventions.py": set(DIARY),  # the patterns themselves
}


def _project_text() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "Makefile", ROOT / "pyproject.toml", ROOT / ".ci" / "run"]
    for folder in TEXT_FOLDERS:
        files += [
            p
            for p in (ROOT / folder).rglob("*")
            if p.is_file() and p.suffix in TEXT_SUFFIXES and "__pycache__" not in p.parts
        ]
    return [p for p in files if p.is_file()]


def test_nothing_in_code_docs_or_the_makefile_is_a_work_log():
    import json
    import re

    found = []
    for path in _project_text():
        name = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".ipynb":  # what its cells say, not the bytes of its saved charts
            text = "\n".join("".join(c["source"]) for c in json.loads(text)["cells"])
        for what, pattern in DIARY.items():
            if what in ALLOWED.get(name, ()):
                continue
            for m in re.finditer(pattern, text, re.IGNORECASE):
                line = text.count("\n", 0, m.start()) + 1
                found.append(f"{name}:{line}: {what}: {m.group(0)!r}")
    assert not found, "reference, not diary (history goes to docs/results.md):\n" + "\n".join(found)
