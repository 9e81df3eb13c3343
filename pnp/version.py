"""gardenkit's one version: the package's own (pyproject.toml), read from the installed
metadata, and the day it was released (the top entry of CHANGELOG.md). `gardenkit --version`,
every kit's first page and footer, the app's print page and its download names all show it.
The date is the release's, never the build's: the same kit builds to the same bytes any day."""
from __future__ import annotations

from importlib import metadata

try:
    VERSION = metadata.version("gardenkit")
except metadata.PackageNotFoundError:  # a checkout run without installing
    VERSION = "0+unknown"
RELEASED = "2026-11-26"
