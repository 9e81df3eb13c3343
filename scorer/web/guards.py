"""Request guards every blueprint shares: the body's size limit, reading JSON, the CSRF token,
same-origin writes, and the refused-form fallback of the pages that redraw themselves.

One hook, `guard_request`, is registered on each blueprint that takes posts from pages
(scorer.web.pages, scorer.web.history, scorer.web.records). What it asks of a request depends
on the kind of address, read from the tables below:

- a live answer (LIVE_ANSWERS): JSON only, from this site, with the token the page fetched
  from /csrf-token in its X-CSRFToken header;
- an API write (/api/...): JSON from this site or from a program (no cookie, so no token);
- a page's form post: the body held to the form limits, no JSON (415), and the form's CSRF
  token; the pages in REDRAWN_WHEN_REFUSED answer a stale token with every entry back instead
  of an error page.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from flask import Blueprint, Flask, Response, current_app, g, jsonify, request
from flask_wtf.csrf import CSRFError, generate_csrf
from werkzeug.exceptions import BadRequest, Forbidden, HTTPException, RequestEntityTooLarge, UnsupportedMediaType

from pnp.kits import deck_rules
from scorer.games import GAMES
from scorer.games.core import BadJSON, InvalidState, UnknownGame, read_json_text
from scorer.web.client_bounds import UNREADABLE_BODY
from scorer.web.forms import field_cap, form_too_big, oversized_field
from scorer.web.owners import is_operator

log = logging.getLogger("gardenkit.guards")

REQUEST_RULE = "Request format (docs/app.md)"

# Each live JSON answer and the page whose script asks for it.
LIVE_ANSWERS = {
    "pages.score_live": "pages.score_page",
    "pages.check_live": "pages.check_page",
    "history.edit_live": "history.edit_page",
}
# Pages that, when their token is stale, draw the form again with every entry and a fresh token
# (g.form_refused) rather than refuse with an error page.
REDRAWN_WHEN_REFUSED = frozenset(LIVE_ANSWERS.values())


def body_held_to_limit() -> bytes:
    """The body through werkzeug (kept for get_data and the form parser), 413 when it is
    over the limit. werkzeug stops reading a body that has no length (a chunked one) at the
    limit without a word, so that a form or JSON cut short would pass for whole: one byte
    more from the input tells a body of exactly the limit from a larger one."""
    try:
        body = request.get_data(cache=True)
    except HTTPException:
        raise
    except Exception:  # noqa: BLE001 -- the server's own reader refused it: a malformed chunk, say
        log.info("unreadable request body on %s %s", request.method, request.path)
        raise BadRequest(UNREADABLE_BODY) from None
    if request.content_length is not None and len(body) < request.content_length:
        raise BadRequest(f"the request body ended after {len(body)} of the {request.content_length} "
                         "bytes its Content-Length announced")
    limit = request.max_content_length   # the endpoint's own (hold_body_to_its_endpoint)
    if limit is not None and len(body) >= limit and request.environ["wsgi.input"].read(1):
        raise RequestEntityTooLarge()
    return body


# Room for a print form's own fields beside its deck list (paper, bleed and the like: a few
# hundred bytes, and a multipart form's boundaries).
PRINT_FORM_ROOM = 16 * 1024
DECK_ENDPOINTS = frozenset({"printing.print_page", "printing.download_pdf", "printing.download_zip"})


def body_limit(endpoint: str | None, view_args: Mapping[str, Any] | None, app_limit: int) -> int:
    """The most this endpoint reads: a print form its deck list and a little more, the photo
    page its photos, any other the app's limit (MAX_CONTENT_LENGTH)."""
    if endpoint == "photo.read_photo":
        from scorer.web.photo_pages import MAX_UPLOAD

        return MAX_UPLOAD
    if endpoint in DECK_ENDPOINTS:
        try:
            rules = deck_rules((view_args or {}).get("game_id", ""))
        except (KeyError, ImportError):   # no such kit: its page answers 404 in its own words
            rules = None
        return PRINT_FORM_ROOM + (rules.max_bytes if rules else 0)
    return app_limit


def body_limit_before_routing(app: Flask, environ: dict[str, Any]) -> int | None:
    """body_limit of the endpoint that will answer this request, found before Flask routes it
    (scorer.web.client_bounds reads a body ahead, and only a body its endpoint takes); None
    for an address or method nothing answers."""
    try:
        endpoint, view_args = app.url_map.bind_to_environ(environ).match(method=environ.get("REQUEST_METHOD"))
    except HTTPException:
        return None
    return body_limit(str(endpoint), view_args, int(app.config["MAX_CONTENT_LENGTH"]))


def hold_body_to_its_endpoint() -> None:
    """Hold this request's body to its endpoint's limit (Flask's per-request
    max_content_length), which werkzeug compares with the announced length before a byte is
    read (413 at once), and with the bytes read of a chunked body, which announces none. A
    deck list's page announcing 1 MB was read, slowly, for 71 s under the app's 1 MB before
    its 64 KB was applied. The photo page holds its photos to their larger limit the same
    way, with its own words (scorer.web.photo_pages). A request whose body no view reads (a GET,
    a DELETE) announcing more than the limit is refused here (413): a GET announcing 10^22
    bytes was answered 200, as if the length said nothing. A post's view reads its body and
    refuses it in its own words (a rules page beside its box)."""
    if request.endpoint == "photo.read_photo":
        return
    limit = body_limit(request.endpoint, request.view_args, int(current_app.config["MAX_CONTENT_LENGTH"]))
    request.max_content_length = limit
    unread = request.method not in ("POST", "PUT", "PATCH")
    if unread and request.content_length is not None and request.content_length > limit:
        raise RequestEntityTooLarge()


def read_json() -> Any:
    """The request body as JSON (whatever the Content-Type says); BadJSON when it is not. The
    game then reads the document as the Python API and the CLI do, so all three answer alike."""
    return parse_json(body_held_to_limit())


def parse_json(body: bytes, reader: Callable[[bytes], Any] = read_json_text) -> Any:
    """The body as JSON, read as every door reads JSON (scorer.games.core.read_json_text), or as
    a game log (read_log_json)."""
    try:
        return reader(body)
    except BadJSON as error:
        raise BadJSON(str(error).replace("the document", "the request body", 1)) from None


# --- the JSON answers to refused requests, registered by each blueprint that reads JSON --------

def bad_json(error: BadJSON):
    return jsonify({"error": str(error)}), 400


def invalid_state(error: InvalidState):
    return jsonify({"violations": error.violations}), 422


def unknown_game(error: UnknownGame):
    return jsonify({"error": str(error), "games": list(GAMES)}), 404


def json_refusals(blueprint: Blueprint) -> None:
    """Answer bad JSON, an impossible state and an unknown game on `blueprint` as the API does."""
    blueprint.register_error_handler(BadJSON, bad_json)
    blueprint.register_error_handler(InvalidState, invalid_state)
    blueprint.register_error_handler(UnknownGame, unknown_game)


# --- the one hook ------------------------------------------------------------------------------

def guard_request() -> None:
    """Every blueprint's before_request for posts: see the module's docstring for what each
    kind of address is asked."""
    if request.endpoint in LIVE_ANSWERS:
        guard_live_answer()
    elif request.path.startswith("/api/"):
        refuse_cross_site_write()
    else:
        hold_form_to_limits()
        guard_form_post()


def guard_live_answer() -> None:
    """A live answer only computes, but it is still a post a page elsewhere must not make in
    this browser's name: it must be JSON (415), from this site (403), with the session's token
    (403), and within the body limit (413)."""
    refuse_foreign_origin("live answers are only given to this site's own pages")
    if not request.is_json:
        raise UnsupportedMediaType("a live answer takes the page's entries as JSON (Content-Type: "
                                   "application/json); the page's form posts to the page itself")
    try:
        require_form_token()
    except CSRFError:
        raise Forbidden("this page has expired or did not come from this site: reload it and try again "
                        "(a live answer needs this site's token in the X-CSRFToken header)") from None
    body_held_to_limit()


def guard_form_post() -> None:
    """A page's post is its form (no JSON), with the token of the form it came from; a redrawn
    page with a stale token is marked g.form_refused for the view to draw every entry back."""
    if request.method != "POST":
        return
    refuse_json_on_a_form_page()
    if is_operator():
        return  # the operator's token comes in a header, which no page elsewhere can make a browser send
    try:
        require_form_token()
    except CSRFError:
        if request.endpoint not in REDRAWN_WHEN_REFUSED:
            raise
        g.form_refused = True


def replay_request() -> bool:
    """A post of a rules page's replay box (its form posts to ?replay=1), not of the check form."""
    return (request.endpoint == "pages.check_page" and request.method == "POST"
            and request.args.get("replay") == "1")


def refuse_json_on_a_form_page() -> None:
    """A page takes the fields of its own form; JSON posted to it is refused (415) in words,
    before its token is asked for, naming the live answers of a page that has them. JSON goes
    to the API (/api) and to the live answers."""
    if request.method == "POST" and request.is_json:
        live = f"; its live answers are at {request.path}/live" if request.endpoint in REDRAWN_WHEN_REFUSED else ""
        raise UnsupportedMediaType(f"this page takes its form, not JSON{live}")


WRITING_METHODS = ("POST", "PUT", "PATCH", "DELETE")


def refuse_writes_from_other_sites() -> None:
    """Every door's first check: a write a page of another site makes this browser send is
    refused (403) before anything runs. Browsers name that site in Origin, and newer ones say
    Sec-Fetch-Site: cross-site; a script or the command line sends neither and goes on to the
    door's own checks. The refusal changes no session, so it sends no cookie (the session
    cookie goes only with an answer that changed the session): a cookie-less cross-site post
    must not replace this browser's session and its CSRF token."""
    if request.method not in WRITING_METHODS:
        return
    origin = request.headers.get("Origin")
    if _foreign(origin) or request.headers.get("Sec-Fetch-Site") == "cross-site":
        raise Forbidden("this site takes no posts from pages of other sites"
                        + (f", not from {origin[:100]}" if origin else ""))


def require_form_token() -> None:
    """CSRFError unless the post carries this session's token (in its form's csrf_token, or
    the X-CSRFToken header), when the app checks tokens at all."""
    if current_app.config["WTF_CSRF_ENABLED"]:
        current_app.extensions["csrf"].protect()


def session_started(response: Response) -> Response:
    """Every page starts this browser's session with its token, a form on it or not. After the
    first page the service worker fetches every page at once; fetched without a cookie, each
    would start a session of its own, and the last to arrive would replace the token that the
    page in front of the player sends with its live answers and forms."""
    if request.method in ("GET", "HEAD") and response.mimetype == "text/html" and current_app.config["WTF_CSRF_ENABLED"]:
        generate_csrf()
    return response


def hold_form_to_limits() -> None:
    """A form sent in chunks is held to the size limit before anything parses it, and a form
    of more fields than any page has, or a field longer than any page's, is refused (413)."""
    too_big = (form_too_big(body_held_to_limit()) if request.method == "POST"
               and request.mimetype == "application/x-www-form-urlencoded" else None)
    if too_big:
        raise RequestEntityTooLarge(too_big)
    if request.method == "POST" and (field := oversized_field(request.form)):
        raise RequestEntityTooLarge(f"one of the form's entries ({field[:40]!r}) is longer than "
                                    f"{field_cap(field):,} characters, more than any score sheet takes")


def _foreign(origin: str | None) -> bool:
    return origin is not None and origin.rstrip("/") != request.host_url.rstrip("/")


def refuse_foreign_origin(what: str) -> None:
    """403 for a request whose Origin header names another site than this one."""
    origin = request.headers.get("Origin")
    if origin is not None and _foreign(origin):
        raise Forbidden(f"{what}, not from {origin[:100]}")


def refuse_cross_site_write() -> None:
    """A write to the API must come from this site or from a program, never from another web
    page: a page elsewhere can make a browser send a form (text/plain, form-encoded) to any
    address, but not a JSON body without the site's consent, and the browser names the page's
    site in Origin. So a body that changes data must say it is JSON (415 otherwise), and a
    foreign Origin is refused (403)."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    refuse_foreign_origin("writes to saved results are only taken from this site's own pages")
    if request.method != "DELETE" and request.mimetype != "application/json":
        raise UnsupportedMediaType("send the body as JSON, with the header Content-Type: application/json")

