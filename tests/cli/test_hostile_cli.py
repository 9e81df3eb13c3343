"""The command line against a hostile machine and hostile files: --out never writes through a
device, a FIFO or a planted symlink, and nothing read from a file can steer the terminal."""
from __future__ import annotations

import json
import os
import stat

import pytest

from pnp.files import write_atomic
from tests.support.cli import gardenkit_here as gardenkit


def test_simulate_refuses_to_replace_a_fifo(tmp_path):
    fifo = tmp_path / "log.json"
    os.mkfifo(fifo)
    run = gardenkit("simulate", "harvest-dice", "--seed", "1", "--out", str(fifo))
    assert run.returncode == 2 and "not a regular file" in run.stderr and "Traceback" not in run.stderr
    assert fifo.is_fifo() and os.listdir(tmp_path) == ["log.json"]


def test_simulate_never_writes_through_a_symlink_planted_at_its_old_temporary_name(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (tmp_path / ".log.json.partial").symlink_to(victim)
    run = gardenkit("simulate", "harvest-dice", "--seed", "1", "--out", str(tmp_path / "log.json"))
    assert run.returncode == 0, run.stderr
    assert victim.read_text() == "precious"
    assert json.loads((tmp_path / "log.json").read_text())[0]["setup"]


def test_the_kit_writer_never_writes_through_a_planted_symlink(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    target = tmp_path / "kit.pdf"
    target.with_name(f".{target.name}.{os.getpid()}.tmp").symlink_to(victim)
    write_atomic(target, b"%PDF-new")
    assert victim.read_text() == "precious" and target.read_bytes() == b"%PDF-new"
    assert (target.stat().st_mode & 0o777) == 0o644


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_the_kit_writer_refuses_what_is_not_a_regular_file(tmp_path, kind):
    target = tmp_path / "kit.pdf"
    if kind == "fifo":
        os.mkfifo(target)
    else:  # a null device of our own: a failing check must not replace the system's
        try:
            os.mknod(target, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        except PermissionError:
            pytest.skip("making a device node needs root")
    with pytest.raises(OSError, match="not a regular file"):
        write_atomic(target, b"x")
    assert target.is_fifo() if kind == "fifo" else target.is_char_device()


def test_a_replayed_log_cannot_steer_the_terminal(tmp_path):
    made = gardenkit("simulate", "harvest-dice", "--seed", "3", "--out", str(tmp_path / "log.json"))
    assert made.returncode == 0, made.stderr
    log = json.loads((tmp_path / "log.json").read_text())
    log[1] = {"type": "\x1b]0;owned\x07\x1b[2J", "player": "\u009b2J"}
    (tmp_path / "log.json").write_text(json.dumps(log, ensure_ascii=False))
    run = gardenkit("replay", "harvest-dice", str(tmp_path / "log.json"))
    assert run.returncode == 1
    shown = run.stdout + run.stderr
    assert not any(char in shown for char in "\x1b\x07\x9b"), shown
    assert "\\u001b" in shown or "\\x1b" in shown
