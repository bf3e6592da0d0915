"""What `avarium balance` writes beside its search: the patch file, the candidates log and the
before/after page (HTML with its tables as CSV).

The page: the recommendation in a sentence, the objective and the budget, every Idol's win rate
with its 95% interval before and after at every checked tier, each change with its effect alone,
and the candidates tried, best first.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd
from avarium.reports.html import Page, Section, Table, esc, facts_table
from avarium.reports.output import write_directory
from avarium.reports.population import Population, card_set_name, population, table_changes
from avarium.reports.tiers import play as tier_play_page
from avarium.simulator import tomlwrite


def patch_text(tables: dict[str, dict[str, object]], note: list[str]) -> str:
    """A patch file (`--patch`) holding the recommended card changes, with `note` as its
    opening comment lines."""
    lines = [f"# {line}" for line in note]
    body = tomlwrite.table_lines(tables)
    return "\n".join(lines + ([""] if body else []) + body).rstrip() + "\n"


def candidates_frame(rows: list[dict]) -> pd.DataFrame:
    """The candidates log: one row per candidate, its values as columns, best first (the
    finalists in the order they placed in the final, then by rung and objective)."""
    frame = pd.DataFrame(rows)
    if frame.empty:
        return frame
    for column in ("final_place", "final_games"):  # whole numbers, missing for the rest
        frame[column] = frame[column].astype("Int64")
    keys = ["final_place", "rung", "objective", "candidate"]
    return frame.sort_values(keys, ascending=[True, False, True, True], na_position="last")


def write_candidates(frame: pd.DataFrame, path: Path) -> None:
    from avarium.simulator.fileio import write_bytes_atomically

    write_bytes_atomically(path, frame.to_parquet(index=False))


def _facts(facts: dict[str, object]) -> str:
    return facts_table([(k, str(v)) for k, v in facts.items()], uuid="facts")


def build_page(
    out: Path,
    headline: str,
    facts: dict[str, object],
    before_after: pd.DataFrame,
    changes: pd.DataFrame,
    effects: pd.DataFrame,
    candidates: pd.DataFrame,
    gaps: pd.DataFrame,
    play: dict[str, pd.DataFrame] | None,
    who: Whose | None = None,
) -> Path:
    """Write the page into `out` (replacing an older page of ours); returns its directory.
    `play` is how each checked tier plays (analysis/tiers/play.py), before and after; None for
    a check at one tier. `who` names whose games each table counts, in its caption and its
    footer, and the page's population above the headline."""
    shown = candidates.drop(columns=["values"], errors="ignore")
    sections = [
        Section(
            "recommendation",
            "Recommendation",
            [
                *([f'<p class="note">{esc(who.line())}</p>'] if who else []),
                '<ul class="headline">'
                + "".join(
                    f"<li>{esc(line)}</li>"
                    for line in headline.splitlines()
                    if not line.startswith("report:")
                )
                + "</ul>",
            ],
            tables=[Table("balance_changes", changes, "The changes recommended")],
        ),
        Section("objective", "Objective and budget", [_facts(facts)]),
        Section(
            "before-after",
            "Every Idol before and after, at every checked tier",
            [
                "<p>Win rates with 95% Wilson intervals; the starting and recommended sets "
                "played on the same deals at every tier.</p>",
                "<p>Tiers apart: each Idol's widest gap between two checked tiers, on the deals "
                "both played, against the band's width. Where it is shown wider (<em>apart</em>; "
                "Holm over every Idol and pair of tiers), no change that moves both tiers alike "
                "can bring the Idol inside at both (docs/balance.md, Tiers apart).</p>",
            ],
            tables=[
                Table("balance_before_after", before_after, "Before and after", max_rows=None),
                Table("balance_tier_gaps", gaps, "Tiers apart: each Idol's widest gap"),
            ],
        ),
    ]
    if play is not None:
        sections.append(_tier_play_section(play))
    sections += [
        Section(
            "effects",
            "Each change alone",
            [
                "<p>The win rate of the Idol a change is about (its own card), with that change "
                "alone and nothing else, at the search's tier; the effect's interval is for "
                "matched pairs, the change alone and the starting set played on the same "
                "deals.</p>"
            ],
            tables=[Table("balance_effects", effects, "Each change alone")],
        ),
        Section(
            "candidates",
            "Candidates tried",
            [
                "<p>Best first, among those that reached the top rung; the full log is "
                "candidates.parquet (and the CSV here).</p>"
            ],
            tables=[Table("balance_candidates", shown, "Candidates")],
        ),
    ]
    if who is not None:
        for section in sections:
            for table in section.tables:
                who.caption(table)
    page = Page("Balance search", sections)
    return write_directory(out, page.files(), kind="balance report")


# Each table of the page by whose games it counts: the search's, the starting and recommended
# sets side by side at every checked tier, or each change alone against the starting set.
_SEARCH = ("balance_changes", "balance_candidates")
_SIDES = ("balance_before_after", "balance_tier_gaps", "tier_play_all", "tier_play")
_ALONE = ("balance_effects",)


@dataclass(frozen=True)
class Whose:
    """Whose games each table of a balance page counts (reports/population.py): the search's
    candidates, the check's two sets side by side, each change alone; `run` names the search's
    folder in every footer."""

    run: str
    search: Population
    sides: Population
    alone: Population

    def of(self, table: str) -> Population | None:
        for names, who in ((_SEARCH, self.search), (_SIDES, self.sides), (_ALONE, self.alone)):
            if table in names:
                return who
        return None

    def caption(self, table: Table) -> None:
        """The table's caption and footer name its population."""
        who = self.of(table.name)
        if who is not None:
            table.caption += f" ({who.heading})"
            table.footer = who.footer(self.run)

    def line(self) -> str:
        """The page's population, above its headline: the starting set, the search's games and
        the check's."""
        search, check = self.search, self.sides
        changed = f" with {', '.join(search.changes)}" if search.changes else ""
        return (
            f"Starting set {search.cards}{changed}. The search at {searched_at(search)}: "
            f"{search.games:,} games, seed {search.seed}. The check on fresh deals, "
            f"{check.title}: {check.games:,} games, seed {check.seed}. Played {check.date}."
        )


def searched_at(search: Population) -> str:
    """Where the search played: each (tier, players), as its population's variants hold them."""
    return "; ".join(search.variants)


def search_population(
    cards: dict, conditions: list[tuple[str, int]], games: int, seed: object, date: str
) -> Population:
    """The search's own games: the starting set (`cards`: the request's cards, sets, patches
    and fingerprint, as a variant's table) and each candidate's changes, at each (tier,
    players) it searched (its `variants`)."""
    where = tuple(f"{tier}, {players} players" for tier, players in conditions)
    return Population(
        variants=where,
        games=games,
        pooled=False,
        card_sets=(card_set_name(cards),),
        changes=tuple(table_changes(cards)),
        bots=tuple(dict.fromkeys(tier for tier, _ in conditions)),
        seed=str(seed),
        date=date,
        title=f"the search at {'; '.join(where)}, each candidate with the changes in its row",
    )


def check_population(
    experiment: dict, games: pd.DataFrame, labels: list[str], date: str, fingerprints, what: str
) -> Population:
    """The check run's games of the variants `labels`, titled `what` and their player count."""
    kept = games[games["variant"].astype(str).isin(labels)]
    tiers = " and ".join(sorted(kept["bot"].astype(str).unique()))
    players = ", ".join(f"{p} players" for p in sorted(kept["players"].unique()))
    title = f"{what} at {tiers}, {players}"
    return population(experiment, kept, labels, date, fingerprints, title=title)


def _tier_play_section(play: dict[str, pd.DataFrame]) -> Section:
    """How each checked tier plays: beside the verdicts, since two tiers that disagree on an
    Idol often play it differently."""
    return Section(
        "tier-play",
        "How each checked tier plays",
        [
            "<p>The starting and the recommended set at every checked tier, on the check's "
            "deals (docs/analysis.md, How each tier plays).</p>",
            tier_play_page.TEXT,
        ],
        tables=tier_play_page.tables(play),
    )


def records_of(frame: pd.DataFrame) -> list[dict]:
    """A table's rows as JSON-ready dicts (numpy numbers as numbers, NaN as null)."""
    import json

    return json.loads(frame.to_json(orient="records"))
