"""An app whose public address is HTTPS (so cookies must be Secure), and players as TestClients on it; the recovery
codes hashed at argon2's lowest cost but where a test asks for the product's."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Final

import pytest
from argon2 import PasswordHasher

from heartcards.web.accounts import codes
from tests.support.authenticator import SoftAuthenticator
from tests.web.conftest import AppMaker

PUBLIC_URL = "https://cards.example.org"
PRODUCT_HASHER: Final = codes.HASHER


@pytest.fixture(autouse=True)
def quick_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """argon2 at its lowest cost: the same code and checks without some 300 ms of hashing for every ten codes made
    (each account, each renewal). The test of the hashes' thread puts `PRODUCT_HASHER` back and holds its cost."""
    monkeypatch.setattr(codes, "HASHER", PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))


@pytest.fixture
def accounts_app(app_maker: AppMaker) -> Any:
    return app_maker.new_app(public_url=PUBLIC_URL)


@pytest.fixture
def new_client(app_maker: AppMaker, accounts_app: Any) -> Iterator[Callable[[], Any]]:
    """Makes a new device (own cookies) on the app, at the public address."""
    clients: list[Any] = []

    def make() -> Any:
        client = app_maker.client(accounts_app, base_url=PUBLIC_URL)
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.close()


def create_account(client: Any, authenticator: SoftAuthenticator | None = None, name: str = "Ada") -> dict[str, Any]:
    """Create an account on `client` with a new passkey (or `authenticator`); the register answer."""
    authenticator = authenticator or SoftAuthenticator(PUBLIC_URL)
    options = client.post("/api/account/register/options", json={"name": name}).json()["public_key"]
    answer = client.post("/api/account/register", json={"credential": authenticator.create(options), "name": name})
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    body["authenticator"] = authenticator
    return body


def sign_in(client: Any, authenticator: SoftAuthenticator) -> Any:
    options = client.post("/api/account/sign-in/options").json()["public_key"]
    return client.post("/api/account/sign-in", json={"credential": authenticator.get(options)})
