"""The app factory: one app that mounts the router of every registered game with a page."""

from __future__ import annotations

import warnings

import pytest
from fastapi import APIRouter

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from parlour import registry
from parlour.web import app as web_app


def test_every_game_with_a_page_is_mounted():
    names = [name for name, _ in web_app.routers()]
    assert names == [g.name for g in registry.GAMES if g.web]
    assert "winorlose" in names
    client = TestClient(web_app.create_app())
    paths = set(client.get("/openapi.json").json()["paths"])
    assert {"/winorlose/", "/winorlose/api/play", "/winorlose/api/types", "/winorlose/api/chance"} <= paths
    # a game's paths lie under its root (/api/review is the site's)
    assert all(p.split("/")[1] in {*names, "jobs", "api"} for p in paths)
    assert client.get("/static/winorlose.css").status_code == 200


def test_two_routers_may_not_serve_the_same_path(monkeypatch):
    clash = APIRouter()

    @clash.post("/api/play")
    def _other() -> dict[str, str]:
        return {}

    mounted = web_app.routers()
    monkeypatch.setattr(web_app, "routers", lambda: [*mounted, ("winorlose", clash)])
    with pytest.raises(RuntimeError, match="both serve POST /winorlose/api/play"):
        web_app.create_app()


def test_errors_of_any_router_are_one_sentence_with_status_400():
    client = TestClient(web_app.create_app())
    r = client.get("/winorlose/api/chance", params={"hand": "3", "table": "0,1,2,4,5"})
    assert r.status_code == 400 and r.json() == {"error": "hand needs exactly 2 cards, got 1 ('3')"}


def test_unknown_job_and_unknown_page_are_sentences():
    client = TestClient(web_app.create_app())
    r = client.get("/jobs/nothing")
    assert r.status_code == 400 and "no job" in r.json()["error"]
    assert client.get("/no/such/page").json() == {"error": "no such page"}
    assert client.get("/favicon.ico").status_code == 200
    home = client.get("/").text
    assert all(f'id="card-{g.name}"' in home for g in registry.GAMES)


def test_every_game_has_a_guide_for_players_linked_from_its_page():
    from fastapi.testclient import TestClient

    from parlour.registry import GAMES
    from parlour.web.app import create_app

    client = TestClient(create_app())
    for g in GAMES:
        guide = client.get(f"/guide/{g.name}")
        assert guide.status_code == 200 and "<h2>The rules</h2>" in guide.text, g.name
        assert f'/static/pictures/{g.name}.svg' in guide.text
        assert client.get(f"/static/pictures/{g.name}.svg").headers["content-type"].startswith("image/svg")
        if g.web:
            assert f'href="/guide/{g.name}"' in client.get(f"/{g.name}/").text
    assert client.get("/guide/nonsense").status_code == 404


def test_every_image_the_docs_show_is_served_and_the_docs_name_no_machine_path():
    import re
    from pathlib import Path

    from fastapi.testclient import TestClient

    from parlour.web.app import create_app

    client = TestClient(create_app())
    docs = Path(__file__).resolve().parents[2] / "docs"
    guides = Path(__file__).resolve().parents[2] / "src" / "parlour" / "web" / "guides"
    for page in [*docs.glob("*.md"), *guides.glob("*.md")]:
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"(/work/|/home/|/root/|/tmp/|/Users/)", text), page.name
    for name in ("cowtrade", "goose", "guess", "memory", "winorlose"):
        html = client.get(f"/docs/{name}").text + client.get(f"/guide/{name}").text
        for src in re.findall(r'<img src="([^"]+)"', html):
            url = src if src.startswith("/") else f"/docs/{src}"
            assert client.get(url).status_code == 200, (name, src)
