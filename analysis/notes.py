"""Library warnings turned into notes for the report, never printed raw on the terminal.

numpy and statsmodels warn on stderr when a fit meets data it cannot use well (an Idol that won
every game it played, pairings that never separate two Idols, an overflow). On a terminal that
is a wall of source lines a designer cannot act on, and the report would still show the
numbers as if nothing happened. Each analysis that can warn runs inside `noted`, which catches
the warnings and keeps one plain sentence per kind of trouble, saying where and what it means;
the report prints them in its summary.
"""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Iterator

from statsmodels.tools.sm_exceptions import (
    ConvergenceWarning,
    HessianInversionWarning,
    PerfectSeparationWarning,
    SingularMatrixWarning,
)

# What each kind of trouble means for the figures, in the designer's words.
MEANINGS: tuple[tuple[type[Warning], str], ...] = (
    (
        PerfectSeparationWarning,
        "an Idol or a seat won all or none of its games, so its estimate runs off to infinity "
        "and its interval means nothing; more games will settle it",
    ),
    (
        SingularMatrixWarning,
        "the pairings played do not separate every Idol from every other, so some estimates "
        "are not determined by the games",
    ),
    (
        ConvergenceWarning,
        "the fit did not converge, so its estimates and intervals are unreliable",
    ),
    (
        HessianInversionWarning,
        "the fit's curvature could not be inverted, so its intervals are unreliable",
    ),
)


def explain(warning: warnings.WarningMessage, where: str) -> str:
    """One sentence for a caught warning: where it happened and what it means."""
    for category, meaning in MEANINGS:
        if issubclass(warning.category, category):
            return f"{where}: {meaning}."
    text = str(warning.message).strip()
    message = text.splitlines()[0] if text else warning.category.__name__
    if issubclass(warning.category, RuntimeWarning):
        return (
            f"{where}: a computation met numbers it could not handle ({message}), so some of "
            "its figures may be infinite or missing."
        )
    return f"{where}: {warning.category.__name__}: {message}."


@contextlib.contextmanager
def noted(notes: list[str], where: str) -> Iterator[None]:
    """Run the block with every warning caught; each distinct one is added to `notes` as a
    sentence naming `where` (for example "seat-and-strength model, 2 players")."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    for warning in caught:
        text = explain(warning, where)
        if text not in notes:
            notes.append(text)
