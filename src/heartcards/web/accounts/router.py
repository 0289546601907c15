"""The accounts' one router (API and the `/account` page), and `start_accounts`, which `create_app` calls to give the
app its account service and session lookup."""

from __future__ import annotations

from collections.abc import Sequence

from fastapi import APIRouter, FastAPI

from heartcards.runtime.clock import utc_now
from heartcards.storage.account_repository import AccountRepository
from heartcards.web.accounts.routes import router as api_router
from heartcards.web.accounts.service import AccountService, PlayerStore
from heartcards.web.accounts.sessions import Sessions
from heartcards.web.pages import pages_router
from heartcards.web.routing import join
from heartcards.web.services import Services

router = APIRouter()
join(router, api_router, pages_router({"/account": "account/account"}))


def start_accounts(app: FastAPI, services: Services, store_names: Sequence[str]) -> AccountService:
    """The account service on the app's database. `store_names` are the `app.state` attributes of the services
    that keep players' games in memory (looked up when needed: the Hearts tables start with the event loop)."""
    repository = AccountRepository(services.engine)
    sessions = Sessions(repository)

    def stores() -> list[PlayerStore]:
        return [store for name in store_names if (store := _store(app, name)) is not None]

    accounts = AccountService(repository, sessions, stores, utc_now, services.counters)
    app.state.sessions = sessions
    app.state.accounts = accounts
    return accounts


def _store(app: FastAPI, name: str) -> PlayerStore | None:
    store: PlayerStore | None = getattr(app.state, name, None)
    return store
