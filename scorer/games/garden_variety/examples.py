"""Worked rule checks beyond the check page's opening one (rules.EXAMPLE_CHECK): with it, at
least one for each action type. The conformance test runs them all; docs/adding-a-game.md."""
from scorer.games.core import Example

CHECKS: list[Example] = []
