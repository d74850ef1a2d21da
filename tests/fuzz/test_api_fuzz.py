"""Every endpoint of `parlour serve` against junk (issue 14): never a 5xx, every refusal a 4xx with
{"error": one sentence} that does not echo its input whole. The routes come from the app itself, so a new
game's page is fuzzed from the day it is mounted. `make fuzz` runs this for a time budget."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from fastapi.routing import APIRoute
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from parlour.web.app import api_routes, create_app

APP = create_app()
CLIENT = TestClient(APP, raise_server_exceptions=False)
# Endpoints that only start a background job are fuzzed too; the job pool bounds what they can cost.
ROUTES = [(m, path, r) for path, r in api_routes(APP) for m in sorted(r.methods or ()) if m != "HEAD"]

JSON_LEAF = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=40),
    st.sampled_from(["١٢", "³", "9" * 400, "-1", "0", "1,2", "", "normal", "learning"]),
)
JSON = st.recursive(JSON_LEAF, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                                             max_size=5), max_leaves=12)


def _fields(route: APIRoute) -> tuple[list[str], list[str]]:
    """(query parameter names, body field names) the route declares."""
    query = [p.alias for p in route.dependant.query_params]
    body: list[str] = []
    for p in route.dependant.body_params:
        model = getattr(p.field_info, "annotation", None)
        fields = getattr(model, "model_fields", None)
        body += list(fields) if fields else [p.alias]
    return query, body


@st.composite
def request(draw: st.DrawFn) -> tuple[str, str, dict[str, Any]]:
    method, path, route = draw(st.sampled_from(ROUTES))
    for name in route.param_convertors:
        path = path.replace("{" + name + "}", draw(st.text(alphabet="abc123-_%.", min_size=1, max_size=12)))
    query, body = _fields(route)
    kwargs: dict[str, Any] = {}
    if query:
        kwargs["params"] = {k: draw(st.one_of(st.text(max_size=30), st.sampled_from(["9" * 300, "١٢", "³,4"])))
                            for k in query if draw(st.booleans())}
    if method in ("POST", "PUT", "PATCH"):
        kind = draw(st.sampled_from(["fields", "json", "bytes"]))
        if kind == "fields" and body:
            kwargs["json"] = {k: draw(JSON) for k in body if draw(st.booleans())}
        elif kind == "json":
            kwargs["json"] = draw(JSON)
        else:
            kwargs["content"] = draw(st.binary(max_size=200))
            kwargs["headers"] = {"content-type": "application/json"}
    return method, path, kwargs


def check(method: str, path: str, kwargs: dict[str, Any]) -> None:
    r = CLIENT.request(method, path, **kwargs)
    assert r.status_code < 500, f"{method} {path} {kwargs!r:.300}: {r.status_code} {r.text[:300]}"
    if r.status_code >= 400:
        body = r.json()
        assert isinstance(body.get("error"), str) and body["error"], r.text[:300]
        assert len(body["error"]) <= 300, f"{method} {path}: an error of {len(body['error'])} characters"
    else:
        _cancel_job(r)


def _cancel_job(r: Any) -> None:
    """A job the case started is cancelled at once: the pool would run every queued one before exiting."""
    try:
        body = r.json()
    except ValueError:
        return
    if isinstance(body, dict) and isinstance(body.get("job"), str):
        CLIENT.post(f"/jobs/{body['job']}/cancel")


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@settings(max_examples=150, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(request())
def test_no_request_gets_a_5xx(req):
    check(*req)


def test_every_route_is_fuzzed():
    assert len(ROUTES) >= 4
    assert {"/winorlose/api/play", "/winorlose/api/chance", "/cowtrade/api/endgame/state", "/cowtrade/api/endgame/move",
            "/cowtrade/api/endgame/hidden", "/cowtrade/api/endgame/quartets"} <= {path for _, path, _ in ROUTES}


# Near-valid two-quartet games: one field junk at a time, the rest a small game, so the checks behind the
# first ones are reached too. A game that passes every check starts a job (one per game; little money, so
# each is quick: a running solve holds the interpreter lock the requests need).
QUARTETS = {"points": [1000, 500], "animals1": [2, 3], "cards1": [10], "cards2": [0], "challenger": 1,
            "held1": [], "held2": [], "rules": "rules", "next": "alternate"}


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@settings(max_examples=80, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.sampled_from(sorted(QUARTETS)), JSON)
def test_two_quartets_with_one_junk_field(field: str, junk: Any) -> None:
    r = CLIENT.post("/cowtrade/api/endgame/quartets", json={**QUARTETS, field: junk})
    assert r.status_code < 500, f"{field}={junk!r:.200}: {r.status_code} {r.text[:300]}"
    body = r.json()
    if r.status_code >= 400:
        assert isinstance(body.get("error"), str) and 0 < len(body["error"]) <= 300, r.text[:300]
    else:
        assert body["ready"] or body["job"].startswith("cowtrade-quartets-")
        _cancel_job(r)
