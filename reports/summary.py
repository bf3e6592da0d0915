"""The Summary section: who played, what the run covers, the verdicts, the seat answer, a
sweep's per-variant answers, game length and the notes, in that order."""

from __future__ import annotations

import numpy as np
from avarium.analysis.dataset import Provenance
from avarium.analysis.flags import MIN_IDOL_GAMES
from avarium.analysis.summary import Analysis, headline
from avarium.reports.html import Section, esc
from avarium.reports.tuning import against_band
from avarium.runner.tiers import split_label


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _points(x: float) -> str:
    return f"{x * 100:+.1f} points"


def _games(x: float) -> str:
    return "more than 100 million" if not np.isfinite(x) else f"about {x:,.0f}"


def _completeness(prov: Provenance) -> list[str]:
    """What the summary must say first about the run's files: unfinished, or unverifiable."""
    items = []
    if prov.incomplete:
        items.append(
            f'<li><span class="flag">Unfinished run</span>: {prov.games_present:,} of '
            f"{prov.games_planned:,} games; rerun <code>avarium simulate</code> with the same "
            "experiment to finish it. Every figure below is on the games played so far.</li>"
        )
    if prov.stop is not None:
        items.append(f"<li>{stop_sentence(prov.stop)}</li>")
    if not prov.verified:
        items.append(
            "<li>This run was written before runs recorded their checksums (manifest.json), so "
            "its part files could not be verified.</li>"
        )
    return items


def stop_sentence(stop: dict) -> str:
    """What a run played in rounds until a rule held says of its stop (its stopped.json): by
    the rule, after which round and how many games of its cap, and why; or that the cap came
    first."""
    rule = esc(str(stop.get("rule", "a stopping rule")))
    why = esc(str(stop.get("why", "")))
    games, cap = stop.get("games", 0), stop.get("cap", 0)
    rounds = f"round {stop.get('round', '?')} of {stop.get('rounds', '?')}"
    if stop.get("stopped"):
        return (
            f"<strong>Stopped early by its rule</strong> ({rule}): after {rounds}, at "
            f"{games:,} of the {cap:,} games it could have played, because {why}. Every figure "
            "below is on those games."
        )
    return (
        f"<strong>Played to its cap</strong> of {cap:,} games before its rule ({rule}) was met: "
        f"{why}. Rerun with a larger <code>--games</code> to go on."
    )


def _coverage(analysis: Analysis, facts: dict) -> list[str]:
    """What the summary must say before any verdict: Idols with too few games to be judged,
    Idols of the pool that never played, Idols of the set left out of the pool."""
    items = []
    thin = facts["not_enough"]
    # A run of several variants judges each on its own games (the per-variant lines): the
    # pooled count would not be the population of any verdict on the page's Summary.
    if thin and not facts["variants"]:
        several = analysis.tables["flags"]["players"].nunique() > 1
        named = ", ".join(_thin(f, several) for f in thin)
        items.append(
            f'<li><span class="flag">Not enough games</span> to judge (fewer than '
            f"{MIN_IDOL_GAMES} each; no flag, not in the seat-and-strength model): {named}.</li>"
        )
    if analysis.never_played:
        items.append(
            f'<li><span class="flag">Never played</span>: {_names(analysis.never_played)} '
            f"(in the run's Idol pool, but in none of its games).</li>"
        )
    if analysis.left_out:
        items.append(
            f"<li>Left out of the Idol pool: {_names(analysis.left_out)} (in the card set, not "
            "in this run's experiment): nothing here is about them.</li>"
        )
    return items


def _thin(flag: dict, several_counts: bool) -> str:
    """ "amyba (3 games)", or "amyba (3 games, 4 players)" when the run mixes player counts."""
    games = f"{flag['games']:,} game" + ("" if flag["games"] == 1 else "s")
    players = f", {flag['players']} players" if several_counts else ""
    return f"{esc(flag['idol'])} ({games}{players})"


def _point(label: str) -> str:
    """A variant as the Summary names it: its point, and its tier when it has one
    (`kumara_raj.merit=16 · mcts/20` -> `kumara_raj.merit=16 (tier mcts/20)`)."""
    point, tier = split_label(label)
    return f"<strong>{esc(point)}</strong>" + (f" (tier {esc(tier)})" if tier else "")


def _names(idols: list[str]) -> str:
    return ", ".join(esc(i) for i in idols)


def _who_played(bots: list[str]) -> list[str]:
    """The summary's first line: which bots played, since every verdict below depends on them;
    random play alone is a baseline, never evidence of balance."""
    if not bots:
        return []
    names = ", ".join(f"<code>{esc(b)}</code>" for b in sorted(bots))
    if set(bots) == {"random"}:
        return [
            f'<li><span class="flag">Played by {names} only</span>: random play is a baseline, '
            "not evidence of balance. The verdicts below say how the Idols fare when nobody "
            "plays well; run the same experiment with <code>--strategy heuristic</code> (or "
            "stronger bots) before judging an Idol.</li>"
        ]
    return [
        f"<li>Played by {names}. Every rate below is for these bots: an Idol's verdict can "
        "change with the skill of the players, so check it against stronger bots before "
        "acting on it.</li>"
    ]


def _verdicts(facts: dict, band: tuple[float, float]) -> list[str]:
    """The Idols outside the band, or that none is; the Idols not yet settled."""
    items = []
    if facts["flagged"]:
        for f in facts["flagged"]:
            items.append(
                f'<li><span class="flag">{esc(f["idol"])}</span> is {esc(f["side"])} the band in '
                f"{f['players']}-player games: {_pct(f['rate'])} ({_both(f)}; band "
                f"{_pct(f['band_lo'])}-{_pct(f['band_hi'])}; {f['games']:,} games).</li>"
            )
    elif facts["judged"]:
        among = f" among the {facts['judged']} judged" if facts["not_enough"] else ""
        items.append(
            f"<li>No Idol is outside the band ({_pct(band[0])}-{_pct(band[1])} for two players, "
            f"scaled to the fair share for more){among} after Holm's correction.</li>"
        )
    if facts["unsettled"]:
        worst = max(facts["unsettled"], key=lambda f: f["more_games"])
        names = "; ".join(
            f"{esc(f['idol'])} {_pct(f['rate'])} ({_both(f)})" for f in facts["unsettled"]
        )
        items.append(
            f"<li>Unsettled (the 95% interval is not inside the band, and the Holm interval not "
            f"wholly outside it): {names}. The hardest, {esc(worst['idol'])}, needs "
            f"{_games(worst['more_games'])} more of its games.</li>"
        )
    if facts["inside"]:
        names = ", ".join(esc(f["idol"]) for f in facts["inside"])
        items.append(f"<li>Inside the band (the 95% interval within it): {names}.</li>")
    return items


def _both(f: dict) -> str:
    """Both intervals of a band test, labelled: the 95% one, and Holm's, which decides whether
    the Idol is outside (analysis/flags.py)."""
    return (
        f"95% interval {_pct(f['lo'])}-{_pct(f['hi'])}; Holm interval "
        f"{_pct(f['flag_lo'])}-{_pct(f['flag_hi'])}, which decides"
    )


def _seat_lines(facts: dict) -> list[str]:
    """The seat answer, per player count: every seat's raw win rate with its 95% interval over
    the decided games; the model's even-table figure only where the model fits its games."""
    items = []
    first = {f["players"]: f for f in facts["first_player"]}
    for players, seats in facts["seats"].items():
        rates = "; ".join(
            f"seat {int(r['seat'])} {_pct(r['rate'])} ({_pct(r['lo'])}-{_pct(r['hi'])})"
            for r in seats
        )
        text = (
            f"<li>Seats, {players} players (seat 0 plays first; fair {_pct(1 / players)}, "
            f"{seats[0]['games']:,} decided games): {rates}"
        )
        f = first.get(players, {})
        if "model" in f:
            text += (
                f". With Idol strengths taken out, seat 0 is {_points(f['model'])} "
                f"({_points(f['model_lo'])} to {_points(f['model_hi'])}; the seat model fits "
                f"these games, Pearson dispersion {f['dispersion']:.2f}, intervals widened by "
                "it when above 1)"
            )
        items.append(text + ".</li>")
    return items


def _gap(x: float) -> str:
    """A distance between two rates, in points (a difference, not a share)."""
    return f"{x * 100:.1f} points"


def _against_band(row: dict) -> str:
    """What a recommended point leaves its Idol at against the band (reports/tuning.py says it
    the same way on the terminal)."""
    said = against_band(row).removeprefix("; ")
    if not said:
        return ""
    flag = said.startswith("STILL OUTSIDE")
    said = esc(said[0].upper() + said[1:])
    return f' <span class="flag">{said}.</span>' if flag else f" {said}."


def _variant_lines(facts: dict, band: tuple[float, float]) -> list[str]:
    """A sweep's summary: per variant its own flags, the fairest variant and the swept Idol's
    best value; never a figure pooled over the variants."""
    items = []
    for row in facts["swept"]:
        items.append(
            f"<li>{esc(row['idol'])} ({row['players']} players) is closest to its fair "
            f"{_pct(1 / row['players'])} at <strong>{esc(row['variant'])}</strong>: about "
            f"{_gap(row['gap'])} from it (95% interval {_gap(row['gap_lo'])} to "
            f"{_gap(row['gap_hi'])}, corrected for its being picked), the closest of the values "
            f"tried with probability {row['prob_best']:.0%} (bootstrap over the shared deals)."
            f"{_against_band(row)}</li>"
        )
    for row in facts["fairest"]:
        items.append(
            f"<li>Seats, {row['players']} players: fairest at <strong>{esc(row['variant'])}"
            f"</strong>, worst seat about {_gap(row['gap'])} from fair (95% interval "
            f"{_gap(row['gap_lo'])} to {_gap(row['gap_hi'])}), the fairest tried with "
            f"probability {row['prob_best']:.0%}. Every variant's seats are under Variants.</li>"
        )
    flagged = [
        f"{esc(v)}: "
        + ", ".join(f"{esc(f['idol'])} {esc(f['side'])} ({_pct(f['rate'])})" for f in fs)
        for v, fs in facts["flagged"].items()
        if fs
    ]
    unjudged = facts.get("unjudged", [])
    thin = facts.get("thin", {})
    clean = [
        esc(v) + (f" ({len(thin[v])} Idols with too few games to judge)" if v in thin else "")
        for v, fs in facts["flagged"].items()
        if not fs and v not in unjudged
    ]
    several = len({f["players"] for rows in thin.values() for f in rows}) > 1
    for v, rows in thin.items():
        which = "any Idol" if v in unjudged else "these Idols"
        items.append(
            f'<li><span class="flag">Not enough games</span> to judge {which} at '
            f"{_point(v)} (fewer than {MIN_IDOL_GAMES} games each there; no verdict): "
            f"{', '.join(_thin(f, several) for f in rows)}.</li>"
        )
    if flagged:
        items.append(
            '<li><span class="flag">Outside the band</span>, variant by variant (each its own '
            f"Holm family): {'; '.join(flagged)}.</li>"
        )
    if clean:
        items.append(f"<li>No Idol outside the band at: {', '.join(clean)}.</li>")
    return items


def summary_section(
    analysis: Analysis,
    prov: Provenance,
    bots: list[str] = (),
    tiers: list[str] = (),
    apart: bool = False,
) -> Section:
    """The headline; `tiers` holds the lines about skill tiers (reports/tiers/sections.py), said
    before the verdicts of the one tier the rest of the page details. `apart`: the sections
    below show each of the analysis' variants on its own, never pooled."""
    facts = headline(analysis)
    band = analysis.band
    items = _who_played(list(bots)) + list(tiers) + _completeness(prov)
    items += _coverage(analysis, facts)
    if facts["variants"]:
        # A sweep's variants play other cards or bonuses: pooled verdicts would average them.
        items += _variant_lines(facts["variants"], band)
    else:
        if not tiers:  # a tiered run's verdicts are the tiers' (above), in one Holm family
            items += _verdicts(facts, band)
        items += _seat_lines(facts)
    rounds = {r["players"]: r for r in facts["rounds"]}
    stalled = {s["players"]: s for s in facts["stalled"]}
    for f in facts["length"]:
        r = rounds.get(f["players"])
        s = stalled.get(f["players"], {"games": 0, "share": 0.0})
        items.append(
            f"<li>{f['players']}-player games last a median of {f['median']:.0f} turns"
            + (f" ({r['median']:.0f} rounds)" if r else "")
            + f"; 90% end between {f['q05']:.0f} and {f['q95']:.0f} turns; "
            f"{s['games']:,} stalled at the safety cap ({_pct(s['share'])}): an outcome of "
            "their own, left out of every win rate and of these lengths.</li>"
        )
    if analysis.mirror_games and not analysis.include_mirrors:
        items.append(
            f"<li>{analysis.mirror_games:,} mirror games are left out (--include-mirrors).</li>"
        )
    if len(analysis.variants) > 1 and apart:
        items.append(
            f"<li>The run has {len(analysis.variants)} variants. The figures above are per "
            "variant, and so is every section below: each title names its variant, and "
            "Variants sets them side by side.</li>"
        )
    elif len(analysis.variants) > 1:
        items.append(
            f"<li>The run has {len(analysis.variants)} variants, which share their deals. The "
            "figures above are per variant; the sections below pool them and say so, with "
            "intervals clustered on the deal (pick one variant with --variant).</li>"
        )
    items += [f'<li><span class="note">Note</span>: {esc(n)}</li>' for n in analysis.notes]
    return Section(
        "summary",
        "Summary",
        [f'<ul class="headline">{"".join(items)}</ul>'],
    )
