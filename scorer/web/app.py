"""The Flask app factory: configuration, the two blueprints, storage and the error pages.

Configuration comes from the environment (for `gardenkit serve` and any WSGI server) and can
be overridden by the `config` mapping given to create_app (tests do this):

    GARDENKIT_DATABASE_URL   any SQLAlchemy URL; default: SQLite file in the instance folder
    GARDENKIT_SECRET_KEY     (or SECRET_KEY) signs sessions and CSRF tokens; default: a random
                             key kept in the instance folder, shared by every worker process
    GARDENKIT_INSTANCE_PATH  where the instance folder is (default: Flask's choice)
    GARDENKIT_HTTPS          "1" when users reach the app over HTTPS: cookies are then
                             marked Secure, so a browser never sends them in plain HTTP
    GARDENKIT_PROXIES        how many proxies stand in front (default 0): their
                             X-Forwarded-For/-Proto/-Host headers are then believed
    GARDENKIT_HOSTS          more host names the app answers to, separated by commas (".club.org"
                             takes every name under club.org); a request naming any other
                             host is refused, so a page elsewhere cannot reach the app by DNS
                             rebinding. Always answered: the loopback names and, under
                             `gardenkit serve`, the names it listens on (LISTEN_HOST)
    GARDENKIT_WRITE_LIMIT    how many saves, edits and deletes one address may make (default
                             "60 per minute"); GARDENKIT_EXPORT_LIMIT likewise for the CSV
                             export and the players' records (default "10 per minute"), and
                             GARDENKIT_REPLAY_LIMIT for game logs replayed (default "30 per
                             minute", by the API and the rules pages' box together),
                             GARDENKIT_EXAMPLE_LIMIT for simulated examples (default "30 per
                             minute", by the API and the pages' "Try an example" together), and
                             GARDENKIT_READ_LIMIT for the pages and listing that read the
                             saved history (default "5 per second; 120 per minute"). Counted
                             in each worker's memory: with N workers an address may get up to
                             N times the limit. "off" turns a limit off
    GARDENKIT_ADMIN_TOKEN    the operator's token: `Authorization: Bearer <token>` may edit
                             or delete any saved result (scorer.web.owners); default: none
    GARDENKIT_BODY_TIMEOUT   seconds a request's whole body may take to arrive under `gardenkit
                             serve` (default 120); a slower one is answered 408
"""
from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import secrets
import socket
import time
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException, SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.sansio.utils import host_is_trusted

from scorer.games.core import MAX_BODY_BYTES
from scorer.store.storage import NotYours, Storage, StorageUnavailable
from scorer.web.client_bounds import BODY_TIMEOUT_S, ClientBounds, client_of
from scorer.web.examples import Busy
from scorer.web.guards import (
    LIVE_ANSWERS,
    body_held_to_limit,
    body_limit_before_routing,
    hold_body_to_its_endpoint,
    refuse_writes_from_other_sites,
    replay_request,
    session_started,
)
from scorer.web.turns import simulated_game, take_turns

csrf = CSRFProtect()


def limited_client() -> str:
    """Whom the rate limits count a request against: its address as the rest of the server
    counts it (client_of), so an IPv6 client is one client across its /64, not a fresh one
    for each of the addresses its network lets it take."""
    return client_of(get_remote_address())


# In each worker's memory: no store to run, and a flood from one address is still cut to a
# few times the limit (docs/deploy.md). Tests turn it on where they test it.
limiter = Limiter(limited_client, storage_uri="memory://", headers_enabled=True)
# Endpoints whose every request writes, or reads the whole history, by the limit they share.
RATE_LIMITED = {
    "writes": ("history.save_result", "history.edit_result", "history.delete_result",
               "records.merge", "records.undo"),
    "exports": ("history.results_csv", "history.list_players", "records.play_log"),
    "replays": ("api.replay",),
    # A simulated game costs up to 0.7 s; without a limit one address asked for them flat out.
    "examples": ("api.example",),
    # Each of these reads up to a page of saved results, or counts them all, on the worker's
    # loop: one address asking flat out held every other request for seconds.
    "reads": ("history.list_results", "history.results_page", "records.roster_page", "records.player_page",
              "records.game_page"),
}
DEFAULT_READ_LIMIT = "5 per second; 120 per minute"   # GARDENKIT_READ_LIMIT's default
log = logging.getLogger("gardenkit")


def templates_dir() -> Path:
    """The installed `gardenkit_templates` package (the repo's templates/ folder in an
    editable install), found through the import system so any install layout works; run from
    a source checkout that is not installed, the checkout's own templates/ folder."""
    spec = importlib.util.find_spec("gardenkit_templates")
    for location in (spec.submodule_search_locations or []) if spec else []:
        if Path(location, "base.html").is_file():
            return Path(location)
    return Path(__file__).resolve().parents[2] / "templates"


def create_app(config: dict[str, Any] | None = None) -> Flask:
    folder = templates_dir()
    instance_path = (config or {}).get("INSTANCE_PATH") or os.environ.get("GARDENKIT_INSTANCE_PATH")
    app = Flask(__name__, instance_relative_config=True, instance_path=instance_path,
                template_folder=str(folder), static_folder=str(folder / "static"))
    try:
        os.makedirs(app.instance_path, exist_ok=True)
    except OSError as error:
        raise ConfigurationProblem(_instance_words(app.instance_path, error)) from None
    app.config.from_mapping(
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        DATABASE_URL=os.environ.get("GARDENKIT_DATABASE_URL")
        or "sqlite:///" + os.path.join(app.instance_path, "gardenkit.sqlite3"),
        SECRET_KEY=os.environ.get("GARDENKIT_SECRET_KEY") or os.environ.get("SECRET_KEY"),
        WTF_CSRF_TIME_LIMIT=None,  # a score sheet may stay open for a whole game
        # CSRF guards the HTML forms only: the pages blueprint asks for it (scorer.web.pages).
        # The JSON API uses no cookie, so there is nothing to forge, and no request of it
        # pays for the check.
        WTF_CSRF_CHECK_DEFAULT=False,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=os.environ.get("GARDENKIT_HTTPS", "") == "1",
        PROXIES=_proxy_count(os.environ.get("GARDENKIT_PROXIES", "0")),
        BODY_TIMEOUT=_body_timeout(os.environ.get("GARDENKIT_BODY_TIMEOUT", str(BODY_TIMEOUT_S))),
        ADMIN_TOKEN=os.environ.get("GARDENKIT_ADMIN_TOKEN") or None,
        # The keys of the results a browser saved are kept in cookies for as long as browsers
        # keep a cookie (scorer.web.owners); earlier releases kept them in the session.
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),
        # The session cookie is sent only by an answer that changed the session (its CSRF token
        # made, a message flashed): an answer to a request sent before another one changed it
        # would otherwise put the older session back.
        SESSION_REFRESH_EACH_REQUEST=False,
        WRITE_LIMIT=os.environ.get("GARDENKIT_WRITE_LIMIT", "60 per minute"),
        EXPORT_LIMIT=os.environ.get("GARDENKIT_EXPORT_LIMIT", "10 per minute"),
        REPLAY_LIMIT=os.environ.get("GARDENKIT_REPLAY_LIMIT", "30 per minute"),
        EXAMPLE_LIMIT=os.environ.get("GARDENKIT_EXAMPLE_LIMIT", "30 per minute"),
        READ_LIMIT=os.environ.get("GARDENKIT_READ_LIMIT", DEFAULT_READ_LIMIT),
    )
    app.config.update(config or {})
    app.config.setdefault("RATELIMIT_ENABLED", not app.config.get("TESTING"))
    listens_everywhere = app.config.get("TRUSTED_HOSTS") is None and app.config.get("LISTEN_HOST") in EVERY_ADDRESS
    if app.config.get("TRUSTED_HOSTS") is None:
        app.config["TRUSTED_HOSTS"] = trusted_hosts(app.config.get("LISTEN_HOST"),
                                                    os.environ.get("GARDENKIT_HOSTS", ""))
    app.wsgi_app = HostNames(app, listens_everywhere)  # type: ignore[method-assign]
    if app.config.get("CLIENT_BOUNDS"):  # `gardenkit serve`'s workers, where one client could hold them all
        app.wsgi_app = ClientBounds(app.wsgi_app, partial(body_limit_before_routing, app),  # type: ignore[method-assign]
                                    app.config["BODY_TIMEOUT"])
    if app.config["PROXIES"]:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=app.config["PROXIES"],  # type: ignore[method-assign]
                                x_proto=app.config["PROXIES"], x_host=app.config["PROXIES"])
    if not app.config["SECRET_KEY"]:
        try:
            app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))
        except OSError as error:
            raise ConfigurationProblem(_instance_words(app.instance_path, error)) from None
    # Answers keep the order the scorer gives their keys (each game's categories in rulebook
    # order), not Flask's default alphabetical one.
    app.json.sort_keys = False  # type: ignore[attr-defined]

    csrf.init_app(app)
    app.extensions["gardenkit.storage"] = Storage(app.config["DATABASE_URL"])

    from scorer.web import api, history, pages, photo_pages, printing, records

    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(printing.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(records.bp)
    app.register_blueprint(photo_pages.bp)
    app.before_request(refuse_writes_from_other_sites)  # before anything reads the post or counts it
    app.before_request(hold_body_to_its_endpoint)       # before anything reads the body
    app.before_request(_chunked_bodies_read_whole)
    if app.config.get("CLIENT_BOUNDS"):   # a gevent worker's loop, which heavy requests hold
        take_turns(app, RATE_LIMITED["reads"])
    # Registered before the limiter's own, so run after it (Flask runs them last first).
    app.after_request(_retry_after_only_on_refusals)
    _limit_rates(app)   # after: a request past its address's limit is refused before it waits
    _register_error_handlers(app)
    app.after_request(_security_headers)
    app.after_request(session_started)
    return app


def _chunked_bodies_read_whole() -> None:
    """Every body sent in chunks is read here, the one place that reads bodies, before any
    page's form parser: held to the size limit, and a malformed one refused with a plain 400.
    The photo page reads its larger uploads with its own parser and limit."""
    if "HTTP_TRANSFER_ENCODING" in request.environ and request.blueprint != "photo":
        body_held_to_limit()


LOOPBACK_NAMES = ["localhost", "127.0.0.1"]
EVERY_ADDRESS = ("0.0.0.0", "::", "")
LAN_REREAD_S = 10.0   # the least time between two readings of the machine's address on the network


def trusted_hosts(listen_host: str | None, more: str) -> list[str]:
    """The host names a request may name (Flask's TRUSTED_HOSTS): the loopback names, the
    names of the address the server listens on (every name and address of the machine when
    that is all of them, 0.0.0.0 or ::, HostNames adding the address on the network), and
    those GARDENKIT_HOSTS adds, all in lower case (HostNames lowers the request's). werkzeug matches
    no IPv6 address in brackets ([::1]), so a server on IPv6 is reached by a name."""
    names = [*LOOPBACK_NAMES, *(name.strip().lower() for name in more.split(",") if name.strip())]
    if listen_host in EVERY_ADDRESS:
        machine = socket.gethostname()
        names += [machine, f"{machine}.local", socket.getfqdn()]
        with contextlib.suppress(OSError):  # a machine whose name does not resolve: the name is listed
            names += [str(info[4][0]) for info in socket.getaddrinfo(machine, None, socket.AF_INET)]
    elif listen_host and ":" not in listen_host:
        names.append(listen_host)
    return list(dict.fromkeys(name.lower() for name in names))


NO_HOST = b"an HTTP/1.1 request must name the host it is for, in its Host header\n"


class HostNames:
    """The app's WSGI entry as far as host names go. A host name is case-blind: the Host header
    is lowered before Flask compares it with TRUSTED_HOSTS (behind a proxy, after ProxyFix has
    put the forwarded name there). And a server listening on every address follows the machine
    onto another network (a laptop joining the club's Wi-Fi while it serves): a name it does
    not answer to has the address on the network read again, at most once per LAN_REREAD_S
    however many such requests come (an unknown name costs one socket call then, nothing
    after), and the previous network's address is dropped."""

    def __init__(self, app: Flask, listens_everywhere: bool):
        self.app, self.wsgi_app = app, app.wsgi_app
        self.listens_everywhere = listens_everywhere
        self.routed: list[str] = []
        self.last_read: float | None = None   # never read again yet
        if listens_everywhere:
            self.trust(_routed_addresses())

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        host = environ.get("HTTP_HOST")
        if not host and environ.get("SERVER_PROTOCOL") == "HTTP/1.1":   # HTTP/1.0 may leave it out
            start_response("400 Bad Request", [("Content-Type", "text/plain; charset=utf-8")])
            return [NO_HOST]
        if host:
            environ["HTTP_HOST"] = host = host.lower()
            if self.listens_everywhere and not host_is_trusted(host, self.app.config["TRUSTED_HOSTS"]):
                self.read_the_address_again()
        return self.wsgi_app(environ, start_response)

    def read_the_address_again(self) -> None:
        now = time.monotonic()
        if self.last_read is not None and now - self.last_read < LAN_REREAD_S:
            return
        self.last_read = now
        self.trust(_routed_addresses())

    def trust(self, routed: list[str]) -> None:
        """Answer to the machine's address on its network now, instead of the one before."""
        kept = [name for name in self.app.config["TRUSTED_HOSTS"] if name not in self.routed]
        self.routed = routed
        self.app.config["TRUSTED_HOSTS"] = list(dict.fromkeys([*kept, *routed]))


def _routed_addresses() -> list[str]:
    """This machine's IPv4 address on the network its default route leads to (what phones on
    the same Wi-Fi type), often missing from what its name resolves to. Connecting a UDP
    socket sends nothing; it only asks the kernel which local address that route uses."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        udp.connect(("192.0.2.1", 9))  # TEST-NET-1: routed like any outside address, never answered
        return [str(udp.getsockname()[0])]
    return []


class ConfigurationProblem(ValueError):
    """The app cannot start as configured; str() says what to change, in one line."""


def _instance_words(path: str, error: OSError) -> str:
    return (f"cannot use the instance folder {path} ({error.strerror}); set GARDENKIT_INSTANCE_PATH "
            "to a folder the server may write")


def _limit_rates(app: Flask) -> None:
    """Each group of RATE_LIMITED endpoints shares one limit per client address; a client
    over it is answered 429 with Retry-After."""
    limiter.init_app(app)
    for group, endpoints in RATE_LIMITED.items():
        rate = app.config[f"{group[:-1].upper()}_LIMIT"]
        if rate == "off":
            continue
        shared = limiter.shared_limit(rate, scope=group)
        for endpoint in endpoints:
            app.view_functions[endpoint] = shared(app.view_functions[endpoint])  # type: ignore[assignment]
    for endpoint, counted in COUNTED_SOMETIMES.items():
        for group, not_counted in counted:
            rate = app.config[f"{group[:-1].upper()}_LIMIT"]
            if rate != "off":
                shared = limiter.shared_limit(rate, scope=group, exempt_when=not_counted)
                app.view_functions[endpoint] = shared(app.view_functions[endpoint])  # type: ignore[assignment]


def _retry_after_only_on_refusals(response: Response) -> Response:
    """Flask-Limiter puts Retry-After (when its window ends) on every answer of a limited
    address, a 201 too, where it says nothing; it stays on the 429s and 503s it belongs to."""
    if response.status_code not in (429, 503):
        response.headers.pop("Retry-After", None)
    return response


def _not_a_save() -> bool:
    return request.method != "POST" or request.form.get("op") != "save"


def _not_a_post() -> bool:
    return request.method != "POST"


def _not_a_replay() -> bool:
    return not replay_request()


def _not_an_example() -> bool:
    return request.method != "GET" or request.args.get("example") != "1"


def _not_a_simulated_game() -> bool:
    return not simulated_game()


# Pages that write, replay or play a simulated game only on some requests, by the limits those
# share with the API's, and what tells the others: opening a page, or scoring and checking on
# it, is not counted. (Module functions, not lambdas: Flask-Limiter keeps one copy of equal
# limits, and each create_app, a test's say, makes them again.)
COUNTED_SOMETIMES = {"pages.score_page": (("writes", _not_a_save), ("examples", _not_an_example)),
                     "history.edit_page": (("writes", _not_a_save),),
                     "history.delete_page": (("writes", _not_a_post),),
                     "pages.check_page": (("replays", _not_a_replay), ("examples", _not_a_simulated_game))}


def _body_timeout(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 1 <= seconds <= 3600:
        raise ConfigurationProblem(f"GARDENKIT_BODY_TIMEOUT must be a number of seconds from 1 to 3600, not {text!r}")
    return seconds


def _proxy_count(text: str) -> int:
    if not text.isascii() or not text.isdigit() or int(text) > 10:
        raise ConfigurationProblem(f"GARDENKIT_PROXIES must be a whole number from 0 to 10, not {text!r}")
    return int(text)


# Pages run only the app's own scripts and styles (templates/static/): an injected inline
# script or a script from elsewhere is not run, and forms post only back to the app.
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; "
                           "img-src 'self' data:; object-src 'none'; base-uri 'none'; "
                           "form-action 'self'; frame-ancestors 'none'")


def _security_headers(response):
    """No MIME sniffing, no framing by other sites (clickjacking), no full URLs leaked, and
    no script or style from anywhere but the app."""
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


def _instance_secret(instance: Path) -> str:
    """A random secret kept in the instance folder, created once, so that every worker
    process (and a restart) signs CSRF tokens with the same key."""
    path = instance / "secret_key"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(fd, "w") as out:
        out.write(secrets.token_hex(32))
    return path.read_text().strip()


def wants_json() -> bool:
    """API, OpenAPI, health and the pages' live answers are JSON; pages answer with HTML."""
    path = request.path
    return (path.startswith("/api/") or path in ("/openapi.json", "/healthz") or _live_answers_address()
            or request.accept_mimetypes.best == "application/json")


def _live_answers_address() -> bool:
    """Whether the request is to a live answer's address, asked with any method: a 405 (a GET
    of /live, say) matched no endpoint, so the address is matched again as the POST it takes."""
    if request.endpoint is not None:
        return request.endpoint in LIVE_ANSWERS
    try:
        endpoint, _ = current_app.create_url_adapter(request).match(method="POST")  # type: ignore[union-attr]
    except HTTPException:   # no such address (404), or a redirect
        return False
    return endpoint in LIVE_ANSWERS


def _register_error_handlers(app: Flask) -> None:
    messages = {
        400: "the request could not be understood",
        404: "there is nothing at this address",
        405: "this address does not accept that method",
        413: f"the request body is larger than {MAX_BODY_BYTES // 1024} KB",
    }

    def answer(status: int, message: str, not_yours: bool = False):
        if wants_json():
            return jsonify({"error": message}), status
        return render_template("error.html", status=status, message=message, not_yours=not_yours), status

    @app.errorhandler(CSRFError)
    def csrf_failed(error: CSRFError):
        return answer(400, "the form expired or did not come from this site; reload the page and try again")

    @app.errorhandler(RateLimitExceeded)
    def too_many(error: RateLimitExceeded):
        return answer(429, f"too many requests of this kind from your address (the limit is "
                           f"{error.limit.limit}); try again in a minute")

    @app.errorhandler(SecurityError)
    def untrusted_host(error: SecurityError):
        # No page: a page's links are built from the host name, which is the one refused.
        message = ("this server does not answer to the host name this request names; its "
                   "operator can add the name to GARDENKIT_HOSTS")
        if wants_json():
            return jsonify({"error": message}), 400
        return Response(message + "\n", 400, mimetype="text/plain")

    @app.errorhandler(Busy)
    def busy(error: Busy):
        body, status = answer(503, str(error))
        return body, status, {"Retry-After": str(error.retry_after)}

    @app.errorhandler(NotYours)
    def not_yours(error: NotYours):
        return answer(403, str(error), not_yours=True)

    @app.errorhandler(StorageUnavailable)
    def storage_down(error: StorageUnavailable):
        log.warning("results database unavailable: %s", error.detail)
        return answer(503, str(error))

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        status = error.code or 500
        # Our own refusals carry their reason; werkzeug's stock ones get our plain words.
        own_words = error.description != type(error).description
        message = error.description if own_words else messages.get(status, error.description or error.name)
        body, status = answer(status, message or error.name)
        # A 405 names the methods the address does take (HTTP's Allow header).
        allowed = getattr(error, "valid_methods", None)
        return body, status, {"Allow": ", ".join(allowed)} if allowed else {}

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        # The safety net: log the traceback for the operator, answer plainly, never leak it.
        log.exception("unexpected error on %s %s", request.method, request.path)
        return answer(500, "something went wrong on our side; the error has been logged")
