"""Every reader of a run (report, compare, replay, load_run) checks what each part file holds, as
`simulate` does before resuming a chunk (runner/parts.py): another run's part or a copy
of another part is refused by name even when its manifest entry was edited to match, and a run
being written reads as unfinished, never as one with a stray part."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from avarium.analysis.dataset import DatasetError, load_run
from avarium.runner import manifest
from avarium.runner.runner import run

from tests.hostile_input.helpers import invoke, one_line_error
from tests.simulate.conftest import games_of, small


@pytest.fixture
def finished(reference_run, tmp_path):
    """A private copy of the reference run (4 chunks of 60 games)."""
    out = tmp_path / "run"
    shutil.copytree(reference_run, out)
    return out


@pytest.fixture(scope="module")
def other_run(tmp_path_factory):
    """Another experiment's run of the same shape (another seed)."""
    out = tmp_path_factory.mktemp("other") / "run"
    run(small(seed=12), out, jobs=1)
    return out


def _edit_entries(run_dir: Path, names: list[str], **fields: object) -> None:
    """Edit the manifest entry of each part to match the file now on disk (what a user who
    copied a part in would do to get it past the checksum), and set `fields` too."""
    path = run_dir / manifest.MANIFEST
    doc = json.loads(path.read_text(encoding="utf-8"))
    for name in names:
        part = run_dir / name
        doc["parts"][name] |= {
            "sha256": manifest.file_digest(part),
            "bytes": part.stat().st_size,
        } | fields
    path.write_text(json.dumps(doc), encoding="utf-8")


def _every_reader_refuses(run_dir: Path, *fragments: str) -> None:
    with pytest.raises(DatasetError) as caught:
        load_run(run_dir)
    for fragment in fragments:
        assert fragment in str(caught.value), str(caught.value)
    for command in (
        ["report", run_dir, "--out", run_dir.parent / "page"],
        ["compare", run_dir, run_dir, "--out", run_dir.parent / "cmp"],
        ["replay", run_dir, "--game", 0],
    ):
        result = invoke(*command)
        assert result.exit_code != 0, (command, result.output)
        one_line_error(result, result.exit_code, *fragments)


@pytest.mark.parametrize("folder", ["games", "cards"])
def test_a_part_copied_from_another_run_is_refused_by_every_reader_even_with_its_entry_edited(
    finished, other_run, reference_run, folder
):
    name = f"{folder}/part-00002.parquet"
    shutil.copy(other_run / name, finished / name)
    _edit_entries(finished, [name])
    _every_reader_refuses(finished, f"{name.split('/')[1]}: belongs to another run")
    assert run(small(), finished, jobs=1).games_played == 60  # simulate replays that chunk
    assert games_of(finished).equals(games_of(reference_run))


@pytest.mark.parametrize("edit_the_numbers_too", [False, True])
def test_a_copy_of_another_part_is_refused_by_every_reader_even_with_its_entry_edited(
    finished, reference_run, edit_the_numbers_too
):
    names = [f"{folder}/part-00002.parquet" for folder in ("games", "cards")]
    for name in names:
        shutil.copy(finished / name.replace("00002", "00001"), finished / name)
    numbers = {"chunk": 1, "first_game": 60, "last_game": 119} if edit_the_numbers_too else {}
    _edit_entries(finished, names, **numbers)
    _every_reader_refuses(finished, "part-00002.parquet: holds chunk 1", "a copy of another part")
    assert run(small(), finished, jobs=1).games_played == 60
    assert games_of(finished).equals(games_of(reference_run))


def test_a_copy_of_a_part_not_in_the_manifest_is_refused_not_read_as_a_part_in_flight(finished):
    # the manifest lists chunks 0-2; chunk 3's name holds a copy of chunk 1
    doc = json.loads((finished / manifest.MANIFEST).read_text(encoding="utf-8"))
    for folder in ("games", "cards"):
        del doc["parts"][f"{folder}/part-00003.parquet"]
        shutil.copy(
            finished / folder / "part-00001.parquet", finished / folder / "part-00003.parquet"
        )
    (finished / manifest.MANIFEST).write_text(json.dumps(doc), encoding="utf-8")
    _every_reader_refuses(finished, "part-00003.parquet: holds chunk 1", "not chunk 3")


def test_the_report_on_a_manifest_of_another_run_names_the_manifest_not_a_part(finished, other_run):
    shutil.copy(other_run / manifest.MANIFEST, finished / manifest.MANIFEST)
    _every_reader_refuses(finished, f"{manifest.MANIFEST}: belongs to another run")


def test_a_part_written_before_the_manifest_lists_it_is_read_as_unfinished_never_stray(finished):
    """The state a reader meets while `simulate` writes: a chunk's two files are on disk and the
    manifest, rewritten next, does not list them yet."""
    doc = json.loads((finished / manifest.MANIFEST).read_text(encoding="utf-8"))
    for folder in ("games", "cards"):
        del doc["parts"][f"{folder}/part-00003.parquet"]
    (finished / manifest.MANIFEST).write_text(json.dumps(doc), encoding="utf-8")
    prov = load_run(finished).provenance
    assert prov.incomplete and (prov.games_present, prov.games_planned) == (180, 240)
    out = finished.parent / "page"
    result = invoke("report", finished, "--out", out, "--no-charts")  # its page's text only
    assert result.exit_code == 0, result.output
    assert "stray" not in result.output and "move it out" not in result.output
    assert "Unfinished run</span>: 180 of 240 games" in (out / "index.html").read_text("utf-8")


def test_a_run_read_while_simulate_writes_it_is_never_refused_as_holding_a_stray_part(tmp_path):
    """load_run tried again and again while a run is written, in another thread of this
    process: every try reads the chunks listed so far, or the whole run."""
    import threading

    out = tmp_path / "run"
    exp = small(games=600, chunk_size=30)
    done = threading.Event()
    seen: list[int] = []

    def write() -> None:
        try:
            run(exp, out, jobs=1)
        finally:
            done.set()

    writer = threading.Thread(target=write)
    writer.start()
    while not done.is_set():
        if (out / manifest.MANIFEST).exists() and (out / "games").is_dir():
            try:
                seen.append(load_run(out).provenance.games_present)
            except DatasetError as exc:
                assert "no games data" in str(exc), str(exc)  # before the first chunk
    writer.join()
    assert seen == sorted(seen) and load_run(out).provenance.games_present == 600
