"""`avarium balance`: search the allowed card changes (and seat bonuses) for the cheapest set
that brings every Idol inside the band, then check the starting and recommended sets at every
tier and write the patch, the before/after page and the candidates log (docs/balance.md).

The workflow is workflows/balance/run.py (the search search.py, its objective
analysis/balance.py, the page reports/balance.py). This module maps flags to its request and
its errors to one line.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer

from avarium.cli.common import Cards, Jobs, Json, Patches, Profiles, Quiet, Seed, Sets, out_option
from avarium.cli.errors import fail, say
from avarium.runner.field_table import given
from avarium.runner.tiers import DEFAULT_TIERS
from avarium.runner.variants import parse_sweep
from avarium.workflows.balance.request import (
    FINALISTS,
    MARGIN,
    MARGIN_MOST,
    OTHERS_WEIGHT,
    BalanceRequest,
)

BalanceOut = out_option(
    "Search directory (default runs/balance); the same command resumes it, another is refused."
)


def balance_command(
    vary: Annotated[
        list[str] | None,
        typer.Option(
            "--vary",
            metavar="CARD.FIELD=FROM..TO",
            help="A number the search may change, with its allowed values (FROM..TO, "
            "FROM..TO..STEP or a comma list), e.g. touka.combat=2..5, coral.wincon.clubs=4..6 "
            "(the number after 'clubs' in the Win-Con), raj.abilities.1.2=1..3 (ability 1's "
            "second number) or bonus.2=0..3 (the second seat's starting bonus); repeatable.",
        ),
    ] = None,
    vary_file: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE", help='A TOML file with a [vary] table: "CARD.FIELD" = "FROM..TO".'
        ),
    ] = None,
    players: Annotated[
        str,
        typer.Option(
            metavar="N[,N...]",
            help="Player count, 2 to 4, or a comma list (2,3,4) that searches every count at "
            "once, each against its own band (0.9-1.1 x 1/N), and checks each.",
        ),
    ] = "2",
    budget: Annotated[
        str,
        typer.Option(
            metavar="GAMES|MINUTES",
            help="Games the search may play (200000), or minutes (20m). A games budget with "
            "the same seed gives the same result whatever --jobs; a minutes budget stops where "
            "the clock says and is the only mode that is not reproducible.",
        ),
    ] = "200000",
    tier: Annotated[
        str,
        typer.Option(
            metavar="BOT[,BOT...]",
            help="The bot every seat plays during the search; a comma list "
            "(heuristic,heuristic.tuned) plays every candidate at each, and the worst Idol "
            "over all of them (and every --players count) decides.",
        ),
    ] = "heuristic.tuned",
    check_tiers: Annotated[
        str,
        typer.Option(
            metavar="TIERS",
            help="Tiers the starting and recommended sets are checked at, on the same deals "
            "as each other (fresh ones, not the search's), weakest first as in simulate "
            "--tiers (the check's report details the last as the strongest), each BOT, "
            "BOT=GAMES or BOT=P%.",
        ),
    ] = ",".join(DEFAULT_TIERS),
    check_games: Annotated[
        int | None,
        typer.Option(
            min=1,
            metavar="N",
            help="Games per set at each checked tier (a tier's own share applies, e.g. "
            "mcts=5%); when not given, as many as each finalist played in the final (the "
            "search's top rung, with --finalists 0).",
        ),
    ] = None,
    field_cost: Annotated[
        float, typer.Option(min=0, help="Objective cost of each field changed.")
    ] = 0.01,
    step_cost: Annotated[
        float, typer.Option(min=0, help="Objective cost of each step a field moves.")
    ] = 0.005,
    margin: Annotated[
        float,
        typer.Option(
            min=0,
            max=MARGIN_MOST,
            help="How far inside each edge of the band the objective aims, as a win rate at "
            "two players (scaled by 2/N at N): room for the noise of the games the winner was "
            "chosen on. 0 aims at the band itself. The verdicts always test the band.",
        ),
    ] = MARGIN,
    others_weight: Annotated[
        float,
        typer.Option(
            min=0,
            max=1,
            help="What each Idol's distance from the aim counts beside the worst one's "
            "(which counts in full): an Idol no allowed change moves can stay the worst, and "
            "this still rewards bringing every other Idol inside. 0: the worst alone.",
        ),
    ] = OTHERS_WEIGHT,
    max_early_wins: Annotated[
        float | None,
        typer.Option(
            min=0,
            max=1,
            metavar="SHARE",
            help="A guard against degenerate play: refuse every candidate in which an Idol "
            "wins more than this share of its games by turn 3 (0.10: 10%), in any condition "
            "searched; the output says which Idol breaks it and by how much.",
        ),
    ] = None,
    turns: Annotated[
        str | None,
        typer.Option(
            metavar="LO-HI",
            help="A guard against degenerate play: refuse every candidate whose median game "
            "lasts fewer than LO or more than HI turns (8-16), every player's turns counted.",
        ),
    ] = None,
    finalists: Annotated[
        int,
        typer.Option(
            min=0,
            max=9,
            metavar="N",
            help="The best N of the top rung play a final on deals no candidate has played, "
            "and the best there is recommended: the games a winner was picked on flatter it. "
            "Its games come out of --budget. 0: no final, the best of the top rung.",
        ),
    ] = FINALISTS,
    hold_unvaried: Annotated[
        bool,
        typer.Option(
            "--hold-unvaried/--no-hold-unvaried",
            help="When every --vary is an Idol's number (or a seat's bonus), an Idol none of "
            "whose numbers may change counts only by how much further out than at the start a "
            "candidate leaves it: one already out that no --vary reaches does not stop the "
            "search bringing the others back. --no-hold-unvaried counts it in full.",
        ),
    ] = True,
    always_search: Annotated[
        bool,
        typer.Option(
            "--always-search",
            help="Search even when the starting set shows no Idol outside the band on the "
            "search's games (without it: no change needed, nothing searched): for a set near "
            "the band that the check, on more games, shows outside. The search aims it inside "
            "by --margin, and says no change needed if nothing beats the start.",
        ),
    ] = False,
    fair_seats: Annotated[
        bool,
        typer.Option(
            "--fair-seats", help="Seat win rates must be inside the band too (vary bonus.K)."
        ),
    ] = False,
    first_rung: Annotated[
        int | None,
        typer.Option(
            min=1,
            metavar="N",
            help="Games every new candidate plays first (when not given, 60 per Idol); each "
            "later rung plays three times as many, for a third of the candidates.",
        ),
    ] = None,
    seed: Seed = None,
    out: BalanceOut = None,
    jobs: Jobs = None,
    path: Cards = None,
    sets: Sets = None,
    patch: Patches = None,
    profiles: Profiles = None,
    quiet: Quiet = False,
    as_json: Json = False,
) -> None:
    """Find the fewest, smallest card changes that bring every Idol inside the band.

    Searches the numbers given with --vary (optuna's TPE proposes candidates; every candidate
    plays the same deals; successive halving gives more games only to those still in
    contention), minimising the worst Idol's distance from the band (aiming --margin inside
    it), plus --others-weight times every other Idol's, plus a cost per field changed and per
    step; an Idol no --vary reaches counts only by
    how much a candidate pushes it further out than the start (--no-hold-unvaried: in full).
    The best --finalists of the top rung then play a final on deals none has played, and the
    best there is recommended. Then plays the starting and the recommended set at every
    checked tier on fresh deals and writes OUT/patch.toml (a --patch file), OUT/report/
    (before and after, how each checked tier plays, each change's effect),
    OUT/candidates.parquet and OUT/balance.json. Says "no change needed" when no Idol of the
    starting set is shown outside the band, and says so when no allowed change brings every
    Idol inside. Refuses every candidate that breaks a guard (--max-early-wins, --turns) and
    says which guard each set breaks, and by how much. Names the Idols whose checked tiers are
    further apart than the band is wide: no change that moves every tier alike can bring those
    inside at all."""
    try:  # read before anything heavy is imported: a range it cannot take is refused at once
        for text in vary or []:
            parse_sweep(text, "--vary")
    except ValueError as exc:
        raise fail(str(exc), 2) from None
    request = BalanceRequest(
        vary=vary or [], vary_file=vary_file, players=players, budget=budget, tier=tier,
        check_tiers=check_tiers, check_games=check_games, field_cost=field_cost,
        step_cost=step_cost, margin=margin, others_weight=others_weight,
        max_early_wins=max_early_wins, turns=turns, finalists=finalists,
        fair_seats=fair_seats, hold_unvaried=hold_unvaried, always_search=always_search,
        first_rung=first_rung, seed=given("seed", seed),
        out=out or Path("runs") / "balance", cards=path,
        sets=sets or [], patches=patch or [], profiles=profiles,
        command="avarium " + shlex.join(sys.argv[1:]),
    )  # fmt: skip
    _balance(request, jobs, quiet or as_json, as_json)


def _balance(request: BalanceRequest, jobs: int | None, quiet: bool, as_json: bool) -> None:
    """Run the workflow and print what it found (with --json as one object); its errors as one
    line: bad input exit code 2, a search that cannot go on 1, Ctrl-C 130."""
    from avarium.cli.common import card_set_failure, jobs_to_use, nameable, print_json, run_errors
    from avarium.cli.progress import Bars
    from avarium.reports.output import OutputError
    from avarium.runner.experiment import ExperimentError
    from avarium.runner.fields import flagged
    from avarium.simulator.cards.errors import CardSetError
    from avarium.workflows.balance import request as asked
    from avarium.workflows.balance import run
    from avarium.workflows.balance.folder import BalanceDirError

    nameable("--out", request.out)
    try:
        with run_errors(request.out / "check", datasets=True):
            result = run.balance(request, jobs_to_use(jobs), Bars(quiet))
    except asked.BalanceInputError as exc:  # it names fields; the command, their flags
        raise fail(flagged(str(exc), asked.FLAGS), 2) from None
    except ExperimentError as exc:
        for line in exc.problems:
            say(line, err=True)
        raise fail(
            "the search's settings do not make an experiment; nothing was played", 2
        ) from None
    except CardSetError as exc:
        raise card_set_failure(exc) from None
    except OutputError as exc:  # a report folder it may not replace: bad input, said early
        raise fail(str(exc), 2) from None
    except (BalanceDirError, asked.BalanceError) as exc:
        raise fail(str(exc)) from None
    except asked.BalanceInterrupted as exc:
        raise fail(str(exc), 130) from None
    if as_json:
        print_json(result.as_dict())
        return
    if result.resumed:
        say(f"resuming the search in {request.out}")
    for line in result.lines():
        say(line)
