"""`gardenkit history backup FILE` and `gardenkit history restore FILE` (scorer/store/backup.py
holds the format). The database is the one the app uses (GARDENKIT_DATABASE_URL, else the
instance folder's)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from sqlalchemy.exc import SQLAlchemyError

from scorer.store.backup import BadBackup, read_backup, restore, write_backup
from scorer.store.storage import Storage, StorageUnavailable


def _store() -> Storage:
    from scorer.web.app import create_app  # the app's own choice of database

    return create_app().extensions["gardenkit.storage"]


def main(action: str, file: str) -> int:
    """The CLI's `history backup|restore FILE`: 0 done, 1 refused (in words on stderr)."""
    path = Path(file)
    try:
        if action == "backup":
            store = _store()
            temporary = path.with_name(path.name + ".partial")
            with open(temporary, "w", encoding="utf-8") as backup:
                count = write_backup(store, backup)
            os.replace(temporary, path)   # a backup cut short never takes the name of a whole one
            print(f"backed up {count} saved game{'s' if count != 1 else ''} to {path}")
            return 0
        document = read_backup(path)
        added, present = restore(_store(), document)
        print(f"restored {added} saved game{'s' if added != 1 else ''} from {path} "
              f"({present} already there or deleted here, left as they were)")
        return 0
    except BadBackup as refused:
        print(f"gardenkit: {refused}", file=sys.stderr)
    except StorageUnavailable as down:
        print(f"gardenkit: {down}", file=sys.stderr)
    except SQLAlchemyError as error:
        print(f"gardenkit: {StorageUnavailable(str(error).splitlines()[0])}; nothing was restored", file=sys.stderr)
    except OSError as error:
        print(f"gardenkit: cannot write {path}: {error.strerror}", file=sys.stderr)
    return 1
