"""The packages import one way, bottom to top, and the folders show the layers (docs/layers.md).

Every import counts, those inside functions too: an import placed in a function to dodge a cycle
is still an arrow the wrong way.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Installed name -> folder in the repository (pyproject.toml's package-dir).
FOLDERS = {
    "avarium.simulator": "simulator",
    "avarium.strategies": "strategies",
    "avarium.runner": "runner",
    "avarium.analysis": "analysis",
    "avarium.reports": "reports",
    "avarium.workflows": "workflows",
    "avarium": "avarium",
}
# Bottom to top: a module may import its own layer and those below, never one above.
LAYERS = [
    (
        "foundation",
        (
            "avarium.simulator",
            "avarium.simulator.address_space",
            "avarium.simulator.arguments",
            "avarium.simulator.constants",
            "avarium.simulator.fileio",
            "avarium.simulator.owned",
            "avarium.simulator.safetext",
            "avarium.simulator.schema",
            "avarium.simulator.tomlread",
            "avarium.simulator.tomlwrite",
            "avarium.simulator.data",
        ),
    ),
    ("cards", ("avarium.simulator.cards",)),
    ("engine", ("avarium.simulator.engine",)),
    ("game", ("avarium.simulator.game",)),
    ("bots", ("avarium.strategies",)),
    ("runner and dataset", ("avarium.runner",)),
    ("analysis", ("avarium.analysis",)),
    ("reports", ("avarium.reports",)),
    ("workflows", ("avarium.workflows",)),
    ("command line and facade", ("avarium",)),
]


def layer(module: str) -> int:
    """The layer of a module: the one whose longest prefix names it."""
    best, rank = "", -1
    for i, (_name, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if (module == p or module.startswith(p + ".")) and len(p) > len(best):
                best, rank = p, i
    assert rank >= 0, f"{module} is in no layer"
    return rank


def modules() -> dict[str, Path]:
    out = {}
    for name, folder in FOLDERS.items():
        for path in (ROOT / folder).rglob("*.py"):
            rel = path.relative_to(ROOT / folder).with_suffix("")
            parts = [p for p in rel.parts if p != "__init__"]
            out[".".join([name, *parts])] = path
    return out


MODULES = modules()


def imports(module: str, path: Path) -> set[str]:
    """Every project module `module` imports, at its top or inside a function."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for name in names:
            if name in MODULES:
                found.add(name)
    found.discard(module)
    return found


GRAPH = {m: imports(m, p) for m, p in MODULES.items()}


def test_the_folders_are_the_layers_in_order():
    """Each layer is one folder (or, for the lowest four, one folder inside simulator/), and no
    folder holds two layers: the tree a newcomer opens shows the order."""
    for name, prefixes in LAYERS:
        if name == "foundation":
            continue
        folders = {
            MODULES[m].parent
            for m in MODULES
            if any(m == p or m.startswith(p + ".") for p in prefixes)
        }
        tops = {f for f in folders if not any(g in f.parents for g in folders)}
        assert len(tops) == 1 or name == "command line and facade", (name, sorted(map(str, tops)))
    roots = {MODULES[m].parent for m in LAYERS[0][1] if m in MODULES}
    assert roots <= {ROOT / "simulator", ROOT / "simulator" / "data"}, roots


def test_the_root_of_simulator_holds_the_foundation_only():
    """A module in simulator/'s root is named in the foundation: the root is no place to park
    one of a higher layer (the game API once sat there, above the engine)."""
    loose = sorted(
        m for m, p in MODULES.items()
        if p.parent == ROOT / "simulator" and p.name != "__init__.py" and m not in LAYERS[0][1]
    )  # fmt: skip
    assert not loose, loose


def test_every_package_folder_is_installed():
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(packages["packages"])
    found = {m for m, p in MODULES.items() if p.name == "__init__.py"}
    assert found == listed


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_import_goes_up_a_layer(module):
    here = layer(module)
    upward = sorted(m for m in GRAPH[module] if layer(m) > here)
    assert not upward, (
        f"{module} ({LAYERS[here][0]}) imports {upward} "
        f"({', '.join(LAYERS[layer(m)][0] for m in upward)})"
    )


def test_no_module_imports_itself_back_through_others():
    """No cycle: a depth-first search finds no back edge."""
    state: dict[str, int] = {}
    cycles = []

    def visit(m: str, trail: list[str]) -> None:
        state[m] = 1
        for n in sorted(GRAPH[m]):
            if state.get(n) == 1:
                cycles.append([*trail[trail.index(n) :], n] if n in trail else [m, n])
            elif n not in state:
                visit(n, [*trail, n])
        state[m] = 2

    for m in sorted(GRAPH):
        if m not in state:
            visit(m, [m])
    assert not cycles, "\n".join(" -> ".join(c) for c in cycles)


# The command line's shared modules: the app that registers every command, and what every
# command may use. Every other module of avarium/cli is one command (or one family of them).
CLI_SHARED = {
    "avarium.cli",
    "avarium.cli.main",
    "avarium.cli.common",
    "avarium.cli.fields",
    "avarium.cli.errors",
    "avarium.cli.progress",
    "avarium.cli.memory_cap",
}
COMMANDS = sorted(m for m in MODULES if m.startswith("avarium.cli.") and m not in CLI_SHARED)
# Numbers the command line may own: how much it shows and how its own process runs. Every
# other number decides something about games, searches or runs, and lives in the library,
# where `import avarium` reaches the same value.
CLI_NUMBERS = {
    "SHOWN",  # cli/check.py: how many violations are listed before "and N more"
    "BLAS_ROOM_MB",  # cli/memory_cap.py: the room left for BLAS under --memory-cap
    "BUFFER_MB",  # cli/memory_cap.py: the working buffer each BLAS maps as it loads under a cap
}


@pytest.mark.parametrize("module", COMMANDS)
def test_no_command_imports_another_command(module):
    """A command is parsing, one library call and printing: what two commands share is either
    library code (a workflow) or cli/common.py, never one command reaching into another."""
    others = sorted(GRAPH[module] & set(COMMANDS))
    assert not others, f"{module} imports the command module(s) {others}"


def test_the_shared_command_line_modules_import_no_command():
    for module in CLI_SHARED - {"avarium.cli.main"}:
        assert not GRAPH.get(module, set()) & set(COMMANDS), module


def _numbers(path: Path) -> list[str]:
    """The module-level names bound to a number (not a bool) in a module."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            targets = [node.target]
        value = getattr(node, "value", None)
        number = isinstance(value, ast.Constant) and type(value.value) in (int, float)
        found += [t.id for t in targets if number and isinstance(t, ast.Name)]
    return found


def test_the_command_line_holds_no_domain_numbers():
    """A rung size, a margin, a cap on generations: each is a decision of the workflow, so the
    facade and the command read it from one place."""
    cli = {m: p for m, p in MODULES.items() if m == "avarium.cli" or m.startswith("avarium.cli.")}
    owned = sorted(f"{m}.{n}" for m, p in cli.items() for n in _numbers(p) if n not in CLI_NUMBERS)
    assert not owned, owned


def test_the_balance_verdicts_are_the_libraries():
    """The verdicts a balance search gives are said once, by the workflow that decides them."""
    for module, path in MODULES.items():
        if module.startswith("avarium.cli"):
            text = path.read_text(encoding="utf-8")
            assert '"cannot within the allowed ranges"' not in text, module
            assert "NO_CHANGE" not in text and "BALANCED" not in text, module
