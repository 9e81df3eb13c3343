"""`python -m scorer.cli`: the `gardenkit` command."""
import sys

from scorer.cli import main

sys.exit(main())
