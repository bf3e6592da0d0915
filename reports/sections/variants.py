"""The Variants section of a sweep or tune-bonus run: each variant's own figures."""

from __future__ import annotations

import pandas as pd
from avarium.reports import charts
from avarium.reports.html import Chart, Section, Table
from avarium.reports.sections.wins import flag_view


def variants_section(t: dict) -> Section | None:
    """Per-variant seat and Idol rates; left out when the run has one variant."""
    if "seat_by_variant" not in t:
        return None
    return Section(
        "variants",
        "Variants",
        [
            "<p>Each variant's own figures: seat and Idol win rates, balance flags (one Holm "
            "family per variant), which variant's seats are closest to fair and, for a sweep "
            "of an Idol's field, which value brings that Idol closest to its fair share. The "
            "variants share their deals, so the probabilities (<code>prob_best</code>) and the "
            "chosen variant's gap (<code>gap</code>, corrected for its having been picked, "
            "with <code>gap_lo</code>-<code>gap_hi</code>) come from a bootstrap that resamples "
            "deals with their games in every variant. <code>worst_gap</code> is as measured."
            "</p>"
        ],
        [
            Chart(
                "seat_by_variant",
                charts.seat_sweep_chart(t["seat_by_variant"]),
                "Seat win rate per variant",
            ),
            Chart(
                "idol_by_variant",
                charts.idol_sweep_chart(t["idol_by_variant"], _bands(t["flags"])),
                "Idol win rate per variant",
            ),
        ],
        [
            Table("fairest_variant", t["fairest_variant"], "Seats closest to fair"),
            *(
                [Table("swept_idol", t["swept_idol"], "The swept Idol closest to its fair share")]
                if len(t.get("swept_idol", ()))
                else []
            ),
            *(
                [
                    Table(
                        "lever_effects",
                        t["lever_effects"],
                        "Each seat lever's change of every seat's win rate, against the same "
                        "bonus vector without it, paired on the same deals",
                    )
                ]
                if "lever_effects" in t
                else []
            ),
            *(
                [
                    Table(
                        "flags_by_variant",
                        t["flags_by_variant"],
                        "Balance flags per variant",
                        t["flags_by_variant"][
                            ["variant", *flag_view(t["flags_by_variant"]).columns]
                        ],
                    )
                ]
                if "flags_by_variant" in t
                else []
            ),
            Table("seat_by_variant", t["seat_by_variant"], "Seat win rate per variant"),
            Table("idol_by_variant", t["idol_by_variant"], "Idol win rate per variant"),
        ],
    )


def _bands(flags: pd.DataFrame) -> dict[int, tuple[float, float]]:
    """The band at each player count, as the flags used it."""
    first = flags.groupby("players")[["band_lo", "band_hi"]].first()
    return {int(p): (float(r.band_lo), float(r.band_hi)) for p, r in first.iterrows()}
