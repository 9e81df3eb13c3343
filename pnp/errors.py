"""Errors a kit raises when it cannot be built from its data; `gardenkit build` prints the
message (no traceback) and exits with status 1."""


class KitError(Exception):
    """A kit cannot be built from its data (e.g. an owner's deck list with mistakes)."""
