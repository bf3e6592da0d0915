"""Reading a run: only what is needed, checked, with one clear message per problem."""

from __future__ import annotations

import shutil

import pyarrow.parquet as pq
import pytest
from avarium.analysis.dataset import DatasetError, load_run


def _copy(run, tmp_path):
    target = tmp_path / "run"
    shutil.copytree(run, target)
    return target


def test_a_run_reads_with_categorical_strings_and_its_provenance(planted_run):
    run = load_run(planted_run)
    assert len(run.games) == run.games.groupby("game_id")["players"].first().sum()
    assert set(run.games["players"].unique()) == {2, 3, 4}
    assert run.games["game_id"].nunique() == 20_000
    for column in ("idol", "bot", "reason", "variant"):
        assert run.games[column].dtype == "category"
    assert run.provenance.card_sets == ["synthetic0000"]
    assert run.provenance.seeds == ["5"]
    assert run.provenance.name == "planted"
    assert run.cards["offered"].sum() > 0
    assert run.variants == ["main"]


def test_a_missing_run_directory_names_it(tmp_path):
    with pytest.raises(DatasetError, match="no such run directory"):
        load_run(tmp_path / "nowhere")


def test_a_run_without_games_says_so(tmp_path):
    (tmp_path / "games").mkdir()
    with pytest.raises(DatasetError, match=r"games: no games data"):
        load_run(tmp_path)


def _copy_without_manifest(run, tmp_path):
    """A run written by some other tool: no manifest, so each file's columns are what is
    checked (with a manifest, any change to a part is refused by its checksum first)."""
    target = _copy(run, tmp_path)
    (target / "manifest.json").unlink()
    return target


def test_a_games_file_missing_a_column_is_named_with_the_column(planted_run, tmp_path):
    run = _copy_without_manifest(planted_run, tmp_path)
    path = run / "games" / "part-00002.parquet"
    table = pq.read_table(path)
    pq.write_table(table.drop_columns(["won"]), path)
    with pytest.raises(DatasetError) as info:
        load_run(run)
    assert "part-00002.parquet" in info.value.message and "won" in info.value.message


def test_an_unreadable_parquet_file_is_named(planted_run, tmp_path):
    run = _copy_without_manifest(planted_run, tmp_path)
    (run / "games" / "part-00001.parquet").write_bytes(b"not parquet at all")
    with pytest.raises(DatasetError, match=r"part-00001.parquet: not a readable Parquet file"):
        load_run(run)


def test_an_unknown_variant_lists_the_ones_there_are(planted_run):
    with pytest.raises(DatasetError, match="no variant 'bonus=0,1'; the run has main"):
        load_run(planted_run, "bonus=0,1")


def test_temporary_chunk_files_are_ignored(planted_run, tmp_path):
    run = _copy(planted_run, tmp_path)
    (run / "games" / ".part-00009.parquet.tmp").write_bytes(b"half written")
    (run / "games" / ".part-00009.parquet").write_bytes(b"half written")
    assert load_run(run).games["game_id"].nunique() == 20_000


def test_card_counts_written_before_the_length_band_read_as_unbanded_and_say_so(
    planted_run, tmp_path
):
    """A run written before cards/ recorded each game's length band still reads: the band is -1
    in every row, and the analysis notes that its card impact is not adjusted for length."""
    from avarium.analysis.summary import analyse

    run = _copy_without_manifest(planted_run, tmp_path)
    for path in (run / "cards").glob("part-*.parquet"):
        pq.write_table(pq.read_table(path).drop_columns(["turns_band"]), path)
    data = load_run(run)
    assert (data.cards["turns_band"] == -1).all() and len(data.cards)
    notes = analyse(data.games, data.cards).notes
    assert any("not adjusted for game length" in n for n in notes), notes
    fresh = load_run(planted_run)
    assert not any(
        "not adjusted for game length" in n for n in analyse(fresh.games, fresh.cards).notes
    )
