"""The pages under their Content-Security-Policy, in real Chromium: every page's own scripts
and styles load and run, and the browser reports no blocked script, style or handler."""
from __future__ import annotations

import pytest

import scorer
from tests.support.journey import WAIT_S, wants_service_worker


@pytest.fixture
def strict_page(request, browser):
    """A tab that keeps the app's policy (the shared `page` fixture bypasses it). The service
    worker, which the policy must let the pages start, installs for the home page's test only:
    its install fetches every page (a second of the machine's time), the same for every page."""
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  service_workers="allow" if wants_service_worker(request) else "block")
    context.set_default_timeout(WAIT_S * 1000)
    tab = context.new_page()
    yield tab
    context.close()


@pytest.mark.parametrize("path", [pytest.param("/", marks=pytest.mark.service_worker), "/results", "/players/", "/players/kim", "/stats/garden-variety",
                                  *(f"/games/{g}/{p}" for g in scorer.GAMES for p in ("score", "check"))])
def test_pages_run_under_their_policy_with_nothing_blocked(live_server, strict_page, path):
    blocked: list[str] = []
    strict_page.on("console", lambda message: blocked.append(message.text)
                   if "Content Security Policy" in message.text else None)
    errors: list[str] = []
    strict_page.on("pageerror", lambda error: errors.append(str(error)))
    answer = strict_page.goto(live_server + path)
    assert answer is not None and "script-src 'self'" in answer.headers["content-security-policy"]
    strict_page.wait_for_load_state("networkidle")
    assert blocked == [] and errors == []
    # the page's stylesheet applied: the body is not the browser's default serif text
    assert strict_page.evaluate("getComputedStyle(document.body).fontFamily") != "serif"
