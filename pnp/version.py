"""gardenkit's one version and the day it was released (the top entry of CHANGELOG.md).
pyproject.toml reads VERSION from here (`[tool.setuptools.dynamic]`), so the package's
metadata, `gardenkit --version`, every kit's first page and footer, the app's print page and
its download names all show this one string. It is a literal rather than read back from the
installed metadata because importlib.metadata alone costs a kit build about a tenth of its
time. The date is the release's, never the build's: the same kit builds to the same bytes
any day."""
from __future__ import annotations

VERSION = "1.2.0"
RELEASED = "2026-11-26"
