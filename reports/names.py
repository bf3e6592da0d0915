"""What a page calls the cards, and in what order it lists the Idols.

The analyses speak of cards by id (`peppermint_kitty`); a designer reads names (Peppermint
KITTY). The page's tables and charts, and the sentences of its summary, show the name from the
card set the run played. The CSVs keep the id beside it (`idol_id`), so a table still joins with
the run's data. Idols are listed strongest first, by their win rate at that player count, in every
table and chart that lists them.
"""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import pandas as pd

# Columns holding a card id, shown by name; the id moves to the column named <column>_id.
CARD_COLUMNS = ("idol", "opponent", "card")
# How analysis.length writes a pairing of Idols in its `matchup` column.
MATCHUP = " v "
# Columns holding an Idol, listed by win rate.
IDOL_COLUMNS = ("idol", "opponent")


def readable(card_id: str) -> str:
    """A name made from an id when no card set of the run can be read (a run whose card files
    moved, or a synthetic one): `kumara_raj` -> "Kumara Raj"."""
    return " ".join(word.capitalize() for word in str(card_id).split("_"))


def card_names(sets) -> dict[str, str]:
    """Card id -> name over the loaded card sets given (simulator.cards CardSet objects)."""
    names: dict[str, str] = {}
    for card_set in sets:
        for card in (*card_set.idols, *card_set.students, *card_set.schemes):
            names.setdefault(card.id, card.name)
    return names


def win_rate_rank(idol_winrates: pd.DataFrame) -> dict[tuple[int, str], int]:
    """(players, idol id) -> place in the order strongest first; ties keep the id order."""
    rank: dict[tuple[int, str], int] = {}
    if idol_winrates.empty:
        return rank
    ordered = idol_winrates.assign(idol=idol_winrates["idol"].astype(str)).sort_values(
        ["players", "rate", "idol"], ascending=[True, False, True], kind="stable"
    )
    for players, part in ordered.groupby("players", sort=False):
        for place, idol in enumerate(part["idol"]):
            rank[(int(players), idol)] = place
    return rank


def overall_rank(rank: dict[tuple[int, str], int]) -> dict[str, float]:
    """An Idol's place over every player count (its mean place), for tables without players."""
    places: dict[str, list[int]] = {}
    for (_, idol), place in rank.items():
        places.setdefault(idol, []).append(place)
    return {idol: float(np.mean(p)) for idol, p in places.items()}


def ordered(frame: pd.DataFrame, rank: dict[tuple[int, str], int]) -> pd.DataFrame:
    """The rows sorted by player count and then by each Idol column's win-rate place, keeping
    the table's own order within that (a stable sort): Idols strongest first everywhere."""
    columns = [c for c in IDOL_COLUMNS if c in frame.columns]
    if frame.empty or not columns or not rank:
        return frame
    overall = overall_rank(rank)
    keys = {}
    for c in columns:
        ids = frame[c].astype(str)
        if "players" in frame.columns:
            players = frame["players"].astype(int)
            keys[f"__{c}"] = [
                rank.get((p, i), overall.get(i, np.inf)) for p, i in zip(players, ids, strict=True)
            ]
        else:
            keys[f"__{c}"] = [overall.get(i, np.inf) for i in ids]
    by = (["players"] if "players" in frame.columns else []) + list(keys)
    out = frame.assign(**keys).sort_values(by, kind="stable")
    return out.drop(columns=list(keys)).reset_index(drop=True)


def named(frame: pd.DataFrame, names: dict[str, str]) -> pd.DataFrame:
    """Card-id columns shown by name, each id kept in `<column>_id` just after it."""
    if frame.empty:
        return frame
    out = frame.copy()
    for c in CARD_COLUMNS:
        if c not in out.columns:
            continue
        ids = out[c].astype(str)
        at = out.columns.get_loc(c)
        out[c] = [names.get(i) or readable(i) for i in ids]
        out.insert(at + 1, f"{c}_id", ids.to_numpy())
    if "matchup" in out.columns:  # "amyba v kumara_raj" (analysis.length): each side by name
        ids = out["matchup"].astype(str)
        at = out.columns.get_loc("matchup")
        out["matchup"] = [
            MATCHUP.join(names.get(i) or readable(i) for i in m.split(MATCHUP)) for m in ids
        ]
        out.insert(at + 1, "matchup_id", ids.to_numpy())
    return out


def for_page(
    tables: dict[str, pd.DataFrame], names: dict[str, str], rates: pd.DataFrame | None = None
) -> dict[str, pd.DataFrame]:
    """Every table of an analysis as the page shows it: Idols strongest first (by `rates`, else
    the tables' own `idol_winrates`), cards by name."""
    rates = tables.get("idol_winrates", pd.DataFrame()) if rates is None else rates
    rank = win_rate_rank(rates)
    return {key: named(ordered(frame, rank), names) for key, frame in tables.items()}


def tiers_for_page(tiers, analysis, names: dict[str, str]):
    """A tiered run's tier tables as the page shows them: Idols by name, in the order of the
    win rates of the tier the rest of the page details."""
    rates = analysis.tables.get("idol_winrates", pd.DataFrame())
    return dataclasses.replace(tiers, tables=for_page(tiers.tables, names, rates))


def analysis_for_page(analysis, names: dict[str, str]):
    """The analysis with its tables, Idol lists and notes as the page shows them (for_page):
    every card the analysis names by id, named as the card set names it."""
    ids = set(map(str, analysis.never_played)) | set(map(str, analysis.left_out)) | set(names)
    for frame in analysis.tables.values():
        for c in CARD_COLUMNS:
            if c in frame.columns:
                ids |= set(frame[c].astype(str))

    def name(card_id) -> str:
        return names.get(str(card_id)) or readable(card_id)

    return dataclasses.replace(
        analysis,
        tables=for_page(analysis.tables, names),
        never_played=[name(i) for i in analysis.never_played],
        left_out=[name(i) for i in analysis.left_out],
        notes=[in_words(note, ids, name) for note in analysis.notes],
    )


def in_words(text: str, ids, name) -> str:
    """A sentence with every card id in it (a whole word, not part of a field such as
    `kumara_raj.merit`) replaced by the card's name."""
    known = sorted((i for i in ids if i), key=len, reverse=True)  # longest first: no prefixes
    if not known:
        return text
    pattern = re.compile(r"(?<![\w.])(" + "|".join(map(re.escape, known)) + r")(?!\w|\.\w)")
    return pattern.sub(lambda m: name(m.group(1)), text)
