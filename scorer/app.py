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
"""
from __future__ import annotations

import importlib.util
import logging
import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask, jsonify, render_template, request
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix

from scorer.core import MAX_BODY_BYTES
from scorer.storage import Storage, StorageUnavailable

csrf = CSRFProtect()
log = logging.getLogger("gardenkit")


def templates_dir() -> Path:
    """The installed `gardenkit_templates` package (the repo's templates/ folder in an
    editable install), found through the import system so any install layout works."""
    spec = importlib.util.find_spec("gardenkit_templates")
    for location in (spec.submodule_search_locations or []) if spec else []:
        if Path(location, "base.html").is_file():
            return Path(location)
    return Path(__file__).resolve().parent.parent / "templates"


def create_app(config: dict[str, Any] | None = None) -> Flask:
    folder = templates_dir()
    instance_path = (config or {}).get("INSTANCE_PATH") or os.environ.get("GARDENKIT_INSTANCE_PATH")
    app = Flask(__name__, instance_relative_config=True, instance_path=instance_path,
                template_folder=str(folder), static_folder=str(folder / "static"))
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        DATABASE_URL=os.environ.get("GARDENKIT_DATABASE_URL")
        or "sqlite:///" + os.path.join(app.instance_path, "gardenkit.sqlite3"),
        SECRET_KEY=os.environ.get("GARDENKIT_SECRET_KEY") or os.environ.get("SECRET_KEY"),
        WTF_CSRF_TIME_LIMIT=None,  # a score sheet may stay open for a whole game
        # CSRF guards the HTML forms only: the pages blueprint asks for it (scorer.pages).
        # The JSON API uses no cookie, so there is nothing to forge, and no request of it
        # pays for the check.
        WTF_CSRF_CHECK_DEFAULT=False,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=os.environ.get("GARDENKIT_HTTPS", "") == "1",
        PROXIES=_proxy_count(os.environ.get("GARDENKIT_PROXIES", "0")),
    )
    app.config.update(config or {})
    if app.config["PROXIES"]:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=app.config["PROXIES"],  # type: ignore[method-assign]
                                x_proto=app.config["PROXIES"], x_host=app.config["PROXIES"])
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))
    # Answers keep the order the scorer gives their keys (each game's categories in rulebook
    # order), not Flask's default alphabetical one.
    app.json.sort_keys = False  # type: ignore[attr-defined]

    csrf.init_app(app)
    app.extensions["gardenkit.storage"] = Storage(app.config["DATABASE_URL"])

    from scorer import api, history, pages, photo_pages, printing

    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(printing.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(photo_pages.bp)
    _register_error_handlers(app)
    app.after_request(_security_headers)
    return app


def _proxy_count(text: str) -> int:
    if not text.isascii() or not text.isdigit() or int(text) > 10:
        raise ValueError(f"GARDENKIT_PROXIES must be a whole number from 0 to 10, not {text!r}")
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
    """API, OpenAPI and health answers are JSON; pages answer with HTML."""
    path = request.path
    return (path.startswith("/api/") or path in ("/openapi.json", "/healthz")
            or request.accept_mimetypes.best == "application/json")


def _register_error_handlers(app: Flask) -> None:
    messages = {
        400: "the request could not be understood",
        404: "there is nothing at this address",
        405: "this address does not accept that method",
        413: f"the request body is larger than {MAX_BODY_BYTES // 1024} KB",
    }

    def answer(status: int, message: str):
        if wants_json():
            return jsonify({"error": message}), status
        return render_template("error.html", status=status, message=message), status

    @app.errorhandler(CSRFError)
    def csrf_failed(error: CSRFError):
        return answer(400, "the form expired or did not come from this site; reload the page and try again")

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
