"""Reading a value out of a page's text in a test: the match must be there."""
from __future__ import annotations

import re


def found(pattern: str, text: str, group: int = 1) -> str:
    """The `group` of the first match of `pattern` in `text`; fails the test when nothing matches."""
    match = re.search(pattern, text)
    assert match is not None, f"nothing matches {pattern!r}"
    return match.group(group)
