"""made_once with a folder: a make that fails leaves nothing a later asker takes for whole, and
the next asker makes it afresh, once."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.made_once import made_once


def test_a_folder_half_made_is_never_handed_out_and_a_whole_one_is_made_once(tmp_path_factory):
    def fail_halfway(out: Path) -> None:
        out.mkdir()
        (out / "first-page.svg").write_text("<svg/>")
        raise RuntimeError("the kit failed")

    made: list[Path] = []

    def make(out: Path) -> None:
        made.append(out)
        out.mkdir()
        (out / "kit.pdf").write_text("%PDF")

    with pytest.raises(RuntimeError):
        made_once(tmp_path_factory, "a-test-folder", fail_halfway)
    first = made_once(tmp_path_factory, "a-test-folder", make)
    again = made_once(tmp_path_factory, "a-test-folder", make)
    assert first == again and len(made) == 1
    assert sorted(p.name for p in first.iterdir()) == ["kit.pdf"]   # nothing of the failed make
