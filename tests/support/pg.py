"""A throwaway PostgreSQL server for the tests, on loopback, independent of the app.

    with running_postgres() as server:        # initdb + start, in a fresh temp dir
        url = server.create_database("t1")    # postgresql+psycopg2://postgres@127.0.0.1:PORT/t1
        server.stop(); server.start()         # the fault tests take the database away and back

Debian's `postgresql` package puts initdb and pg_ctl in /usr/lib/postgresql/<version>/bin.
PostgreSQL refuses to run as root, so when we are root (CI, the dev machines) every server
command runs as the `postgres` system user through runuser, in a temp dir it owns.

Made for speed, not durability: initdb --no-sync and the server runs with fsync,
synchronous_commit and full_page_writes off. A power cut would lose the test data, which is
thrown away anyway; the transactional behaviour the tests check (commit, rollback,
isolation, connections dropped on shutdown) is unchanged by these settings.
"""
from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from tests.support.ports import free_port

SERVER_USER = "postgres"
SUPERUSER = "postgres"


def find_bindir() -> Path | None:
    """The newest installed PostgreSQL's bin directory (Debian layout, then PATH)."""
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                        key=lambda p: int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0)
    if candidates:
        return Path(candidates[-1]).parent
    on_path = shutil.which("pg_ctl")
    return Path(on_path).parent if on_path else None


def unavailable_reason() -> str | None:
    """Why a PostgreSQL server cannot be started here, or None when it can."""
    bindir = find_bindir()
    if bindir is None or not (bindir / "initdb").exists():
        return ("PostgreSQL binaries (initdb, pg_ctl) not found: install Debian's `postgresql` "
                "package (`make test` does so when run as root)")
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(SERVER_USER)
        except KeyError:
            return f"running as root but there is no {SERVER_USER!r} user to run PostgreSQL as"
        if shutil.which("runuser") is None:
            return "running as root but `runuser` is missing (util-linux), cannot drop to postgres"
    try:
        import psycopg2  # noqa: F401  (the driver the URLs name)
    except ImportError:
        return "psycopg2 is not installed (pip install 'gardenkit[postgres]')"
    return None


class PostgresServer:
    """One cluster in its own temp dir; start/stop it as often as a test needs."""

    def __init__(self, bindir: Path, root: Path):
        self.bindir = bindir
        self.root = root
        self.data = root / "data"
        self.sockets = root / "sockets"
        self.log = root / "server.log"
        self.port = free_port()

    # running the server's commands as the right user ------------------------------------
    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        command = [str(self.bindir / args[0]), *args[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", SERVER_USER, "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=60,
                                cwd=self.root)
        if check and result.returncode != 0:
            raise RuntimeError(f"{args[0]} failed ({result.returncode}): "
                               f"{result.stderr.strip() or result.stdout.strip()}\n{self.log_tail()}")
        return result

    def log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    # lifecycle ------------------------------------------------------------------------
    def init(self) -> None:
        self.sockets.mkdir()
        if os.geteuid() == 0:
            account = pwd.getpwnam(SERVER_USER)
            for path in (self.root, self.sockets):
                os.chown(path, account.pw_uid, account.pw_gid)
        self._run("initdb", "-D", str(self.data), "--no-sync", "-A", "trust", "-U", SUPERUSER,
                  "-E", "UTF8", "--locale=C")

    def start(self) -> None:
        options = " ".join([
            f"-p {self.port}", f"-k {self.sockets}", "-c listen_addresses=127.0.0.1",
            "-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off",
            "-c max_connections=200",
        ])
        self._run("pg_ctl", "start", "-D", str(self.data), "-l", str(self.log), "-w",
                  "-t", "30", "-o", options)

    def stop(self, mode: str = "fast") -> None:
        """fast: disconnect every client and shut down cleanly; immediate: like a crash."""
        self._run("pg_ctl", "stop", "-D", str(self.data), "-m", mode, "-w", "-t", "30")

    def is_running(self) -> bool:
        return self._run("pg_ctl", "status", "-D", str(self.data), check=False).returncode == 0

    # databases ------------------------------------------------------------------------
    def url(self, database: str) -> str:
        return f"postgresql+psycopg2://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", SUPERUSER, name)
        return self.url(name)

    def drop_database(self, name: str) -> None:
        self._run("dropdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", SUPERUSER,
                  "--if-exists", "--force", name)


@contextlib.contextmanager
def running_postgres() -> Iterator[PostgresServer]:
    """A started server in a fresh temp dir; stopped and deleted afterwards."""
    reason = unavailable_reason()
    if reason:
        raise RuntimeError(reason)
    bindir = find_bindir()
    if bindir is None:  # unavailable_reason said so already
        raise RuntimeError("no PostgreSQL installed")
    root = Path(tempfile.mkdtemp(prefix="gardenkit-pg-"))
    server = PostgresServer(bindir, root)
    try:
        server.init()
        for attempt in range(3):
            try:
                server.start()
                break
            except RuntimeError:  # most likely the free port was taken meanwhile: pick another
                if attempt == 2:
                    raise
                server.port = free_port()
        yield server
    finally:
        with contextlib.suppress(Exception):
            if server.is_running():
                server.stop("immediate")
        shutil.rmtree(root, ignore_errors=True)
