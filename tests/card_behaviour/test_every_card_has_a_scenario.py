"""Every bundled card has a scenario test that asserts what it does (Fireplace's gate)."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent


def test_every_bundled_card_is_named_by_a_scenario_test(bundled):
    names = set()
    for path in HERE.glob("test_*.py"):
        if path.name != Path(__file__).name:
            names |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    missing = [c.id for c in bundled.cards if not any(c.id in n for n in names)]
    assert not missing, f"cards without a scenario test: {missing}"
