"""axe-core in a Playwright page: `axe_violations(page)` -> the WCAG 2.2 AA violations axe finds.

axe-core comes from the npm registry (package.json; `make test` runs `npm ci`) into node_modules; the
tests that need it skip with that reason when it is missing."""
from __future__ import annotations

from pathlib import Path

import pytest

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def axe_violations(page) -> list:
    """Each violation as {"id", "impact", "help", "targets"} for the page as it is now."""
    if not AXE.exists():
        pytest.skip(f"axe-core is not installed at {AXE} (npm ci)")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})"
                          ".then(r => r.violations)", WCAG_AA)
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "targets": [" ".join(map(str, n["target"])) for n in v["nodes"]][:5]} for v in found]
