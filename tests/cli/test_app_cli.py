"""`gardenkit score|check|validate` as a user runs them: output and exit codes (the command's
main called in the test's process, and once as a process of its own); and `gardenkit serve`
answering on a real port."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

import scorer
from tests.support.cli import GARDENKIT
from tests.support.cli import gardenkit_here as gardenkit
from tests.support.ports import free_port
from tests.support.prod_server import ProductionServer

ROOT = Path(__file__).resolve().parent.parent

FINISHED = {"players": [{"name": "Kim", "garden_bed": 20, "hand": 1, "gnomes": 3},
                        {"name": "Lee", "garden_bed": 20, "hand": 1, "gnomes": 4},
                        {"name": "Max", "garden_bed": 8, "hand": 0, "gnomes": 2},
                        {"name": "Ana", "garden_bed": 4, "hand": 0, "gnomes": 1}]}
ROUND = {"state": {"players": [{"name": "Kim", "garden_bed": 0, "hand": 4, "gnomes": 0},
                               {"name": "Lee", "garden_bed": 0, "hand": 4, "gnomes": 0}]},
         "action": {"type": "resolve_round", "rule": 7, "plays": [
             {"player": "Kim", "card": {"kind": "critter", "color": "red", "number": 6}},
             {"player": "Lee", "card": {"kind": "critter", "color": "blue", "number": 8}}]}}


def write(tmp_path: Path, name: str, content) -> str:
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return str(path)


def test_score_prints_a_table_and_exits_0(tmp_path):
    # as a process of its own, once: the command as installed, its output and its exit code
    run = subprocess.run([*GARDENKIT, "score", "garden-variety", write(tmp_path, "s.json", FINISHED)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "Garden Variety: final scores"
    assert lines[1].split() == ["Rank", "Player", "Garden", "bed", "Hand", "Gnomes", "(tie-break)", "Total"]
    assert lines[3].split() == ["1", "Lee", "20", "1", "4", "21"]
    assert lines[4].split() == ["2", "Kim", "20", "1", "3", "21"]
    assert "Winner: Lee" in run.stdout


def test_score_json_matches_the_api_shape(tmp_path):
    run = gardenkit("score", "garden-variety", write(tmp_path, "s.json", FINISHED), "--json")
    assert run.returncode == 0
    result = json.loads(run.stdout)
    assert result["winners"] == ["Lee"] and [p["rank"] for p in result["players"]] == [1, 2, 3, 4]


def test_invalid_state_prints_violations_and_exits_1(tmp_path):
    bad = {"players": [{"name": "A", "garden_bed": 7, "hand": 9, "gnomes": 0},
                       {"name": "B", "garden_bed": 7, "hand": 0, "gnomes": 0}]}
    run = gardenkit("score", "garden-variety", write(tmp_path, "bad.json", bad))
    assert run.returncode == 1
    assert "not possible" in run.stdout and "hand is never more than 5" in run.stdout
    assert "Traceback" not in run.stdout + run.stderr
    as_json = gardenkit("score", "garden-variety", write(tmp_path, "bad.json", bad), "--json")
    assert as_json.returncode == 1
    assert {v["code"] for v in json.loads(as_json.stdout)["violations"]} >= {"hand-too-big"}


def test_validate_exit_codes(tmp_path):
    assert gardenkit("validate", "garden-variety", write(tmp_path, "s.json", FINISHED)).returncode == 0
    bad = gardenkit("validate", "garden-variety", "-", stdin='{"players": []}')
    assert bad.returncode == 1 and "player" in bad.stdout


def test_check_reads_state_and_action(tmp_path):
    run = gardenkit("check", "garden-variety", write(tmp_path, "c.json", ROUND))
    assert run.returncode == 0, run.stderr
    # the verdict once, then the answer in the pages' words: no JSON, no field names
    assert run.stdout.splitlines()[0] == "Legal." and run.stdout.count("Legal") == 1
    assert "Lee wins the round." in run.stdout and "Lee stays and Kim is out" in run.stdout
    assert not any(mark in run.stdout for mark in "{}[]\"") and "Winner:" not in run.stdout
    as_json = json.loads(gardenkit("check", "garden-variety", write(tmp_path, "c.json", ROUND), "--json").stdout)
    assert as_json["effects"]["winner"] == "Lee"


def test_a_harvest_dice_check_prints_words_with_the_verdict_once(tmp_path):
    example = scorer.GAMES["harvest-dice"].example_checks[0]  # Susan feeds an orange 5 to her pig
    run = gardenkit("check", "harvest-dice", write(tmp_path, "c.json", example))
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "Legal.", "Susan feeds the die to the pig: 5 circles crossed, 5 in all.",
        "This die cannot be planted: row 1, column 5 touches no carrot; row 2, column 5 touches no carrot; "
        "row 3, column 5 touches no carrot."]
    as_json = json.loads(gardenkit("check", "harvest-dice", write(tmp_path, "c.json", example), "--json").stdout)
    assert as_json["effects"]["pig"] == 5 and as_json["summary"] == run.stdout.splitlines()[1:]


def test_a_check_naming_someone_not_playing_exits_1_and_blames_the_action(tmp_path):
    request = json.loads(json.dumps(ROUND))
    request["action"]["plays"][1]["player"] = "Nobody"
    done = gardenkit("check", "garden-variety", write(tmp_path, "check.json", request))
    assert done.returncode == 1
    assert done.stdout.startswith("This state or action is not possible:")
    assert "no player is called 'Nobody'" in done.stdout and "[action.plays[1].player]" in done.stdout


def test_illegal_play_is_answered_with_exit_0(tmp_path):
    illegal = json.loads(json.dumps(ROUND))
    illegal["action"]["plays"][0]["card"]["number"] = 12
    run = gardenkit("check", "garden-variety", write(tmp_path, "c.json", illegal))
    assert run.returncode == 0
    assert "Not legal" in run.stdout and "critters show 1 to 9" in run.stdout


@pytest.mark.parametrize("args, stdin, message", [
    (["score", "chess", "FILE"], None, "unknown game 'chess'"),
    (["score", "garden-variety", "missing.json"], None, "no such file"),
    (["score", "garden-variety", "."], None, "is a folder"),
    (["score", "garden-variety", "-"], "{not json", "not valid JSON"),
    (["score", "garden-variety", "-"], "", "is empty"),
    (["check", "garden-variety", "-"], '{"players": []}', 'holds {"state"'),
    (["score"], None, "the following arguments are required"),
    (["serve", "--threads", "0"], None, "expected a whole number of at least 1, not '0'"),
])
def test_bad_usage_exits_2_with_one_plain_line(tmp_path, monkeypatch, args, stdin, message):
    args = [write(tmp_path, "s.json", FINISHED) if a == "FILE" else a for a in args]
    monkeypatch.chdir(tmp_path if "." in args else ROOT)
    run = gardenkit(*args, stdin=stdin or "")
    assert run.returncode == 2
    assert message in run.stderr
    assert "Traceback" not in run.stderr and run.stdout == ""


def test_unreadable_file_exits_2(tmp_path):
    path = write(tmp_path, "s.json", FINISHED)
    os.chmod(path, 0)
    if os.access(path, os.R_OK):
        pytest.skip("running as root: file permissions do not stop reading")
    run = gardenkit("score", "garden-variety", path)
    assert run.returncode == 2 and "cannot read" in run.stderr


def child_processes(pid: int) -> list[int]:
    """Ids of the processes whose parent is pid (from /proc, so no procps is needed)."""
    children = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":\t", 1) for line in status.read_text().splitlines() if ":\t" in line)
        except OSError:  # the process ended while we looked
            continue
        if fields.get("PPid", "").strip() == str(pid):
            children.append(int(status.parent.name))
    return children


def test_serve_runs_gunicorn_workers_and_prints_the_url(tmp_path):
    port = free_port()
    env = {**os.environ, "GARDENKIT_INSTANCE_PATH": str(tmp_path / "instance")}
    server = subprocess.Popen([*GARDENKIT, "serve", "--port", str(port), "--workers", "2", "--threads", "3"],
                              cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert server.stdout is not None
        assert server.stdout.readline().strip() == \
            f"gardenkit: serving on http://127.0.0.1:{port}/ with 2 worker(s); Ctrl+C stops"
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                    assert json.load(answer)["status"] == "ok"
                    break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/games/garden-variety/score",
                                         data=json.dumps(FINISHED).encode(), method="POST")
        with urllib.request.urlopen(request, timeout=5) as answer:
            assert json.load(answer)["winners"] == ["Lee"]
        assert len(child_processes(server.pid)) == 2, "expected two gunicorn worker processes"
    finally:
        server.terminate()
        server.wait(timeout=15)


def test_ctrl_c_stops_the_server_quietly_with_status_0(tmp_path):
    """Ctrl+C at a terminal sends SIGINT to `gardenkit serve` and every worker it forked (its
    process group). Each worker wrote a `SystemExit: 0` traceback (gunicorn's quick stop exits
    from a greenlet); now the workers stop as on SIGTERM and the server says one line."""
    log = tmp_path / "server.log"
    server = ProductionServer(f"sqlite:///{tmp_path / 'results.db'}", workers=2, log_path=log,
                              env={"GARDENKIT_INSTANCE_PATH": str(tmp_path / "instance")})
    with server:
        server.wait_for_workers(2)
        os.killpg(server.started().pid, signal.SIGINT)   # its own session: nobody else's processes
        status = server.started().wait(timeout=30)
        said = log.read_text()
    assert status == 0, said
    assert "Traceback" not in said and "SystemExit" not in said, said
    assert said.strip().splitlines()[-1] == "gardenkit: stopped", said


def test_serve_on_a_busy_port_says_so_and_exits_2():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        run = serve_process("--port", str(port))
    assert run.returncode == 2
    assert f"port {port} on 127.0.0.1 is already in use" in run.stderr
    assert serve_process("--host", "no-such-host.invalid").returncode == 2


def serve_process(*args: str) -> subprocess.CompletedProcess:
    """`gardenkit serve` as a process: one that failed to refuse would serve, not hang the tests."""
    return subprocess.run([*GARDENKIT, "serve", *args], capture_output=True, text=True, cwd=ROOT, timeout=60)
