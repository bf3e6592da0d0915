"""`cards validate` and `cards show` read a card set from --cards, as every other command does;
the positional PATH they always took still works, and both at once must agree."""

from __future__ import annotations

import pytest

from tests.hostile_input.helpers import invoke, one_line_error


@pytest.mark.parametrize("command", ["validate", "show"])
def test_the_card_set_is_read_from_cards_as_from_the_path(command):
    by_flag = invoke("cards", command, "--cards", "prototype-v1")
    by_path = invoke("cards", command, "prototype-v1")
    assert by_flag.exit_code == 0, by_flag.output
    assert by_flag.output == by_path.output
    assert by_flag.output != invoke("cards", command).output  # not the default set


@pytest.mark.parametrize("command", ["validate", "show"])
def test_a_path_and_cards_that_disagree_are_refused(command):
    one_line_error(
        invoke("cards", command, "prototype-v1", "--cards", "prototype-v2"), 2, "--cards", "once"
    )
