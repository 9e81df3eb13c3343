"""A browser keeps the key of every game it saved, whatever else it had on its way at the time.

Through the real (threaded werkzeug) server: a request already sent with the browser's
cookies answers after a save did. A browser applies each answer's Set-Cookie when that answer
arrives, so before the fix the late answer sent back the cookie as it was before the save and
the saver could no longer edit their own game (found by the cold attack review)."""
from __future__ import annotations

import http.client
import json
import re
from urllib.parse import urlencode, urlsplit

from scorer.web.owners import SESSION_FIELD
from tests.support.history_states import KIM_WINS, LEE_WINS

SCORE_PAGE = "/games/garden-variety/score"


class Browser:
    """A cookie jar kept as a browser keeps it: every answer's Set-Cookie applied in the order
    the answers arrive, a cookie with Max-Age=0 (or an expiry in the past) removed."""

    def __init__(self, base_url: str):
        address = urlsplit(base_url)
        self.host, self.port = address.hostname or "", address.port or 80
        self.jar: dict[str, str] = {}

    def begin(self, method: str, path: str, body: bytes, content_type: str, sent: int) -> http.client.HTTPConnection:
        """Send the request with the cookies held now, and the first `sent` bytes of its body."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=10)
        connection.putrequest(method, path)
        headers = {"Content-Type": content_type, "Content-Length": str(len(body)),
                   "Cookie": "; ".join(f"{name}={value}" for name, value in self.jar.items())}
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders()
        connection.send(body[:sent])
        return connection

    def finish(self, connection: http.client.HTTPConnection, rest: bytes) -> tuple[int, str]:
        connection.send(rest)
        answer = connection.getresponse()
        text = answer.read().decode()
        for header in answer.headers.get_all("Set-Cookie") or []:
            name, _, value = header.split(";")[0].partition("=")
            if re.search(r"(?i)max-age=0\b|expires=thu, 01 jan 1970", header):
                self.jar.pop(name.strip(), None)
            else:
                self.jar[name.strip()] = value
        connection.close()
        return answer.status, text

    def request(self, method: str, path: str, body: bytes = b"", content_type: str = "application/json") -> tuple[int, str]:
        return self.finish(self.begin(method, path, body, content_type, len(body)), b"")

    def save(self, state: dict) -> int:
        status, text = self.request("POST", "/api/results", json.dumps({"game": "garden-variety", "state": state}).encode())
        assert status == 201, text
        return json.loads(text)["id"]

    def may_edit(self, result_id: int) -> bool:
        status, _ = self.request("PATCH", f"/api/results/{result_id}", json.dumps({"version": 1, "note": "mine"}).encode())
        return status == 200


def opened_score_page(live_server: str) -> tuple[Browser, str]:
    browser = Browser(live_server)
    status, html = browser.request("GET", SCORE_PAGE)
    assert status == 200
    token = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert token is not None
    return browser, token.group(1)


def test_a_request_on_its_way_during_a_save_does_not_cost_the_saver_its_key(live_server):
    browser, token = opened_score_page(live_server)
    first = browser.save(KIM_WINS)
    # Totals asked with the form (not yet Save): half its body sent, the server has begun it.
    form = urlencode({"csrf_token": token, "op": "score", "players.0.name": "Ann", "players.0.garden_bed": "21",
                      "players.0.hand": "0", "players.0.gnomes": "2"}).encode()
    on_its_way = browser.begin("POST", SCORE_PAGE, form, "application/x-www-form-urlencoded", len(form) // 2)
    second = browser.save(LEE_WINS)          # answered while the form post is still on its way
    status, _ = browser.finish(on_its_way, form[len(form) // 2:])
    assert status == 200
    assert browser.may_edit(first) and browser.may_edit(second)


def test_two_saves_at_once_keep_both_keys(live_server):
    browser, _ = opened_score_page(live_server)
    earlier = browser.save(KIM_WINS)
    body = json.dumps({"game": "garden-variety", "state": KIM_WINS}).encode()
    slow = browser.begin("POST", "/api/results", body, "application/json", 10)
    quick = browser.save(LEE_WINS)
    status, text = browser.finish(slow, body[10:])
    assert status == 201
    assert all(browser.may_edit(result) for result in (earlier, quick, json.loads(text)["id"]))


def test_keys_an_earlier_release_kept_in_the_session_still_edit(client):
    saved = client.post("/api/results", json={"game": "garden-variety", "state": KIM_WINS}).get_json()
    stranger = client.application.test_client()
    with stranger.session_transaction() as session:
        session[SESSION_FIELD] = [[saved["id"], saved["key"]]]
    assert stranger.patch(f"/api/results/{saved['id']}", json={"version": 1, "note": "mine"}).status_code == 200
