"""What a table's columns hold, and how each kind is written on a page.

Every table of a page declares the kind of each of its columns (reports/columns.py): a rate is a
percentage, a difference of rates is in points, a model's estimate is in log-odds, a p-value is
never printed as "0". The format follows from that declaration alone, never from the spelling of
a column's name: "lo" is a percentage in one table and log-odds in another.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pandas as pd

PERCENT = "percent"  # a share, rate or probability in 0..1: 12.3%
POINTS = "points"  # a difference of two rates (0.023): +2.3 pts
LOG_ODDS = "log-odds"  # a model's estimate on the log-odds scale: +0.22
COUNT = "count"  # games, wins, cards: 12,345 (an unbounded estimate: "more than 100M")
P_VALUE = "p-value"  # 0.012, 3.1e-05 ... and "< 0.0001" below that, never 0
NUMBER = "number"  # a measurement such as turns or a placement: 14.3
INTEGER = "integer"  # a small whole number that is a label, not a quantity: players, seat
TEXT = "text"  # names, labels, reasons
FLAG = "flag"  # a yes/no column: "yes" or blank
HIDDEN = "hidden"  # in the CSV only (an id beside its display name)

KINDS = (PERCENT, POINTS, LOG_ODDS, COUNT, P_VALUE, NUMBER, INTEGER, TEXT, FLAG, HIDDEN)

# Below this a p-value is written as "< 0.0001": a smaller figure claims a precision that a
# normal approximation, a bootstrap or a Holm step does not have.
P_FLOOR = 1e-4
MISSING = "—"


def _finite(value) -> bool:
    return not (isinstance(value, float | np.floating) and not math.isfinite(value))


def percent(value) -> str:
    return f"{float(value):.1%}"


def points(value) -> str:
    shown = float(value) * 100
    if abs(shown) < 0.05:  # "+0.0" and "-0.0" both read as a direction; zero has none
        return "0.0 pts"
    return f"{shown:+.1f} pts"


def log_odds(value) -> str:
    shown = float(value)
    return "0.00" if abs(shown) < 0.005 else f"{shown:+.2f}"


def count(value) -> str:
    shown = float(value)
    if math.isinf(shown):  # analysis.flags caps its estimates there
        return "more than 100M"
    return f"{shown:,.0f}"


def p_value(value) -> str:
    shown = float(value)
    if shown < P_FLOOR:
        return f"< {P_FLOOR:g}"
    if shown < 0.001:
        return f"{shown:.1e}"
    return f"{shown:.2g}" if shown < 0.1 else f"{shown:.2f}"


def number(value) -> str:
    shown = float(value)
    if float(shown).is_integer():
        return f"{shown:,.0f}"
    return f"{shown:,.1f}" if abs(shown) >= 10 else f"{shown:.2f}"


def integer(value) -> str:
    return f"{int(value)}"


def text(value) -> str:
    return str(value)


def flag(value) -> str:
    return "yes" if bool(value) else ""


FORMATTERS: dict[str, Callable[[object], str]] = {
    PERCENT: percent,
    POINTS: points,
    LOG_ODDS: log_odds,
    COUNT: count,
    P_VALUE: p_value,
    NUMBER: number,
    INTEGER: integer,
    TEXT: text,
    FLAG: flag,
}


def cell(kind: str, value) -> str:
    """One value written as its declared kind; a missing value as a dash whatever the kind."""
    if (
        value is None
        or value is pd.NA
        or (isinstance(value, float | np.floating) and math.isnan(value))
    ):
        return MISSING
    if not _finite(value) and kind != COUNT:
        return "∞" if float(value) > 0 else "-∞"
    return FORMATTERS[kind](value)


def guessed(dtype) -> str:
    """The kind of a column nobody declared, from its data type alone: whole numbers are counts,
    yes/no is a flag, text is text, and any other number is a plain number (tests/analysis
    checks that every fractional column of the report is declared)."""
    if pd.api.types.is_bool_dtype(dtype):
        return FLAG
    if pd.api.types.is_integer_dtype(dtype):
        return COUNT
    if pd.api.types.is_numeric_dtype(dtype):
        return NUMBER
    return TEXT
