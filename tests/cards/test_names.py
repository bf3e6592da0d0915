"""Cards are found by id or by any unambiguous part of their name."""

from __future__ import annotations

import pytest
from avarium.simulator.cards.errors import CardNameError
from avarium.simulator.constants import CardKind


def test_a_name_fragment_finds_the_card_in_any_case(bundled):
    assert bundled.find("raj").id == "kumara_raj"
    assert bundled.find("TOUKA").id == "hatsurugi_touka"
    assert bundled.find("Record-O-Matic").id == "record_o_matic"
    assert bundled.find("record o matic").id == "record_o_matic"


def test_an_exact_id_wins_over_fragments(bundled):
    assert bundled.find("amyba").id == "amyba"


def test_an_ambiguous_fragment_lists_the_candidates(bundled):
    with pytest.raises(CardNameError) as exc:
        bundled.find("a", CardKind.IDOL)
    assert len(exc.value.candidates) > 1
    assert any("kumara_raj" in c for c in exc.value.candidates)


def test_an_unknown_name_suggests_a_close_one(bundled):
    with pytest.raises(CardNameError, match='did you mean "kumara_raj"'):
        bundled.find("kumara_rja")
