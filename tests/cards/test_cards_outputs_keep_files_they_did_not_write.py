"""`cards export` and `cards docs` replace only what they wrote, unchanged since; any other file
at their output (a hand-written card file, notes, an export edited since) is kept byte for byte
and refused with one line, exit code 2 (simulator/owned.py)."""

from __future__ import annotations

import pytest
from avarium.simulator import fileio, owned
from avarium.simulator.cards.docs import UNSTAMPED_START, language_reference
from avarium.simulator.cards.export import export_cards, to_csv, to_toml
from avarium.simulator.cards.loader import load_cards
from avarium.simulator.owned import ForeignFileError
from typer.testing import CliRunner

from avarium.cli.main import app
from tests.conftest import MINI_SET, write

runner = CliRunner()
HAND_WRITTEN = {
    "toml": '[[idol]]\nid = "mine"  # a designer\'s own card file\n',
    "csv": "kind,id\nidol,mine\n",
}


def run(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def refused(result, path) -> bool:
    """One line on stderr naming the path, exit code 2, no traceback."""
    lines = result.stderr.strip().splitlines()
    return (
        result.exit_code == 2
        and len(lines) == 1
        and str(path) in lines[0]
        and "it was kept" in lines[0]
        and "Traceback" not in result.output
    )


@pytest.mark.parametrize("suffix", ["toml", "csv"])
def test_cards_export_keeps_a_file_it_did_not_write(tmp_path, suffix):
    out = tmp_path / f"cards.{suffix}"
    out.write_text(HAND_WRITTEN[suffix], encoding="utf-8")
    result = run("cards", "export", out)
    assert refused(result, out), result.output
    assert out.read_text(encoding="utf-8") == HAND_WRITTEN[suffix]
    assert [p.name for p in tmp_path.iterdir()] == [out.name]  # no temporary file left


@pytest.mark.parametrize("suffix", ["toml", "csv"])
def test_cards_export_replaces_its_own_earlier_export(mini_path, tmp_path, suffix):
    out = tmp_path / f"again.{suffix}"
    assert run("cards", "export", out, "--cards", mini_path).exit_code == 0
    result = run("cards", "export", out)  # the default set, over the mini set's export
    assert result.exit_code == 0, result.output
    assert load_cards(out).fingerprint == load_cards().fingerprint


def test_a_toml_export_edited_since_is_kept(mini_path, tmp_path):
    out = export_cards(load_cards(mini_path), tmp_path / "export.toml")
    edited = out.read_text(encoding="utf-8").replace("merit = 20", "merit = 19")
    assert edited != out.read_text(encoding="utf-8")
    out.write_text(edited, encoding="utf-8")
    assert refused(run("cards", "export", out), out)
    assert out.read_text(encoding="utf-8") == edited


def test_a_csv_export_saved_in_another_form_is_kept(mini_path, tmp_path):
    """A CSV carries no stamp: an export is known by its form, so one a spreadsheet saved again
    (Windows line ends here) is somebody's file."""
    out = export_cards(load_cards(mini_path), tmp_path / "export.csv")
    saved = out.read_bytes().replace(b"\n", b"\r\n")
    out.write_bytes(saved)
    assert refused(run("cards", "export", out), out)
    assert out.read_bytes() == saved


def test_a_stamped_export_loads_back_to_the_same_cards(tmp_path):
    cs = load_cards(write(tmp_path, MINI_SET.replace("merit = 20", "merit = 19"), "mine.toml"))
    for name in ("cards.toml", "cards.csv"):
        again = load_cards(export_cards(cs, tmp_path / name))
        assert [c.record() for c in again.cards] == [c.record() for c in cs.cards]
        assert again.fingerprint == cs.fingerprint
    assert (tmp_path / "cards.toml").read_text(encoding="utf-8") == to_toml(cs)
    assert (tmp_path / "cards.csv").read_text(encoding="utf-8") == to_csv(cs)


def test_a_symbolic_link_at_the_export_is_kept(mini_path, tmp_path):
    target = export_cards(load_cards(mini_path), tmp_path / "real.toml")
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    assert refused(run("cards", "export", link), link)
    assert link.is_symlink()


def test_a_file_written_while_the_export_was_written_is_kept(bundled, tmp_path, monkeypatch):
    """Checked again just before the rename: another process may write there meanwhile."""
    out = tmp_path / "cards.toml"
    real = fileio.write_bytes_atomically

    def meanwhile(path, data, before_replace=None):
        out.write_text("written meanwhile", encoding="utf-8")
        return real(path, data, before_replace)

    monkeypatch.setattr(owned, "write_bytes_atomically", meanwhile)
    with pytest.raises(ForeignFileError, match="it was kept"):
        export_cards(bundled, out)
    assert out.read_text(encoding="utf-8") == "written meanwhile"
    assert [p.name for p in tmp_path.iterdir()] == ["cards.toml"]


def test_cards_docs_keeps_a_file_it_did_not_write(tmp_path):
    out = tmp_path / "card-language.md"
    out.write_text("# My notes on the card language\n", encoding="utf-8")
    assert refused(run("cards", "docs", "--out", out), out)
    assert out.read_text(encoding="utf-8") == "# My notes on the card language\n"


def test_cards_docs_keeps_a_reference_edited_since(tmp_path):
    out = tmp_path / "card-language.md"
    assert run("cards", "docs", "--out", out).exit_code == 0
    edited = out.read_text(encoding="utf-8") + "\nMy own ruling on exhaust.\n"
    out.write_text(edited, encoding="utf-8")
    assert refused(run("cards", "docs", "--out", out), out)
    assert out.read_text(encoding="utf-8") == edited


def test_cards_docs_replaces_its_own_reference_even_one_written_before_the_stamp(tmp_path):
    out = tmp_path / "card-language.md"
    for before in (language_reference(), UNSTAMPED_START.decode() + "an older registry\n"):
        out.write_text(before, encoding="utf-8")
        result = run("cards", "docs", "--out", out)
        assert result.exit_code == 0, result.output
        assert out.read_text(encoding="utf-8") == language_reference()
