"""The page's explorer as HTML: marks are attributes whose values stay text, the pickers list
what the page marks, and the page's policy allows its one inline script and nothing else."""

from __future__ import annotations

import base64
import hashlib
import re
from html.parser import HTMLParser

import pandas as pd
import pytest
from avarium.reports import explore
from avarium.reports.html import Page, Section, Table

HOSTILE = "\"><script>alert('idol')</script><img src=x onerror=alert(1)> & 'Kitty'"


class Attributes(HTMLParser):
    """Every start tag's attributes, as the browser reads them (entities decoded)."""

    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def page_of(idol: str, *labels: str) -> str:
    """A page of one table of every tier's rows, then one section per card set's label."""
    frame = pd.DataFrame(
        {"players": [2, 2], "idol": [idol, "Amyba"], "tier": ["mcts/40", "heuristic"]}
    )
    sections = [Section("rates", "Rates", tables=[Table("rates", frame, "Rates")])]
    sections += [
        Section(
            f"detail-{n}",
            "Detail",
            tables=[Table(f"detail_{n}", frame, "Detail")],
            marks={"tier": "mcts/40", "cards": label},
        )
        for n, label in enumerate(labels)
    ]
    return Page("Explore", sections).html()


def test_a_hostile_idol_name_and_card_set_label_stay_text_in_data_attributes():
    page = page_of(HOSTILE, HOSTILE, "version 2")
    assert "<script>alert" not in page and "<img src=x" not in page
    parsed = Attributes()
    parsed.feed(page)
    assert [t for t, _ in parsed.tags].count("script") == 1  # the page's own script only
    cards = [a["data-cards"] for _, a in parsed.tags if "data-cards" in a]
    assert cards == [HOSTILE, "version 2"]
    # The card-set picker and the Idol box offer the label and the name as they are, as text.
    listed = [a["value"] for t, a in parsed.tags if t == "option" and "value" in a]
    assert listed.count(HOSTILE) == 2


def test_the_pickers_offer_each_marked_tier_and_card_set_and_the_idols_of_the_tables():
    page = page_of("Hatsurugi Touka", "version 2")  # one card set: nothing to pick
    assert '<select data-pick="tier">' in page
    assert '<option value="mcts/40">mcts/40</option>' in page
    assert '<option value="heuristic">heuristic</option>' in page
    assert '<select data-pick="cards">' not in page
    assert '<option value="Hatsurugi Touka">' in page
    # Each table names the columns a row's tier, player count and Idol are in.
    assert '<table id="T_rates" data-col-tier="2" data-col-players="0" data-col-idol="1">' in page


def test_the_pages_policy_allows_its_own_script_and_loads_nothing():
    page = page_of("Amyba", "version 1")
    script = re.search(r"<script>(.*?)</script>", page, re.S).group(1)
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page).group(1)
    policy = policy.replace("&#39;", "'")
    assert f"script-src 'sha256-{digest}'" in policy
    assert "default-src 'none'" in policy and "img-src data:" in policy


def test_an_element_is_marked_only_by_a_mark_the_pickers_know():
    with pytest.raises(ValueError, match="marks: expected some of tier, cards, players"):
        explore.marks_of({"colour": "red"})
