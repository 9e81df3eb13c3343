"""docs/deploy.md maps each of issue 28's findings to the tests that hold it: every test it
names is a test function in the file it names, so the table cannot point at a test renamed or
gone."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAMED = re.compile(r"`(tests/[\w/]+\.py)::(test_\w+)`")


def hostile_table() -> str:
    text = (ROOT / "docs" / "deploy.md").read_text()
    return text[text.index("**Issue 28's twelve findings"):text.index("## Behind a proxy")]


def named_tests() -> list[tuple[str, str]]:
    return NAMED.findall(hostile_table())


def test_the_hostile_table_covers_all_twelve_findings():
    rows = [line for line in hostile_table().splitlines() if re.match(r"\| \d+ \|", line)]
    assert [int(row.split("|")[1]) for row in rows] == list(range(1, 13))
    assert all(NAMED.search(row) for row in rows)


def test_every_test_the_hostile_table_names_exists():
    missing = []
    for path, name in named_tests():
        source = ROOT / path
        functions = ({node.name for node in ast.walk(ast.parse(source.read_text()))
                      if isinstance(node, ast.FunctionDef)} if source.exists() else set())
        if name not in functions:
            missing.append(f"{path}::{name}")
    assert named_tests() and not missing, missing
