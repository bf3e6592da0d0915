"""A run's report page and a before/after comparison page, analysed and written in one call.

The commands `avarium report` and `avarium compare` (avarium/cli/report.py) are thin layers over
these two functions; the Python API's `Run.report()` calls the first.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from avarium.reports.output import write_directory

# The steps build_report and build_comparison tell their `on_step`, in order.
STEPS = ("loading", "analysing", "charts", "writing")


def _nothing(step: str) -> None:
    """No one is watching the steps."""


def build_report(
    run: Path,
    out: Path | None = None,
    band: tuple[float, float] | None = None,
    include_mirrors: bool = False,
    variant: str | None = None,
    on_step: Callable[[str], None] | None = None,
) -> Path:
    """Analyse a run and write RUN/report/ (or `out`): index.html, charts/, tables/; `band`
    defaults to avarium.analysis.flags.DEFAULT_BAND. `on_step` is told each of STEPS as it
    starts."""
    # The analysis (pandas, statsmodels, scipy: about 2 s to import) is imported when used, so
    # that every other command, `avarium simulate` first, starts without it.
    from avarium.analysis.coverage import pool_of
    from avarium.analysis.dataset import keep_variant, load_run
    from avarium.analysis.flags import DEFAULT_BAND
    from avarium.analysis.summary import analyse
    from avarium.analysis.tiers import analyse_tiers
    from avarium.reports.html import files
    from avarium.reports.report import report_page

    step = on_step or _nothing
    step("loading")
    data = load_run(run, variant, seeds=False)
    band = DEFAULT_BAND if band is None else band
    experiment = data.provenance.experiment
    games, cards = data.games, data.cards
    step("analysing")
    tiers = analyse_tiers(games, experiment, band)
    if tiers is not None and variant is None:
        # The other sections would pool the tiers, mixing levels of play: they detail the
        # strongest tier of every variant instead (another with --variant).
        strongest = [tiers.strongest(group).label for group in tiers.groups]
        games, cards = keep_variant(games, strongest), keep_variant(cards, strongest)
        variant = strongest[0] if len(strongest) == 1 else None
    analysis = analyse(
        games,
        cards,
        band=band,
        include_mirrors=include_mirrors,
        pool=pool_of(experiment, variant),
        set_idols=set_idols(experiment, variant),
    )
    bots = [str(b) for b in data.games["bot"].unique()]
    step("charts")  # the page's sections draw their charts
    page, sections = report_page(analysis, data.provenance, bots, tiers)
    step("writing")
    return write_directory(Path(out) if out else Path(run) / "report", files(page, sections))


def set_idols(experiment: dict, variant: str | None = None) -> list[str] | None:
    """The Idols of the card set(s) the run played, so the summary can name those its pool left
    out: each variant's set loaded again as the experiment recorded it (cards, --set overrides,
    patches), and believed only if it still has the recorded fingerprint. None when a set
    cannot be loaded as it was (a file moved or changed since the run)."""
    from avarium.simulator.cards.errors import CardSetError
    from avarium.simulator.cards.loader import load_cards

    tables = experiment.get("variant")
    if not isinstance(tables, list):
        return None
    idols: list[str] = []
    for table in tables:
        if not isinstance(table, dict) or (variant is not None and table.get("label") != variant):
            continue
        cards = table.get("cards")
        if not isinstance(cards, str) or "card_set" not in table:
            return None
        try:
            loaded = load_cards(
                None if cards == "bundled" else cards,  # run.experiment.BUNDLED
                list(table.get("sets") or ()),
                list(table.get("patches") or ()),
            )
        except (CardSetError, OSError, TypeError):
            return None
        if loaded.fingerprint != table["card_set"]:
            return None
        idols += [c.id for c in loaded.idols if c.id not in idols]
    return idols or None


def build_comparison(
    run_a: Path,
    run_b: Path,
    out: Path | None = None,
    variant: str | None = None,
    on_step: Callable[[str], None] | None = None,
) -> Path:
    """Compare two runs and write the comparison report (default RUN_B/compare-<A's name>/);
    raises CompareError when they play different kinds of games. `on_step` as for
    build_report."""
    from avarium.analysis.compare import comparable, compare_runs
    from avarium.analysis.dataset import load_run
    from avarium.reports.comparison import comparison_page
    from avarium.reports.html import files

    step = on_step or _nothing
    step("loading")
    a, b = load_run(run_a, variant), load_run(run_b, variant)
    # Refused before any statistics: runs of other bots, players, pools or seatings differ in
    # more than the change being judged (avarium.analysis.compare.CompareError).
    comparable(a.games, b.games, a.provenance.experiment, b.provenance.experiment, variant)
    step("analysing")
    result = compare_runs(a.games, b.games)
    step("charts")
    page, sections = comparison_page(a, b, result)
    target = Path(out) if out else Path(run_b) / f"compare-{Path(run_a).resolve().name}"
    step("writing")
    return write_directory(target, files(page, sections), kind="comparison")
