"""Text from a card file, a flag or a run, made safe for where it goes: a terminal, a spreadsheet,
or int(). Each rule is written once, here, and every writer and reader uses it.

- A terminal runs the escapes it is sent (ESC]0;...BEL retitles the window, ESC[2J clears it)
  and reorders text around bidirectional overrides, so a name is printed through `visible`,
  which shows those characters instead of sending them.
- A spreadsheet runs a cell beginning with =, +, -, @, tab or carriage return as a formula
  (OWASP's CSV injection), so every text cell of a CSV the toolkit writes goes through
  `csv_cell`, which puts a single quote before it, and every reader of such a CSV through
  `csv_text`, which takes the quote off again: a value reads back exactly as it was written.
  A table's cells are also shown as a terminal is sent them (`csv_frame`): only a value with a
  control character, which a checked card file cannot hold, reads back in its visible form.
- int() reads up to 4,300 digits (Python's int_max_str_digits) and then raises a ValueError no
  caller expects, and it takes the digits of every script ("١٨" is 18); `whole_number` reads
  ASCII digits only and refuses a number by its length before converting it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pandas is imported only by the readers and writers of tables
    import pandas as pd

# -- a terminal ------------------------------------------------------------------------------

#: C0 controls (NUL, BEL, ESC, ...), DEL and the C1 controls (CSI is one: 0x9b).
CONTROL = "\x00-\x1f\x7f-\x9f"
#: The bidirectional embeddings, overrides and isolates, and the marks that reorder text.
BIDI = "\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c"
_HIDDEN = re.compile(f"[{CONTROL}{BIDI}]")
_CONTROL = re.compile(f"[{CONTROL}]")


def _shown(m: re.Match) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"<U+{code:04X}>"


def visible(text: object) -> str:
    """The text with every control character and bidirectional control written out: ESC as
    \\x1b, a right-to-left override as <U+202E>. Everything else is left as it is."""
    return _HIDDEN.sub(_shown, str(text))


def visible_lines(text: object) -> str:
    """`visible`, line by line: the line breaks of a message of several lines are kept."""
    return "\n".join(visible(line) for line in str(text).split("\n"))


def first_control(text: str) -> tuple[int, str] | None:
    """The position (from 1) and the visible form of the first control character, or None."""
    m = _CONTROL.search(text)
    return None if m is None else (m.start() + 1, _shown(m))


# -- a spreadsheet ---------------------------------------------------------------------------

#: The first characters that make a spreadsheet read a cell as a formula (OWASP).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# A plain number ("-3", "+0.25", "-1e-05") is a number in every spreadsheet, never a formula;
# leaving it unquoted keeps a negative number a number.
_PLAIN_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def _needs_quote(text: str) -> bool:
    # Text that already starts with quotes before a formula is quoted once more, so that
    # csv_text, taking one quote off, gives back exactly what was written ("'=x" -> "''=x").
    rest = text.lstrip("'")
    return rest[:1] in FORMULA_START and not _PLAIN_NUMBER.fullmatch(rest)


def csv_cell(value: object) -> object:
    """A value as a CSV cell: text a spreadsheet would run gets a leading single quote; numbers
    and other text are left alone."""
    if isinstance(value, str) and _needs_quote(value):
        return "'" + value
    return value


def csv_text(cell: str) -> str:
    """The text a cell written by csv_cell stands for (the quote csv_cell added taken off)."""
    if cell[:1] == "'" and _needs_quote(cell[1:]):
        return cell[1:]
    return cell


def _text_columns(frame: pd.DataFrame) -> list:
    import pandas as pd

    return [c for c in frame.columns if not pd.api.types.is_numeric_dtype(frame[c])]


def _shown_cell(value: object) -> object:
    return csv_cell(visible_lines(value)) if isinstance(value, str) else value


def csv_frame(frame: pd.DataFrame) -> str:
    """A table as CSV text (no index), its text cells and headers shown as a terminal is sent
    them (visible, line by line: a NUL or an ESC would reach whoever reads the file with cat) and
    neutralised by csv_cell. Text with neither reads back exactly as it was."""
    out = frame.copy()
    for column in _text_columns(out):
        out[column] = out[column].map(_shown_cell)
    out.columns = [_shown_cell(c) for c in out.columns]
    return out.to_csv(index=False)


def read_csv_frame(path: Path) -> pd.DataFrame:
    """A table csv_frame wrote, with the values it was written from."""
    import pandas as pd

    frame = pd.read_csv(path)
    for column in _text_columns(frame):
        frame[column] = frame[column].map(lambda v: csv_text(v) if isinstance(v, str) else v)
    frame.columns = [csv_text(c) if isinstance(c, str) else c for c in frame.columns]
    return frame


# -- a number --------------------------------------------------------------------------------

#: The most digits a number may have anywhere the toolkit reads one. The largest it takes (a
#: seed) fits in 64 bits, 20 digits; int() would read up to 4,300 and then raise.
MAX_DIGITS = 30
_WHOLE = re.compile(r"[+-]?[0-9]+")
# The spaces a number may have around it: ASCII whitespace. str.strip() alone also takes the
# four information separators (U+001C-U+001F) off, which int() does not, so "0\x1f" was read.
_SPACES = " \t\n\r\x0b\x0c"


def whole_number(text: str) -> int | None:
    """The whole number `text` writes in ASCII digits (an optional sign, spaces around), or
    None: other text, digits of another script ("١٨", "１８"), or more than MAX_DIGITS digits,
    which is refused by its length before it is converted."""
    text = text.strip(_SPACES)
    if len(text.lstrip("+-")) > MAX_DIGITS or not _WHOLE.fullmatch(text):
        return None
    return int(text)


def described(text: str, limit: int = 60) -> str:
    """Text quoted for a message, or its length when it is too long to repeat ("a number of
    5,000 digits", "text of 1,000 characters")."""
    if len(text) <= limit:
        return f'"{text}"'
    if text.strip().lstrip("+-").isdigit():
        return f"a number of {len(text.strip().lstrip('+-')):,} digits"
    return f'text of {len(text):,} characters ("{visible(text[:limit])}...")'
