"""examples/balance.ipynb runs from top to bottom, as a designer would run it (issue 13)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(
    "NUMBA_DISABLE_JIT" in os.environ, reason="40,000 games want the compiled engine"
)
def test_the_example_notebook_runs_and_finds_the_planted_change(tmp_path):
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(ROOT / "examples" / "balance.ipynb", as_version=4)
    client = NotebookClient(
        notebook, timeout=900, kernel_name="python3", resources={"metadata": {"path": tmp_path}}
    )
    client.execute()  # raises CellExecutionError, with the cell and its traceback, on a failure
    assert (tmp_path / "idol_win_rates.png").is_file()
    outputs = [o for cell in notebook.cells for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
