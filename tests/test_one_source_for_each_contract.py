"""Every contract has one source: the dataset's columns (simulator/schema.py), the win reasons,
the default bonuses and the stall cap (simulator/constants.py). Each user is checked against it."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.parquet as pq
from avarium.analysis import dataset as reader
from avarium.analysis import synthetic
from avarium.runner import dataset as writer
from avarium.simulator import schema
from avarium.simulator.constants import DEFAULT_BONUSES, MAX_TURNS, REASON_NAMES
from avarium.simulator.engine import layout as L
from avarium.simulator.game.api import Rules


def _plain(t: pa.DataType) -> str:
    """A type without a dictionary's index width (pandas picks its own when it writes)."""
    return f"dictionary<{t.value_type}>" if pa.types.is_dictionary(t) else str(t)


def test_the_writer_writes_the_schema_columns_in_their_types():
    written = (("games", writer.GAMES_SCHEMA), ("cards", writer.CARDS_SCHEMA))
    for table, arrow in (*written, ("turns", writer.TURNS_SCHEMA)):
        columns = schema.TABLES[table]
        assert arrow.names == [c.name for c in columns]
        for c in columns:
            expected = "dictionary<string>" if c.type == schema.NAME else c.type
            assert _plain(arrow.field(c.name).type) == expected, c.name


def test_the_reader_reads_the_analysed_columns_of_the_schema():
    assert list(reader.GAMES_COLUMNS) == [c.name for c in schema.GAMES if c.analysed]
    assert list(reader.CARDS_COLUMNS) == [c.name for c in schema.CARDS if c.analysed]
    assert list(reader.TURNS_COLUMNS) == [c.name for c in schema.TURNS if c.analysed]


def test_synthetic_runs_are_written_in_the_writers_schema(tmp_path):
    run = synthetic.synthetic_run(tmp_path / "s", 200, synthetic.Plan(), seed=1)
    for table, arrow in (("games", writer.GAMES_SCHEMA), ("cards", writer.CARDS_SCHEMA)):
        written = pq.read_schema(next((run / table).glob("part-*.parquet")))
        assert written.names == arrow.names, table
        for name in arrow.names:
            assert _plain(written.field(name).type) == _plain(arrow.field(name).type), name


def test_the_engine_codes_of_a_game_end_are_the_positions_of_their_names():
    codes = [L.R_NONE, L.R_WINCON, L.R_LAST_STANDING, L.R_SCHOOL_OUT, L.R_SCHOOL_OUT_TIE]
    codes += [L.R_STALLED, L.R_DRAW]
    assert codes == list(range(len(REASON_NAMES)))
    assert REASON_NAMES[1:] == synthetic.REASONS


def test_bonuses_and_the_stall_cap_have_one_value_everywhere():
    rules = Rules()
    assert rules.bonuses == DEFAULT_BONUSES and rules.max_turns == MAX_TURNS
    assert synthetic.Plan().bonus == DEFAULT_BONUSES and synthetic.STALL_TURNS == MAX_TURNS


def test_the_compiled_bots_bind_engine_codes_to_their_sources_not_copies():
    """The bots name card kinds, effect opcodes, value kinds, the Class limit and the columns of
    the card worths under short names; each must be bound to its source (constants, values),
    never written out as a number that would silently drift when the source changes."""
    import ast
    import inspect

    from avarium.simulator import constants as C
    from avarium.strategies import features, fights, heuristic, threats, values

    for module in (heuristic, features, fights, threats):
        tree = ast.parse(inspect.getsource(module))
        for node in tree.body:
            if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.Constant):
                continue
            for target in node.targets:
                name = getattr(target, "id", "")
                copy = name in ("_IDOL", "_STUDENT", "_SCHEME", "CLASS_LIMIT", "_CONST")
                copy |= name.startswith(("_OP_", "_CTX_", "_ATK_", "_DEF_", "_FROM_ENEMY_"))
                assert not copy, f"{module.__name__}.{name} is a copy of an engine code"
    assert heuristic.CLASS_LIMIT is C.CLASS_LIMIT
    assert heuristic._IDOL == C.CardKind.IDOL and features._STUDENT == C.CardKind.STUDENT
    assert heuristic._OP_DAMAGE == C.Op.DAMAGE and heuristic._OP_PREVENT == C.Op.PREVENT
    assert fights.V_DEFEND_FOE_DEFENSE is values.V_DEFEND_FOE_DEFENSE
    assert fights._IDOL == C.CardKind.IDOL and threats._IDOL == C.CardKind.IDOL
    assert heuristic.CTX_FIGHT is values.CTX_FIGHT


def test_verdict_and_status_words_are_written_only_in_their_enums():
    """A verdict a report shows ("depends on skill") or a band status ("outside") is compared and
    produced through analysis/verdicts.py's members; a string typed again elsewhere in code would
    drift from it unnoticed (docstrings and comments may quote them)."""
    import ast
    from pathlib import Path

    from avarium.analysis.verdicts import Status, Strength, Targeting, Verdict

    root = Path(__file__).resolve().parents[1]
    words = {str(v) for v in (*Verdict, *Status, *Strength, *Targeting)}
    words -= {"inside", "outside", "unsettled"}
    # the three short status words are also ordinary keys ("outside" Idols of a search); they
    # are checked where they are compared: against a table's status or verdict column
    found = []
    for folder in ("analysis", "reports", "workflows", "runner", "avarium"):
        for path in (root / folder).rglob("*.py"):
            if path.name == "verdicts.py":
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docstrings = {
                id(node.body[0].value)
                for node in ast.walk(tree)
                if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
                and node.body
                and isinstance(node.body[0], ast.Expr)
            }
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Constant)
                    and id(node) not in docstrings
                    and node.value in words
                ):
                    found.append(f"{path.relative_to(root)}:{node.lineno} {node.value!r}")
                if (
                    isinstance(node, ast.Compare)
                    and all(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops)
                    and any(
                        isinstance(c, ast.Constant)
                        and c.value in ("inside", "outside", "unsettled")
                        for c in [node.left, *node.comparators]
                    )
                ):
                    found.append(f"{path.relative_to(root)}:{node.lineno} compares a status word")
    assert not found, "\n".join(found)


def test_a_tier_label_is_made_and_read_only_in_runner_tiers():
    """A tiered variant's label (`bonus=0,2 · mcts/20`) is built by tier_label and read by
    split_label or group_of: no other module splits it on the separator itself."""
    from pathlib import Path

    from avarium.runner.tiers import SEPARATOR, group_of, split_label, tier_label

    root = Path(__file__).resolve().parents[1]
    users = [
        str(path.relative_to(root))
        for folder in ("simulator", "strategies", "runner", "analysis", "reports", "workflows")
        for path in (root / folder).rglob("*.py")
        if path.name != "tiers.py" or path.parent.name != "runner"
        if "tiers import" in (text := path.read_text(encoding="utf-8")) and "SEPARATOR" in text
    ]
    assert not users, users
    label = tier_label("bonus=0,2", "mcts/20")
    assert split_label(label) == ("bonus=0,2", "mcts/20")
    assert group_of(label, "mcts/20") == "bonus=0,2"
    assert split_label(tier_label("main", "heuristic")) == ("heuristic", "")
    assert group_of(tier_label(None, "heuristic"), "heuristic") == "main"
    assert SEPARATOR in label


def test_the_kind_of_a_bot_is_read_alike_where_the_engine_may_not_load_yet():
    """`avarium play` chooses its engine before any kernel loads, so workflows/first_game.py
    reads a bot's kind without importing the bots; it must read it as strategies does."""
    from avarium.strategies import bot_kind
    from avarium.workflows import first_game

    specs = ["random", "heuristic", "heuristic.tuned", "lookahead/4", "lookahead.aggressive/2",
             "mcts", "mcts/20", "mcts.deep/80", "avarium.strategies.examples.greedy:choose",
             " mcts/2 "]  # fmt: skip
    assert [first_game.bot_kind(s) for s in specs] == [bot_kind(s) for s in specs]


def test_the_dataset_takes_every_figure_the_engine_records_and_the_schema_names():
    """A played chunk's columns are exactly the schema's: the engine's seat and game fields are
    copied by name (runner/tabulate.py keeps no list of its own), so a field added to both
    lands in the dataset, and one the schema lacks stays out."""
    from avarium.runner.experiment_file import from_flags
    from avarium.runner.runner import plan
    from avarium.runner.worker import Task, play
    from avarium.simulator.engine.play import GAME_FIELDS, SEAT_FIELDS

    exp = from_flags({"games": 4, "bots": "random", "seed": 2})
    played = play(Task(plan(exp)[0], exp.variants[0], 0, exp.seed))
    assert set(played.games.values) == set(writer.GAMES_SCHEMA.names)
    engine = {*GAME_FIELDS, *SEAT_FIELDS} & set(writer.GAMES_SCHEMA.names)
    assert engine <= set(played.games.values)


def _commands():
    """Every command of `avarium` by its path ("cards show") with its parameters."""
    import typer

    from avarium.cli.main import app

    def walk(command, path=()):
        subs = getattr(command, "commands", None)
        if not subs:
            yield " ".join(path), command.params
            return
        for name, sub in subs.items():
            yield from walk(sub, (*path, name))

    return dict(walk(typer.main.get_command(app)))


def test_every_flag_of_an_experiment_field_is_built_from_the_field_table():
    """A command that takes a field's flag is one the table lists, and its flag has the table's
    help, names and no default of its own (not given: the field's default applies); a command
    that gives the flag another meaning on purpose is listed under the field's `own`."""
    from avarium.runner.field_table import FLAGGED

    wrong = []
    commands = _commands()
    for field in FLAGGED:
        taking = set()
        for path, params in commands.items():
            for param in params:
                if field.flag not in param.opts:
                    continue
                taking.add(path)
                if path in field.own:
                    if param.help == field.help_for(path):
                        wrong.append(f"{path} {field.flag}: listed as its own, yet the table's")
                    continue
                if path not in field.commands:
                    wrong.append(f"{path} {field.flag}: not among the table's commands")
                    continue
                if param.help != field.help_for(path):
                    wrong.append(f"{path} {field.flag}: help written again: {param.help!r}")
                if param.default is not None:
                    wrong.append(f"{path} {field.flag}: a default of its own: {param.default!r}")
                if set(param.opts) != {field.flag, *field.aliases}:  # a switch's --no- aside
                    wrong.append(f"{path} {field.flag}: named {param.opts}")
        missing = (set(field.commands) | set(field.own)) - taking
        wrong += [f"{path}: listed for {field.flag}, which it does not take" for path in missing]
    assert not wrong, "\n".join(wrong)


def test_no_command_module_writes_a_fields_help_or_default_again():
    """The help of an experiment field is written in runner/field_table.py only, and its
    default too: a command module neither quotes the help nor fills in a field it was not
    given (`0 if seed is None else seed`; runner/field_table.given does)."""
    import ast
    from pathlib import Path

    from avarium.runner.field_table import FIELDS

    root = Path(__file__).resolve().parents[1]
    helps = {f.help for f in FIELDS}
    names = {f.name for f in FIELDS}
    found = []
    for path in sorted((root / "avarium" / "cli").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(root)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                copied = [h for h in helps if h in node.value]
                found += [f"{where}:{node.lineno} writes the help {h!r}" for h in copied]
            if (
                isinstance(node, ast.IfExp)
                and isinstance(node.body, ast.Constant)
                and node.body.value is not None  # None if X is None: a conversion, no default
                and isinstance(node.test, ast.Compare)
                and isinstance(node.test.left, ast.Name)
                and node.test.left.id in names
                and isinstance(node.test.ops[0], ast.Is)
            ):
                found.append(f"{where}:{node.lineno} fills in {node.test.left.id}'s default")
    assert not found, "\n".join(found)
