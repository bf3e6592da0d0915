"""`compare --sequential`: A and B played round by round on the same deals until every Idol is
decided "changed" or "unchanged by as much as delta", with the error rates it states; the same
decisions for any number of workers; error rates that hold on synthetic paired data."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from avarium.analysis.sequential import (
    CHANGED,
    OPEN,
    UNCHANGED,
    Design,
    advance,
    llr,
    verdicts,
)
from avarium.analysis.synthetic import shared_deal_pairs
from typer.testing import CliRunner

from avarium.cli.main import app

cli = CliRunner()


@pytest.fixture(scope="module")
def experiment_a(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("exp") / "a.toml"
    path.write_text(
        'seed = 5\ngames = 6000\nchunk_size = 250\nbots = "random"\nidols = "touka,raj,coral"\n',
        encoding="utf-8",
    )
    return path


def compare(*args: str) -> dict:
    result = cli.invoke(app, ["compare", "--sequential", "-q", "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_planted_large_change_is_called_changed_and_the_comparison_stops_early(
    experiment_a, tmp_path
):
    facts = compare(
        str(experiment_a), "--set", "raj.merit=40", "-o", str(tmp_path / "c"), "-j", "1"
    )
    assert facts["stopped"] and facts["games_per_side"] < facts["cap_per_side"] == 6000
    raj = next(r for r in facts["idols"] if r["idol"] == "kumara_raj")
    assert (raj["verdict"], raj["direction"]) == (CHANGED, "up")
    # the stated design is in the output and in the file beside the two runs
    assert facts["design"]["alpha"] == 0.05 and facts["design"]["family"] == 3
    assert facts["design"]["alpha_each"] == pytest.approx(0.05 / 3)
    assert json.loads((tmp_path / "c" / "sequential.json").read_text())["idols"] == facts["idols"]
    assert (tmp_path / "c" / "a" / "stopped.json").exists()


def test_two_identical_sides_are_called_unchanged(experiment_a, tmp_path):
    facts = compare(str(experiment_a), str(experiment_a), "-o", str(tmp_path / "c"), "-j", "1")
    assert {r["verdict"] for r in facts["idols"]} == {UNCHANGED}
    assert all(r["diff"] == 0 for r in facts["idols"])
    assert facts["games_per_side"] < facts["cap_per_side"]


def test_the_same_seed_reaches_the_same_decisions_with_one_worker_or_two(experiment_a, tmp_path):
    args = [str(experiment_a), "--set", "coral.merit=22", "--delta", "0.1"]
    one = compare(*args, "-o", str(tmp_path / "one"), "-j", "1")
    two = compare(*args, "-o", str(tmp_path / "two"), "-j", "2")
    keep = ("round", "games_per_side", "fixed_size_games_per_side")
    assert {k: one[k] for k in keep} == {k: two[k] for k in keep}
    assert one["idols"] == two["idols"]


# -- the error rates, on synthetic paired data ----------------------------------------------------

PAIRS = (100, 200, 300, 450, 700, 1000, 1500, 2300, 3500, 5000)  # a fixed schedule of looks
EXPERIMENTS = 2000
# 3 binomial standard errors of a rate near 5-10% over 2000 simulated experiments.
TOLERANCE = 3 * np.sqrt(0.1 * 0.9 / EXPERIMENTS)


def simulated_verdicts(rate_a, rate_b, design, shared, seed=0) -> np.ndarray:
    """The test's verdict in each of EXPERIMENTS simulated paired experiments."""
    rng = np.random.default_rng(seed)
    draws = [shared_deal_pairs(rate_a, rate_b, PAIRS[-1], rng, shared) for _ in range(EXPERIMENTS)]
    wa, wb = np.array([d[0] for d in draws]), np.array([d[1] for d in draws])
    up = down = np.full(EXPERIMENTS, OPEN)
    for n in PAIRS:
        only_a = (wa[:, :n] & ~wb[:, :n]).sum(axis=1)
        only_b = (~wa[:, :n] & wb[:, :n]).sum(axis=1)
        up, down = advance(up, down, *llr(only_a, only_b, n, design.delta), True, design)
    return verdicts(up, down, last=True)


@pytest.mark.parametrize(
    ("rate", "shared", "family"), [(0.5, 0.6, 1), (0.25, 0.6, 1), (0.5, 0.0, 1), (0.5, 0.6, 8)]
)
def test_an_unchanged_idol_is_called_changed_at_most_alpha_each_of_the_time(rate, shared, family):
    design = Design(delta=0.06, alpha=0.05, beta=0.1, family=family)
    called = simulated_verdicts(rate, rate, design, shared) == CHANGED
    assert called.mean() <= design.alpha_each + TOLERANCE


@pytest.mark.parametrize(
    ("rate", "shared", "sign"), [(0.5, 0.6, 1), (0.25, 0.6, -1), (0.5, 0.0, 1)]
)
def test_an_idol_moved_by_delta_is_called_unchanged_at_most_beta_of_the_time(rate, shared, sign):
    design = Design(delta=0.06, alpha=0.05, beta=0.1, family=1)
    verdict = simulated_verdicts(rate, rate + sign * design.delta, design, shared)
    assert (verdict == UNCHANGED).mean() <= design.beta + TOLERANCE


def test_a_bigger_change_is_decided_with_fewer_pairs_than_a_fixed_size_test_needs():
    import pandas as pd
    from avarium.analysis.sequential import fixed_pairs

    design = Design(delta=0.06, alpha=0.05, beta=0.1)
    rng = np.random.default_rng(1)
    wa, wb = shared_deal_pairs(0.5, 0.7, 5000, rng)
    for n in PAIRS:
        only_a, only_b = int((wa[:n] & ~wb[:n]).sum()), int((~wa[:n] & wb[:n]).sum())
        up, down = advance(
            np.array([OPEN]), np.array([OPEN]), *llr(only_a, only_b, n, 0.06), True, design
        )
        if verdicts(up, down, False)[0] != OPEN:
            break
    table = pd.DataFrame({"games": [n], "only_a": [only_a], "only_b": [only_b]})
    assert verdicts(up, down, False)[0] == CHANGED
    assert n < fixed_pairs(table, design)[0]


# -- bad flags ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--sequential", "A", "--set", "raj.merit=30", "--delta", "0"], "--delta"),
        (["--sequential", "A", "--set", "raj.merit=30", "--alpha", "0.7"], "--alpha"),
        (["--sequential", "A", "--set", "raj.merit=30", "--beta", "-1"], "--beta"),
        (["--sequential", "A"], "--patch"),
        (["A", "B", "--set", "raj.merit=30"], "--set"),
        (["A"], "RUN_B"),
    ],
)
def test_a_bad_sequential_flag_is_one_line_naming_it(experiment_a, tmp_path, args, named):
    args = [str(experiment_a) if a == "A" else a for a in args]
    result = cli.invoke(app, ["compare", *args, "-o", str(tmp_path / "c")])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {named}"), lines
    assert not (tmp_path / "c").exists()


def test_the_help_says_how_to_stop_early():
    simulate = cli.invoke(app, ["simulate", "--help"], terminal_width=200)
    assert "--precision" in simulate.output and "--until" in simulate.output
    compared = cli.invoke(app, ["compare", "--help"], terminal_width=200)
    for flag in ("--sequential", "--delta", "--alpha", "--beta", "--max-games", "--patch"):
        assert flag in compared.output


class Killed(Exception):
    pass


def test_a_killed_sequential_comparison_resumes_to_the_same_decisions(experiment_a, tmp_path):
    from avarium.workflows.sides import sides
    from avarium.workflows.until import run_together

    args = [str(experiment_a), "--set", "coral.merit=22", "--delta", "0.1", "-j", "1"]
    whole = compare(*args, "-o", str(tmp_path / "whole"))
    a, b = sides(experiment_a, None, ["coral.merit=22"], [], {})

    def kill_after_three_chunks(progress):
        if progress.chunk is not None:
            kill_after_three_chunks.seen += 1
            if kill_after_three_chunks.seen == 3:
                raise Killed

    kill_after_three_chunks.seen = 0
    out = tmp_path / "killed"
    with pytest.raises(Killed):
        run_together(
            [(a, out / "a"), (b, out / "b")], lambda look: (False, ""), "x",
            on_progress=kill_after_three_chunks,
        )  # fmt: skip
    resumed = compare(*args, "-o", str(out))
    assert (resumed["round"], resumed["games_per_side"]) == (
        whole["round"],
        whole["games_per_side"],
    )
    assert resumed["idols"] == whole["idols"]


def test_the_two_sides_are_ordinary_runs_that_compare_reads(experiment_a, tmp_path):
    facts = compare(
        str(experiment_a), "--set", "raj.merit=40", "-o", str(tmp_path / "c"), "-j", "1"
    )
    page = cli.invoke(app, ["compare", *facts["runs"], "-o", str(tmp_path / "page"), "--json"])
    assert page.exit_code == 0, page.output
    shown = json.loads(page.stdout)
    raj = [r for r in shown["idols_changed"] if r["idol"] == "Kumara RAJ"]
    assert raj and raj[0]["diff"] > 0


def test_each_skill_tier_is_its_own_test_of_every_idol(tmp_path):
    # A tiered experiment's tiers are variants with the same Idols: each (tier, Idol) is
    # decided on its own, and a tier whose Idols first play in a later round joins then.
    path = tmp_path / "tiers.toml"
    path.write_text(
        'seed = 3\ngames = 1120\nidols = "touka,raj"\ntiers = ["random", "heuristic=5%"]\n',
        encoding="utf-8",
    )
    facts = compare(str(path), "--set", "kumara_raj.merit=19", "-j", "1", "-o", str(tmp_path / "s"))
    assert facts["rounds"] > 1
    rows = {(r["variant"], r["idol"]) for r in facts["idols"]}
    assert rows == {(t, i) for t in ("random", "heuristic.balanced")
                    for i in ("hatsurugi_touka", "kumara_raj")}  # fmt: skip


def test_a_smaller_delta_never_needs_fewer_fixed_size_pairs():
    # The t-test solver gives up on tiny effects; the fixed size must still grow, not fall back
    # to the minimum.
    import pandas as pd
    from avarium.analysis.sequential import fixed_pairs

    table = pd.DataFrame({"games": [100], "only_a": [10], "only_b": [12]})
    needs = [fixed_pairs(table, Design(d, 0.05, 0.1, 8))[0] for d in (0.03, 1e-3, 1e-9)]
    assert needs == sorted(needs) and needs[-1] > 1e15


def test_an_out_holding_someone_elses_files_is_refused_and_kept(experiment_a, tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "sequential.json").write_text("precious\n")
    result = cli.invoke(
        app, ["compare", "--sequential", str(experiment_a), "--set", "raj.merit=3", "-o", str(out)]
    )
    assert result.exit_code == 2, result.output
    assert "which no sequential comparison wrote; nothing was changed" in result.output
    assert (out / "sequential.json").read_text() == "precious\n" and not (out / "a").exists()
