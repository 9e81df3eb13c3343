"""Every `make bench` section imports: the benchmark is run by hand, so a module left pointing at
a moved helper would otherwise be found only on the day someone measures."""
from __future__ import annotations

import importlib
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
ONLY_WITH_THE_BENCH_EXTRA = {"protograf_deck": "protograf"}   # pip install -e '.[bench]'


@pytest.mark.parametrize("module", sorted(p.stem for p in BENCH.glob("*.py") if p.stem != "__init__"))
def test_every_bench_module_imports(module):
    if module in ONLY_WITH_THE_BENCH_EXTRA:
        pytest.importorskip(ONLY_WITH_THE_BENCH_EXTRA[module])
    importlib.import_module(f"bench.{module}")
