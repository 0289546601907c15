"""The `hc_identity` cookie tells the pages who their player is: set on the first answer, again whenever the player
changes (a cleared cookie, sign-in to another account, sign-out, erasure, a session ended from another device), and
never otherwise."""

from __future__ import annotations

from typing import Any

from heartcards.web.identity import IDENTITY_COOKIE, PLAYER_COOKIE, identity_tag
from tests.web.accounts.conftest import PUBLIC_URL, create_account, sign_in
from tests.web.conftest import AppMaker


def tags_set(answer: Any) -> list[str]:
    """The `hc_identity` values an answer sets (its whole `Set-Cookie` lines)."""
    return [line for line in answer.headers.get_list("set-cookie") if line.startswith(f"{IDENTITY_COOKIE}=")]


def tag_of(answer: Any) -> str:
    [line] = tags_set(answer)
    return line.split(";", 1)[0].split("=", 1)[1]


def test_a_guest_is_named_once_and_again_after_a_cleared_cookie(client: Any) -> None:
    first = client.get("/")
    assert tag_of(first) == identity_tag(client.cookies[PLAYER_COOKIE])
    [line] = tags_set(first)
    assert "httponly" not in line.lower() and "samesite=lax" in line.lower()  # the pages read it
    assert tags_set(client.get("/api/h2h/stats")) == [] and tags_set(client.get("/play")) == []
    assert tags_set(client.get("/static/js/common/identity.js")) == []
    client.cookies.delete(PLAYER_COOKIE)  # a cleared cookie: a new guest
    again = client.get("/api/h2h/stats")
    assert tag_of(again) == identity_tag(client.cookies[PLAYER_COOKIE]) != tag_of(first)


def test_each_change_of_player_on_an_account_renames_the_page_s_player(app_maker: AppMaker) -> None:
    app = app_maker.new_app(public_url=PUBLIC_URL)
    with app_maker.client(app, base_url=PUBLIC_URL) as phone, app_maker.client(app, base_url=PUBLIC_URL) as laptop:
        phone.get("/")
        guest = phone.cookies[IDENTITY_COOKIE]
        account = create_account(phone)  # the guest's games join the account's player
        mine = phone.cookies[IDENTITY_COOKIE]
        assert mine != guest and tags_set(phone.get("/api/account")) == []

        laptop.get("/")
        signed_in = sign_in(laptop, account["authenticator"])
        assert tag_of(signed_in) == mine
        assert tags_set(laptop.get("/api/h2h/stats")) == []

        signed_out = laptop.post("/api/account/sign-out")
        assert signed_out.status_code == 200, signed_out.text
        assert tag_of(signed_out) == identity_tag(laptop.cookies[PLAYER_COOKIE]) != mine
        assert tags_set(laptop.get("/api/h2h/stats")) == []

        sign_in(laptop, account["authenticator"])
        devices = phone.get("/api/account/details").json()["devices"]
        phone.post(f"/api/account/devices/{devices[1]['id']}/sign-out")  # the laptop, signed out from the phone
        assert tag_of(laptop.get("/")) == identity_tag(laptop.cookies[PLAYER_COOKIE]) != mine

        current = next(device["id"] for device in devices if device["current"])
        own = phone.post(f"/api/account/devices/{current}/sign-out")
        assert tag_of(own) == identity_tag(phone.cookies[PLAYER_COOKIE]) != mine

        sign_in(phone, account["authenticator"])
        erased = phone.delete("/api/account")
        assert erased.status_code == 200, erased.text
        assert tag_of(erased) == identity_tag(phone.cookies[PLAYER_COOKIE]) != mine
