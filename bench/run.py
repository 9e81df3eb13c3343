"""`make bench`: run every benchmark section and print one table.

A section is a function returning rows {"what", "value", "unit", "note"}; add one by
appending to SECTIONS. `python -m bench.run kits` runs only the named sections.
"""
from __future__ import annotations

import sys
from collections.abc import Callable


def kits() -> list[dict]:
    from bench import kits as kit_bench

    return kit_bench.measurements()


def scoring() -> list[dict]:
    from bench import scoring as scoring_bench

    return scoring_bench.measurements()


def http() -> list[dict]:
    from bench import http as http_bench

    return http_bench.measurements()


def durability() -> list[dict]:
    from bench import durability as durability_bench

    return durability_bench.measurements()


def print_cache() -> list[dict]:
    from bench import print_cache as print_bench

    return print_bench.measurements()


def hostile() -> list[dict]:
    from bench import hostile as hostile_bench

    return hostile_bench.measurements()


def fuzz() -> list[dict]:
    from bench import fuzz as fuzz_bench

    return fuzz_bench.measurements()


def records() -> list[dict]:
    from bench import records as records_bench

    return records_bench.measurements()


def engines() -> list[dict]:
    from bench import engines as engines_bench

    return engines_bench.measurements()


def photo() -> list[dict]:
    from bench import photo as photo_bench

    return photo_bench.measurements()


SECTIONS: list[tuple[str, Callable[[], list[dict]]]] = [
    ("kits", kits),
    ("scoring", scoring),
    ("http", http),
    ("durability", durability),
    ("fuzz", fuzz),
    ("engines", engines),
    ("hostile", hostile),
    ("print", print_cache),
    ("records", records),
    ("photo", photo),
]


def format_value(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    return f"{value:,.0f} {unit}" if abs(value) >= 100 else f"{value:g} {unit}"


def format_table(rows: list[tuple[str, dict]]) -> str:
    cells = [(section, row["what"], format_value(row["value"], row["unit"]), row.get("note") or "")
             for section, row in rows]
    headers = ("section", "what", "value", "note")
    widths = [max(len(str(c[i])) for c in cells + [headers]) for i in range(4)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths)),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(str(c).ljust(w) for c, w in zip(cell, widths)).rstrip() for cell in cells]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    wanted = argv if argv is not None else sys.argv[1:]
    known = [name for name, _ in SECTIONS]
    unknown = [name for name in wanted if name not in known]
    if unknown:
        print(f"bench: unknown section {unknown[0]!r}; sections: {', '.join(known)}", file=sys.stderr)
        return 2
    rows: list[tuple[str, dict]] = []
    for name, section in SECTIONS:
        if wanted and name not in wanted:
            continue
        print(f"bench: running {name}...", file=sys.stderr, flush=True)
        try:
            rows += [(name, row) for row in section()]
        except Exception as error:  # one broken section must not hide the others' numbers
            rows.append((name, {"what": "(section failed)", "value": None, "unit": "", "note": str(error)}))
    print(format_table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
