"""Same experiment, same dataset: whatever the number of jobs, the backend or the chunk size."""

from __future__ import annotations

import pandas as pd
import pytest
from avarium.runner.experiment_file import load
from avarium.runner.runner import plan, run

from tests.simulate.conftest import cards_of, games_of, small


def test_one_and_two_jobs_give_identical_datasets(reference_run, tmp_path):
    run(small(), tmp_path / "two", jobs=2)
    pd.testing.assert_frame_equal(games_of(tmp_path / "two"), games_of(reference_run))
    pd.testing.assert_frame_equal(cards_of(tmp_path / "two"), cards_of(reference_run))


def test_a_dask_cluster_gives_the_identical_dataset(reference_run, tmp_path):
    distributed = pytest.importorskip(
        "distributed", reason="dask is an optional extra: pip install '.[cluster]'"
    )
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        summary = run(
            small(), tmp_path / "dask", backend="dask", scheduler=cluster.scheduler_address
        )
    assert summary.backend == "dask" and summary.jobs == 2
    pd.testing.assert_frame_equal(games_of(tmp_path / "dask"), games_of(reference_run))
    pd.testing.assert_frame_equal(cards_of(tmp_path / "dask"), cards_of(reference_run))


def test_a_game_does_not_depend_on_the_chunk_it_is_played_in(reference_run, tmp_path):
    run(small(chunk_size=45), tmp_path / "other", jobs=1)
    pd.testing.assert_frame_equal(games_of(tmp_path / "other"), games_of(reference_run))


def test_game_ids_run_on_across_variants_and_no_chunk_spans_two(tmp_path):
    path = tmp_path / "e.toml"
    path.write_text(
        'seed = 3\nchunk_size = 50\nbots = "random"\n[[variant]]\nlabel = "a"\ngames = 70\n'
        '[[variant]]\nlabel = "b"\ngames = 30\nplayers = 3\n',
        encoding="utf-8",
    )
    exp = load(path)
    assert [(c.variant, c.first, c.stop) for c in plan(exp)] == [
        (0, 0, 50),
        (0, 50, 70),
        (1, 70, 100),
    ]
    run(exp, tmp_path / "run", jobs=1)
    df = games_of(tmp_path / "run")
    assert df.groupby("variant")["game_id"].agg(["min", "max"]).to_dict("index") == {
        "a": {"min": 0, "max": 69},
        "b": {"min": 70, "max": 99},
    }
    assert (df.loc[df["variant"] == "b", "players"] == 3).all()


def test_backend_dask_alone_starts_a_local_cluster_with_the_same_dataset(reference_run, tmp_path):
    pytest.importorskip("distributed", reason="dask is an optional extra: pip install '.[cluster]'")
    summary = run(small(), tmp_path / "local", jobs=1, backend="dask")
    assert summary.backend == "dask" and summary.jobs == 1
    pd.testing.assert_frame_equal(games_of(tmp_path / "local"), games_of(reference_run))


def test_game_k_of_every_variant_has_the_same_deal_and_seats(tmp_path):
    path = tmp_path / "e.toml"
    path.write_text(
        'seed = 3\ngames = 40\nplayers = 3\nchunk_size = 25\nbots = "random"\n'
        '[[variant]]\nlabel = "a"\n'
        '[[variant]]\nlabel = "b"\nbonus = [1, 1, 1]\n',
        encoding="utf-8",
    )
    run(load(path), tmp_path / "run", jobs=1)
    df = games_of(tmp_path / "run")
    a, b = (df[df["variant"] == v].reset_index(drop=True) for v in "ab")
    assert (b["game_id"] == a["game_id"] + 40).all()
    for column in ("game_seed", "bot_seed", "seat", "idol"):
        assert (a[column] == b[column]).all(), column
    assert set(b["bonus"]) == {1}
