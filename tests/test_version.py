"""One version everywhere: the package's, shown by `gardenkit --version`, every kit page, the
print page's download names, and named with its date at the top of CHANGELOG.md."""
from __future__ import annotations

import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from pnp.frontmatter import footer_text
from pnp.version import RELEASED, VERSION

ROOT = Path(__file__).resolve().parent.parent


def test_the_version_is_the_packages_and_heads_the_changelog():
    # pyproject.toml takes the version from pnp/version.py, so the installed metadata says it too
    assert 'version = {attr = "pnp.version.VERSION"}' in (ROOT / "pyproject.toml").read_text()
    assert metadata.version("gardenkit") == VERSION
    top = re.search(r"^## (\S+) · (\d{4}-\d\d-\d\d)", (ROOT / "CHANGELOG.md").read_text(), re.M)
    assert top and (top.group(1), top.group(2)) == (VERSION, RELEASED)


def test_gardenkit_version_prints_it():
    done = subprocess.run([sys.executable, "-m", "scorer.cli", "--version"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.strip() == f"gardenkit {VERSION}, released {RELEASED}"


def test_kit_footers_and_download_names_carry_it():
    from scorer.web.printing import DOWNLOAD_DEFAULTS, download_name

    assert f"kit {VERSION}, {RELEASED}" in footer_text("Garden Dice", 2, 10)
    assert download_name("garden-dice", DOWNLOAD_DEFAULTS, ".pdf") == f"garden-dice-letter-v{VERSION}.pdf"
