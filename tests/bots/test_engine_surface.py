"""The bots' engine surface is declared once (simulator/engine/surface.py): the bots reach the
engine through it only, and it lists nothing the bots do not use."""

from __future__ import annotations

import ast
from pathlib import Path

from avarium.simulator.engine import surface

ROOT = Path(__file__).resolve().parents[2]
BOTS = sorted((ROOT / "strategies").rglob("*.py"))
ENGINE = "avarium.simulator.engine"
SURFACE = f"{ENGINE}.surface"


def _imports(path: Path) -> list[ast.ImportFrom | ast.Import]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom | ast.Import)]


def _engine_modules(node: ast.ImportFrom | ast.Import) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.startswith(ENGINE)]
    module = node.module or ""
    if module == ENGINE:  # `from avarium.simulator.engine import tables`
        return [f"{ENGINE}.{a.name}" for a in node.names]
    return [module] if module.startswith(ENGINE) else []


def test_the_bots_reach_the_engine_through_its_declared_surface_only():
    past = [
        f"{path.relative_to(ROOT)}:{node.lineno} imports {module}"
        for path in BOTS
        for node in _imports(path)
        for module in _engine_modules(node)
        if module != SURFACE
    ]
    assert not past, "\n".join(past)


def test_every_name_of_the_surface_is_used_by_a_bot():
    used = {
        a.name
        for path in BOTS
        for node in _imports(path)
        if isinstance(node, ast.ImportFrom) and node.module == SURFACE
        for a in node.names
    }
    assert set(surface.__all__) == used


def test_the_surface_defines_nothing_of_its_own():
    """Every name it lists is the engine module's own object, so the contract cannot drift from
    the engine it describes."""
    tree = ast.parse(Path(surface.__file__).read_text(encoding="utf-8"))
    own = [
        n
        for n in tree.body
        if not isinstance(n, ast.ImportFrom)
        and not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))
        and not (isinstance(n, ast.Assign) and n.targets[0].id == "__all__")
    ]
    assert not own
    assert len(surface.__all__) == len(set(surface.__all__))
