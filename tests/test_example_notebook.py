"""examples/balance.ipynb runs from top to bottom, as a designer would run it, and the outputs
saved in it are the ones it gives now (a reader on GitHub sees what the code does today).

After a change that moves its figures, save it anew:
`.venv/bin/python -m tests.test_example_notebook`.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "examples" / "balance.ipynb"


def execute(workdir: Path):
    """The notebook executed in `workdir` (raises CellExecutionError, naming the cell and its
    traceback, on a failure)."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=900,
        kernel_name="python3",
        record_timing=False,  # the saved file changes only when what it shows does
        resources={"metadata": {"path": workdir}},
    )
    client.execute()
    return notebook


def texts(notebook) -> list[list[str]]:
    """Per code cell, what it printed and returned as text (images, timings and stderr left
    out: a PNG's bytes change with matplotlib's version, not with the figures, and stderr says
    whether this machine's engine was compiled yet)."""
    out = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        shown = []
        for o in cell.get("outputs", []):
            if o.get("output_type") == "stream" and o.get("name") == "stdout":
                shown.append(o["text"])
            elif "data" in o and "text/plain" in o["data"]:
                shown.append(o["data"]["text/plain"])
        out.append(shown)
    return out


@pytest.mark.skipif(
    "NUMBA_DISABLE_JIT" in os.environ, reason="8,000 games want the compiled engine"
)
def test_the_example_notebook_runs_finds_the_change_and_shows_what_it_gives(tmp_path):
    import nbformat

    fresh = execute(tmp_path)
    assert (tmp_path / "idol_win_rates.png").is_file()
    outputs = [o for cell in fresh.cells for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    saved = nbformat.read(NOTEBOOK, as_version=4)
    assert texts(saved) == texts(fresh), (
        "examples/balance.ipynb's saved outputs are not what it gives now: save it anew with "
        "`.venv/bin/python -m tests.test_example_notebook`"
    )
    assert any("image/png" in o.get("data", {}) for o in outputs)  # the chart is shown


def test_the_example_notebook_uses_only_the_documented_api():
    """`import avarium` and its calls (docs/python.md), matplotlib and pandas: never a module of
    the toolkit's inside, which may move."""
    import nbformat

    notebook = nbformat.read(NOTEBOOK, as_version=4)
    code = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
    assert "from avarium" not in code and "import avarium." not in code
    documented = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    for call in sorted(set(re.findall(r"avarium\.(\w+)\(", code))):
        assert f"avarium.{call}(" in documented, call


if __name__ == "__main__":  # save the notebook with the outputs it gives now
    import tempfile

    import nbformat

    with tempfile.TemporaryDirectory() as tmp:
        executed = execute(Path(tmp))
    for cell in executed.cells:  # no timings: the file changes only when what it shows does
        cell.get("metadata", {}).pop("execution", None)
    nbformat.write(executed, NOTEBOOK)
    print(f"saved {NOTEBOOK.relative_to(ROOT)} with its outputs")
