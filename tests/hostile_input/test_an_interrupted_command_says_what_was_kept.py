"""Ctrl-C or memory running out in any command ends in one line saying what was kept, with exit
code 130 (interrupted) or 1, never a traceback or a silent exit; and what was written before
stays whole."""

from __future__ import annotations

import pytest
from avarium.analysis.synthetic import Plan, synthetic_run

from tests.hostile_input.helpers import invoke, one_line_error


@pytest.fixture(scope="module")
def reported(tmp_path_factory):
    run = synthetic_run(tmp_path_factory.mktemp("r") / "run", 200, Plan(), seed=2)
    assert invoke("report", run, "--no-charts").exit_code == 0  # a page to keep whole
    return run


def _page(run):
    return (run / "report" / "index.html").read_bytes()


@pytest.mark.parametrize(
    ("raised", "code", "says"),
    [
        (KeyboardInterrupt, 130, "interrupted; every file written so far is kept whole"),
        (MemoryError, 1, "out of memory; every file written so far is kept"),
    ],
)
def test_a_report_stopped_mid_way_says_so_and_the_last_page_stays_whole(
    reported, monkeypatch, raised, code, says
):
    before = _page(reported)

    def stopped(*args, **kwargs):
        raise raised

    monkeypatch.setattr("avarium.cli.report.build_report", stopped)
    one_line_error(invoke("report", reported), code, says)
    assert _page(reported) == before


def test_numpys_own_out_of_memory_error_is_the_same_one_line(reported, monkeypatch):
    import numpy as np

    def huge(*args, **kwargs):
        return np.empty(2**62, dtype=np.int8)  # numpy's _ArrayMemoryError, a MemoryError

    monkeypatch.setattr("avarium.cli.report.build_report", huge)
    one_line_error(invoke("report", reported), 1, "out of memory", "fewer --jobs")


def test_a_full_disk_while_a_report_is_written_names_the_folder_not_none(reported, monkeypatch):
    before = _page(reported)

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")  # as a write says it: no file named

    monkeypatch.setattr("avarium.cli.report.build_report", full)
    line = one_line_error(invoke("report", reported), 1, "No space left on device", "report")
    assert "(None)" not in line and str(reported / "report") in line
    assert _page(reported) == before
