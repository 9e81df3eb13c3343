"""Who may change a saved result: whoever saved it, holding its key, and the operator.

A save answers with the result's key (`"key"` in the JSON). The database keeps only its
SHA-256, so a copy of the database lets no one change a result. The saving browser also keeps
the keys of its most recent saves, one cookie per result (`result-key-<id>`, HttpOnly), so the
pages' edit and delete forms, and its own API calls, work without anyone handling a key. One
cookie each, and not one list in the session: an answer to a request sent before a save (or a
second save at the same time) carries the session as it was, and would replace the list
holding the new key; it never names the new result's cookie. A browser that saved with an
earlier release holds those keys in its session, where they are still read.

A request may change a result when it carries the result's key (the header `X-Result-Key:
<key>`, or `Authorization: Bearer <key>`), when its browser's cookies hold the key, or when it carries
the operator's token (`Authorization: Bearer <GARDENKIT_ADMIN_TOKEN>`), which may change any
result, including those saved before results had keys. Tokens and keys are compared in
constant time.

A save repeated with the same save key (Idempotency-Key) answers with the same result; its
key (derived from the save key and the app's secret, so the database need not hold it) only
when the repeat already may change the result: its cookies hold the key, or it carries the
key or the operator's token. Whoever merely knows a save key learns no result's key.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from typing import Any

from flask import Response, after_this_request, current_app, request, session

from scorer.store.green import off_the_loop
from scorer.store.storage import NotYours, OwnerCheck, Storage

REMEMBERED_RESULTS = 30   # results whose keys one browser keeps (some 1.5 KB of cookies)
KEY_COOKIE = "result-key-"        # + the result's id
SESSION_FIELD = "result_keys"     # where earlier releases kept the keys, in the session


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


def new_key(save_key: str | None) -> str:
    """A result's key: random, or, for a save that may be repeated, the save key signed with
    the app's secret (the repeat answers with the same key)."""
    if save_key is None:
        return secrets.token_urlsafe(24)
    secret = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(secret, b"result key:" + save_key.encode(), hashlib.sha256).hexdigest()[:32]


# A save waits on the database inside C code (SQLite's write lock, its log, a checkpoint: some
# 40 ms on a busy disk), which in a gevent worker would hold every other request of the worker:
# a flood of saves held every page 1-2 s. So the wait is made on a thread of gevent's pool, one
# save of the worker at a time (as many writers as before: more only wait for each other's
# lock), and the other requests go on meanwhile; the saves waiting for their turn cost nothing.
SAVING = threading.Lock()


def save_owned(storage: Storage, game: str, state: Any, result: dict, *, key: str | None = None,
               note: str | None = None, details: dict[str, Any] | None = None
               ) -> tuple[dict[str, Any], bool, str | None]:
    """Storage.save_once with a key for the saver: (record, stored now, the result's key, or
    None for a repeat by a request that does not own the result). The browser remembers
    the key in a cookie."""
    result_key = new_key(key)
    owner = key_hash(result_key)
    with SAVING:
        saved, created = off_the_loop(lambda: storage.save_once(game, state, result, key=key, note=note,
                                                                details=details, owner_key_hash=owner))
    if not created and not may_change(saved["id"])(storage.owner_key_hash(saved["id"])):
        return saved, created, None
    remember(saved["id"], result_key)
    return saved, created, result_key


def remember(result_id: int, result_key: str) -> None:
    """Give the browser the result's key in a cookie of its own, kept as long as browsers keep
    a cookie; the cookies of its oldest results (the lowest ids) beyond REMEMBERED_RESULTS are
    dropped."""
    held = sorted({*_remembered_ids(), result_id})
    config = current_app.config

    @after_this_request
    def keep(response: Response) -> Response:
        response.set_cookie(f"{KEY_COOKIE}{result_id}", result_key, max_age=config["PERMANENT_SESSION_LIFETIME"],
                            secure=config["SESSION_COOKIE_SECURE"], httponly=True, samesite="Lax")
        for old in held[:-REMEMBERED_RESULTS]:
            response.delete_cookie(f"{KEY_COOKIE}{old}", secure=config["SESSION_COOKIE_SECURE"],
                                   httponly=True, samesite="Lax")
        return response


def forget(result_id: int) -> None:
    """Drop the browser's cookie for a result that is gone: its key opens nothing now, and the
    cookie would hold one of the REMEMBERED_RESULTS places until it expired."""
    config = current_app.config

    @after_this_request
    def drop(response: Response) -> Response:
        response.delete_cookie(f"{KEY_COOKIE}{result_id}", secure=config["SESSION_COOKIE_SECURE"],
                               httponly=True, samesite="Lax")
        return response


def _remembered_ids() -> list[int]:
    suffixes = (name.removeprefix(KEY_COOKIE) for name in request.cookies if name.startswith(KEY_COOKIE))
    return [int(suffix) for suffix in suffixes if suffix.isascii() and suffix.isdigit() and len(suffix) < 20]


def _offered_keys(result_id: int) -> list[str]:
    """The keys this request holds for the result: from its headers and its cookies."""
    offered = [request.headers.get("X-Result-Key", "")]
    scheme, _, credential = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer":
        offered.append(credential.strip())
    offered.append(request.cookies.get(f"{KEY_COOKIE}{result_id}", ""))
    offered += [key for kept_id, key in session.get(SESSION_FIELD, []) if kept_id == result_id]
    return [key for key in offered if key]


def is_operator(typed: str | None = None) -> bool:
    """Whether the request carries the operator's token: as `Authorization: Bearer`, or as
    `typed`, the token typed into a page's form (the roster's merge form)."""
    token = current_app.config.get("ADMIN_TOKEN") or ""
    scheme, _, credential = request.headers.get("Authorization", "").partition(" ")
    offered = typed if typed is not None else credential if scheme.lower() == "bearer" else ""
    return bool(token) and bool(offered) and hmac.compare_digest(
        offered.strip().encode("utf-8", "replace"), token.encode("utf-8", "replace"))


def may_change(result_id: int) -> OwnerCheck:
    """The check Storage.update and Storage.delete make, in their transaction, on the
    result's stored key hash."""
    operator = is_operator()
    offered = [key_hash(key) for key in _offered_keys(result_id)]

    def check(stored_hash: str | None) -> bool:
        if operator:
            return True
        return stored_hash is not None and any(hmac.compare_digest(stored_hash, each) for each in offered)
    return check



def require_owner(storage: Storage, result_id: int) -> None:
    """NotYours unless this request may change the result: the pages ask before they show
    an edit or delete form that could only be refused."""
    if not may_change(result_id)(storage.owner_key_hash(result_id)):
        raise NotYours("only the browser that saved this result, or the operator, may change it")
