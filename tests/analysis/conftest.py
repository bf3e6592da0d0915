"""Synthetic runs with planted truths, shared by the analysis and report tests."""

from __future__ import annotations

import pytest
from avarium.analysis.synthetic import CardPlan, Plan, synthetic_games, synthetic_run

# Kumara RAJ planted strong, Amyba weak, a first-player edge in every player count, and
# stalls, so that every section of a report has something to show.
PLANTED = Plan(
    players={2: 0.6, 3: 0.2, 4: 0.2},
    strength={"kumara_raj": 0.5, "amyba": -0.4},
    seat_effect={2: (0.2, 0.0), 3: (0.2, 0.1, 0.0), 4: (0.2, 0.1, 0.0, 0.0)},
    stall_rate=0.02,
    turns={"amyba": 6.0},
)
CARDS = CardPlan(effect={"student_01": 0.8, "scheme_01": -0.8})


@pytest.fixture(scope="session")
def planted_games():
    return synthetic_games(40_000, PLANTED, seed=11)


@pytest.fixture(scope="session")
def planted_run(tmp_path_factory):
    path = tmp_path_factory.mktemp("runs") / "planted"
    return synthetic_run(path, 20_000, PLANTED, seed=5, chunk_games=5_000, cards=CARDS)


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    """One headless Chromium for a module's browser tests, each of which loads its own page."""
    from tests.analysis import browser

    chrome = browser.open_browser(tmp_path_factory.mktemp("chromium-profile"))
    yield chrome
    chrome.quit()
