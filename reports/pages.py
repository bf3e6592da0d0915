"""A run's report page and a before/after comparison page, analysed and written in one call.

The commands `avarium report` and `avarium compare` (avarium/cli/report.py) are thin layers over
these two functions; the Python API's `Run.report()` calls the first.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from avarium.reports.output import check_target, write_directory

# The steps build_report and build_comparison tell their `on_step`, in order; a report written
# without charts has no charts step (report_steps).
STEPS = ("loading", "analysing", "charts", "writing")
# The most variants (versions of the cards, each at its strongest tier) a report details one by
# one; a tiered sweep of more points pools their strongest tiers, and says so in every title
# (each point's own figures are under Variants).
MOST_APART = 4
# The most tiers, every variant's counted, whose sections a report details: each tier past the
# strongest adds every section again (a tier the page's picker shows on its own), and a run of
# more tiers than this details its strongest only (the others with --variant).
MOST_DETAILED = 12


def report_steps(charts: bool = True) -> tuple[str, ...]:
    """The steps build_report tells its `on_step` with `charts` as given."""
    return STEPS if charts else tuple(s for s in STEPS if s != "charts")


def _nothing(step: str) -> None:
    """No one is watching the steps."""


def build_report(
    run: Path,
    out: Path | None = None,
    band: tuple[float, float] | None = None,
    include_mirrors: bool = False,
    variant: str | None = None,
    on_step: Callable[[str], None] | None = None,
    charts: bool = True,
) -> Path:
    """Analyse a run and write RUN/report/ (or `out`): index.html, charts/, tables/; `band`
    defaults to avarium.analysis.flags.DEFAULT_BAND. `on_step` is told each of
    report_steps(charts) as it starts. With `charts` False no chart is drawn, nor its figure
    built: the page and tables/ alone, the same tables and headline (a rerun replaces the whole
    folder, so no chart of an earlier page stays)."""
    # The analysis (pandas, statsmodels, scipy: about 2 s to import) is imported when used, so
    # that every other command, `avarium simulate` first, starts without it.
    from avarium.analysis.coverage import pool_of
    from avarium.analysis.dataset import keep_variant, kept_turns, load_run
    from avarium.analysis.early_wins import game_health
    from avarium.analysis.flags import DEFAULT_BAND
    from avarium.analysis.game_health import lead_metrics
    from avarium.analysis.summary import analyse
    from avarium.analysis.tiers.analyse import analyse_tiers
    from avarium.reports.population import population
    from avarium.reports.report import report_page
    from avarium.reports.tiers.targeting import twins

    target = Path(out) if out else Path(run) / "report"
    check_target(target)  # a refused --out is said before the analysis, not after it
    step = on_step or _nothing
    step("loading")
    data = load_run(run, variant, seeds=False, play=None)  # how each tier plays, if tiered
    band = DEFAULT_BAND if band is None else band
    experiment = data.provenance.experiment
    games, cards = data.games, data.cards
    date, fingerprints = run_date(Path(run)), data.provenance.card_sets_by_variant
    step("analysing")
    health = game_health(data.games)  # every tier's games, not only the tier detailed below
    turns = kept_turns(Path(run))  # how the lead moved, when the run kept its turns
    if turns is not None:
        health["lead_metrics"] = lead_metrics(data.games, turns)
    tiers = analyse_tiers(games, experiment, band, twins(experiment))
    sides = {}
    for group in tiers.groups if tiers is not None else ():
        labels = [t.label for t in tiers.tiers if t.group == group]
        title = ("every tier" if group == "main" else f"{group}, every tier") + " side by side"
        kept = keep_variant(games, labels)
        sides[group] = population(experiment, kept, labels, date, fingerprints, title)
    asked = variant  # a tier the command picked: the page details that one alone
    shown = [[variant]] if variant is not None else [list(map(str, games["variant"].unique()))]
    if tiers is not None and variant is None:
        # The other sections would pool the tiers, mixing levels of play: they detail the
        # strongest tier of every variant instead, each apart (another tier with --variant).
        strongest = [tiers.strongest(group).label for group in tiers.groups]
        shown = [[s] for s in strongest] if len(strongest) <= MOST_APART else [strongest]
        games, cards = keep_variant(games, strongest), keep_variant(cards, strongest)
        variant = strongest[0] if len(strongest) == 1 else None
    options = {"band": band, "include_mirrors": include_mirrors}

    def analysed(games, cards, variant):
        pool, idols = pool_of(experiment, variant), set_idols(experiment, variant)
        return analyse(games, cards, **options, pool=pool, set_idols=idols)

    analysis = analysed(games, cards, variant)
    tier_of = {t.label: t for t in tiers.tiers} if tiers is not None else {}

    def who(games, labels):
        kept, one = keep_variant(games, labels), tier_of.get(labels[0])
        marks = {"tier": one.tier, "group": one.group} if one and len(labels) == 1 else {}
        return population(experiment, kept, labels, date, fingerprints, **marks)

    detail, more = [], []
    for labels in shown:
        part = analysis
        if len(shown) > 1:
            part = analysed(keep_variant(games, labels), keep_variant(cards, labels), labels[0])
        detail.append((part, who(games, labels)))
    apart = len(shown) == len(tiers.groups) if tiers is not None else False
    if asked is None and apart and len(tier_of) <= MOST_DETAILED:
        # Every other tier of each variant, strongest first, for the page's tier picker.
        detailed = {labels[0] for labels in shown}
        weaker = sorted(tiers.tiers, key=lambda t: (tiers.groups.index(t.group), -t.order))
        for t in (t for t in weaker if t.label not in detailed):
            mine = keep_variant(data.games, [t.label])
            part = analysed(mine, keep_variant(data.cards, [t.label]), t.label)
            more.append((part, who(data.games, [t.label])))
    # Variants detailed one at a time are still compared with each other, in one section.
    compared = who(games, [labels[0] for labels in shown]) if len(shown) > 1 else None
    bots = sorted(str(b) for b in data.games["bot"].unique())
    names = display_names(experiment, data.provenance.card_sets, variant)
    prov = data.provenance
    played = int((data.games["seat"] == 0).sum())  # every game of the run, every tier
    footer = chart_footer(prov.name, prov.card_sets, bots, played, date, ", ".join(prov.seeds))
    if charts:
        step("charts")  # the page's sections draw their charts
    page = report_page(
        analysis, prov, bots, names, footer, tiers, detail, sides, health, more, compared, charts
    )
    step("writing")
    return write_directory(target, page.files())


def run_date(run: Path) -> str:
    """The day the run's games were last written (its newest part file), as YYYY-MM-DD: runs
    record no date, and a report made later must still date its charts by the games."""
    import datetime

    parts = [p for folder in ("games", "cards") for p in (Path(run) / folder).glob("*.parquet")]
    if not parts:
        return "date not recorded"
    newest = max(p.stat().st_mtime for p in parts)
    return datetime.datetime.fromtimestamp(newest, datetime.UTC).strftime("%Y-%m-%d")


def chart_footer(
    name: str, sets: list[str], bots: list[str], games: int, date: str, seed: str = ""
) -> str:
    """The line every chart carries, so a chart pasted elsewhere keeps its context: which cards
    (the set's fingerprint), which bots, how many games, the run's seed (when given), when."""
    if not sets:
        cards = "card set not recorded"
    elif len(sets) == 1:
        cards = f"card set {sets[0]}"
    else:
        cards = f"{len(sets)} card sets ({sets[0]} ... {sets[-1]})"
    return (
        f"Avarium Balance Lab · {name} · {cards} · bots: {', '.join(bots) or 'not recorded'}"
        f" · {games:,} games" + (f" · seed {seed}" if seed else "") + f" · played {date}"
    )


def _loaded_sets(experiment: dict, variant: str | None = None):
    """Each variant's card set loaded again as the experiment recorded it (cards, --set
    overrides, patches), believed only if it still has the recorded fingerprint; None when one
    cannot be loaded as it was (a file moved or changed since the run)."""
    from avarium.simulator.cards.errors import CardSetError
    from avarium.simulator.cards.loader import load_cards

    tables = experiment.get("variant")
    if not isinstance(tables, list):
        return None
    sets = []
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
        sets.append(loaded)
    return sets


def display_names(experiment: dict, card_sets: list[str], variant: str | None = None):
    """Card id -> name from the card set(s) the run played (reports/names.py): the sets its
    experiment records, else the bundled set when the run's fingerprint says it played that.
    Cards of a set that cannot be read again get a name made from their id."""
    from avarium.reports.names import card_names
    from avarium.simulator.cards.errors import CardSetError
    from avarium.simulator.cards.loader import load_cards

    sets = _loaded_sets(experiment, variant)
    if not sets:
        try:
            bundled = load_cards(None, [], [])
        except (CardSetError, OSError):
            return {}
        sets = [bundled] if bundled.fingerprint in card_sets else []
    return card_names(sets)


def set_idols(experiment: dict, variant: str | None = None) -> list[str] | None:
    """The Idols of the card set(s) the run played, so the summary can name those its pool left
    out (_loaded_sets); None when a set cannot be loaded as it was."""
    sets = _loaded_sets(experiment, variant)
    if not sets:
        return None
    idols: list[str] = []
    for loaded in sets:
        idols += [c.id for c in loaded.idols if c.id not in idols]
    return idols or None


def build_comparison(
    run_a: Path,
    run_b: Path,
    out: Path | None = None,
    variant: str | None = None,
    on_step: Callable[[str], None] | None = None,
    pool_tiers: bool = False,
) -> Path:
    """Compare two runs and write the comparison report (default RUN_B/compare-<A's name>/);
    raises CompareError when they play different kinds of games. Two tiered runs are compared
    tier by tier, or with `pool_tiers` every tier's games together (and the page says so).
    `on_step` as for build_report."""
    from avarium.analysis.compare import comparable, compare_runs
    from avarium.analysis.dataset import load_run
    from avarium.analysis.tiers.compared import pooled_sentence, tier_names
    from avarium.reports.card_changes import changed_cards
    from avarium.reports.comparison import comparison_page

    target = Path(out) if out else Path(run_b) / f"compare-{Path(run_a).resolve().name}"
    check_target(target)  # as in build_report
    step = on_step or _nothing
    step("loading")
    a, b = load_run(run_a, variant), load_run(run_b, variant)
    # Refused before any statistics: runs of other bots, players, pools or seatings differ in
    # more than the change being judged (avarium.analysis.compare.CompareError).
    comparable(a.games, b.games, a.provenance.experiment, b.provenance.experiment, variant)
    step("analysing")
    tiers = tier_names(a.provenance.experiment, b.provenance.experiment)
    result = compare_runs(a.games, b.games, tiers=None if pool_tiers else tiers)
    if tiers:
        result |= {"tiers": list(dict.fromkeys(tiers.values()))}
        result |= {"pooled": pooled_sentence(tiers)} if pool_tiers else {}
    cards, card_notes = changed_cards(
        a.provenance.experiment, b.provenance.experiment, variant, _loaded_sets
    )
    names = display_names(a.provenance.experiment, a.provenance.card_sets, variant)
    names |= display_names(b.provenance.experiment, b.provenance.card_sets, variant)
    bots = sorted({str(x) for run in (a, b) for x in run.games["bot"].unique()})
    games = sum(int((run.games["seat"] == 0).sum()) for run in (a, b))
    footer = chart_footer(
        f"{a.provenance.name} (A) against {b.provenance.name} (B)",
        list(dict.fromkeys(a.provenance.card_sets + b.provenance.card_sets)),
        bots,
        games,
        f"{run_date(Path(run_a))} (A) and {run_date(Path(run_b))} (B)",
        f"{', '.join(a.provenance.seeds)} (A), {', '.join(b.provenance.seeds)} (B)",
    )
    step("charts")
    page = comparison_page(a, b, result, names, footer, cards, tuple(card_notes))
    step("writing")
    return write_directory(target, page.files(), kind="comparison")
