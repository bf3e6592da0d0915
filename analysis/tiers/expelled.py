"""Three and four players: whom the table turns on first, per tier and Idol.

At three and four players many verdicts are decided by which seat the others attack first, and
each tier answers that differently. An Idol's seat is expelled first in a game when its
`expelled_order` is 1; docs/analysis.md ("Expelled first") defines it, ties and all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from avarium.analysis.counts import weight
from avarium.analysis.proportions import wilson

if TYPE_CHECKING:
    from avarium.analysis.tiers.variants import TierVariant

KEYS = ["group", "tier", "order", "players", "idol"]
COLUMNS = [*KEYS, "games", "expelled_first", "share", "lo", "hi"]


def expelled_first(games: pd.DataFrame) -> pd.DataFrame:
    """Per variant, player count (3 or 4) and Idol: the games its seat played, those in which
    it was expelled first (`expelled_order` 1), their share and its 95% Wilson interval.

    `games` is the games table or its row counts (avarium.analysis.counts); two-player games
    are left out (the first one expelled there has lost), so a two-player run gives no rows."""
    keep = (games["players"] >= 3).to_numpy()
    rows = games[keep]
    n = weight(games)[keep]
    first = rows["expelled_order"].to_numpy() == 1
    data = rows[["variant", "players", "idol"]].assign(games=n, expelled_first=n * first)
    out = data.groupby(["variant", "players", "idol"], observed=True).sum().reset_index()
    out = out[out["games"] > 0].reset_index(drop=True)
    out = out.astype({"games": np.int64, "expelled_first": np.int64})
    out["share"] = out["expelled_first"] / out["games"]
    out["lo"], out["hi"] = wilson(out["expelled_first"], out["games"])
    return out


def tier_expelled_first(tiers: list[TierVariant], games: pd.DataFrame) -> pd.DataFrame:
    """`expelled_first` at every tier: per group, tier, player count (3 or 4) and Idol, its
    games, the games it was expelled first, the share and its interval. Empty (with its columns)
    when no tier played three or four players."""
    frames = []
    for t in tiers:
        part = expelled_first(games[games["variant"] == t.label])
        frames.append(
            part.drop(columns="variant").assign(group=t.group, tier=t.tier, order=t.order)
        )
    out = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=COLUMNS)
    out["idol"] = out["idol"].astype(str)
    return out[COLUMNS].sort_values(["group", "players", "idol", "order"]).reset_index(drop=True)
