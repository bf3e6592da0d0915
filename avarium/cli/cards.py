"""`avarium cards`: check, show, describe and export card sets, and regenerate the card
language's reference (registered in cli/main.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from avarium.cli.common import (
    Cards,
    Json,
    Patches,
    Sets,
    load_cards_or_fail,
    nameable,
    out_option,
    report_problems,
)
from avarium.cli.errors import fail as _fail
from avarium.cli.errors import say
from avarium.simulator.cards.errors import ERROR, CardNameError, CardSetError
from avarium.simulator.constants import CardKind

cards_app = typer.Typer(
    help="Check, show, describe and export card sets.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


PathArg = Annotated[
    Path | None,
    typer.Argument(
        help="The card set, as --cards gives it (either form; --cards is what every other "
        "command takes).",
        show_default=False,
    ),
]
DocsOut = out_option("The file to write the reference to (default docs/card-language.md).", "FILE")


def _kind(value: str | None) -> CardKind | None:
    if value is None:
        return None
    key = value.strip().lower().rstrip("s")
    for kind in CardKind:
        if kind.name.lower() == key:
            return kind
    raise _fail(f'--kind "{value}": expected idol, student or scheme', 2)


def _card_path(path: Path | None, cards: Path | None) -> Path | None:
    """The card set given as the positional PATH or as --cards (the grammar of every other
    command); both at once only when they agree."""
    if path is not None and cards is not None and path != cards:
        raise _fail(
            f"--cards: give the card set once, as PATH or --cards (got {path} and {cards})", 2
        )
    return cards if cards is not None else path


@cards_app.command("validate")
def cards_validate(
    path: PathArg = None,
    cards: Cards = None,
    sets: Sets = None,
    patch: Patches = None,
    as_json: Json = False,
) -> None:
    """Check a card set: every error at once, then its counts and fingerprint."""
    from avarium.simulator.cards.loader import load_cards

    path = _card_path(path, cards)
    try:
        cs = load_cards(path, sets or (), patch or ())
    except CardSetError as exc:
        if as_json:
            say(json.dumps({"ok": False, "problems": [vars(p) for p in exc.problems]}, indent=2))
        report_problems(exc.problems)
        errors = sum(p.severity == ERROR for p in exc.problems)
        raise _fail(f"{errors} error(s) in {path or 'the bundled set'}") from None
    summary = {
        "ok": True,
        "source": cs.source,
        "fingerprint": cs.fingerprint,
        "idols": cs.count(CardKind.IDOL),
        "students": cs.count(CardKind.STUDENT),
        "schemes": cs.count(CardKind.SCHEME),
        "surprises": sum(c.copies for c in cs.schemes if c.surprise),
        "abilities": len(cs.table.ab_card),
        "warnings": [str(w) for w in cs.warnings],
    }
    if as_json:
        say(json.dumps(summary, indent=2))
        return
    report_problems(cs.warnings)
    say(
        f"{cs.source}: OK, {summary['idols']} Idols, {summary['students']} Students, "
        f"{summary['schemes']} Schemes ({summary['surprises']} Surprises), "
        f"{summary['abilities']} abilities, {len(cs.warnings)} warning(s)\n"
        f"fingerprint {cs.fingerprint}"
    )


@cards_app.command("show")
def cards_show(
    path: PathArg = None,
    kind: Annotated[str | None, typer.Option(help="idol, student or scheme.")] = None,
    club: Annotated[str | None, typer.Option(help="Only cards of this club.")] = None,
    cost: Annotated[
        str | None, typer.Option(help="Only this cost, or a range FROM..TO such as 2..4.")
    ] = None,
    cards: Cards = None,
    sets: Sets = None,
    patch: Patches = None,
) -> None:
    """Print the set as readable tables, optionally filtered by kind, club and cost.

    Exit code 1, with a line on stderr, when no card matches the filters."""
    from avarium.simulator.cards.show import table

    wanted = _selection(kind, club, cost)  # bad filters fail before the set is read
    cs = load_cards_or_fail(_card_path(path, cards), sets, patch)
    shown = 0
    for k in CardKind:
        cards = [c for c in cs.of_kind(k) if wanted.matches(c)]
        if cards:
            say(f"\n{k.name.title()}s ({len(cards)})")
            say(table(cards, k))
            shown += len(cards)
    if not shown:
        say(wanted.nothing_matches(), err=True)
        raise typer.Exit(1)


def _selection(kind: str | None, club: str | None, cost: str | None):
    """The cards --kind, --club and --cost ask for; a value that can never match is a usage
    error (exit code 2) rather than an empty table."""
    from avarium.simulator.cards.show import Selection, club_named, cost_range

    try:
        chosen_club = None if club is None else club_named(club)
    except ValueError as exc:
        raise _fail(f"--club {exc}", 2) from None
    try:
        costs = None if cost is None else cost_range(cost)
    except ValueError as exc:
        raise _fail(f"--cost {exc}", 2) from None
    return Selection(_kind(kind), chosen_club, costs)


@cards_app.command("describe")
def cards_describe(
    card: Annotated[str, typer.Argument(help="Card id or any unambiguous part of its name.")],
    path: Cards = None,
    sets: Sets = None,
    patch: Patches = None,
) -> None:
    """Show one card with each ability in canonical form and in plain English."""
    from avarium.simulator.cards.show import describe_card

    cs = load_cards_or_fail(path, sets, patch)
    try:
        say(describe_card(cs.find(card)))
    except CardNameError as exc:
        raise _fail(exc.message) from None


# What to do about a file an export or the reference will not replace (owned.py).
_ELSEWHERE = "Choose another file, or delete that one to write it anew"


@cards_app.command("export")
def cards_export(
    out: Annotated[
        Path,
        typer.Argument(help="The file to write: .toml or .csv, the format its extension names."),
    ],
    path: Cards = None,
    sets: Sets = None,
    patch: Patches = None,
) -> None:
    """Export a card set to one TOML or CSV file (validate reads either back, same fingerprint).

    OUT may be new or an earlier export, unchanged; any other file there is kept and refused."""
    from avarium.simulator.cards.export import FORMATS, export_cards
    from avarium.simulator.owned import ForeignFileError

    if out.suffix.lower() not in FORMATS:
        raise _fail(f'OUT "{out}": expected a file name ending in .toml or .csv', 2)
    cs = load_cards_or_fail(path, sets, patch)
    try:
        export_cards(cs, out)
    except ForeignFileError as exc:
        raise _fail(f"OUT: {exc}. {_ELSEWHERE}", 2) from None
    except OSError as exc:
        raise _fail(f"cannot write {out}: {exc.strerror or exc}") from None
    say(f"wrote {len(cs.cards)} cards to {out} (fingerprint {cs.fingerprint})")


@cards_app.command("docs")
def cards_docs(
    out: DocsOut = None,
) -> None:
    """Regenerate docs/card-language.md from the language's registry.

    The file may be new or a reference written before; any other file there is kept and
    refused."""
    from avarium.simulator.cards.docs import write_reference
    from avarium.simulator.owned import ForeignFileError

    out = Path("docs/card-language.md") if out is None else out
    nameable("--out", out)
    if out.is_dir() or not out.name:
        raise _fail(f'--out "{out}": expected a file to write, e.g. docs/card-language.md', 2)
    try:
        write_reference(out)
    except ForeignFileError as exc:
        raise _fail(f"--out: {exc}. {_ELSEWHERE}", 2) from None
    except OSError as exc:
        raise _fail(f"cannot write {out}: {exc.strerror or exc}") from None
    say(f"wrote {out}")
