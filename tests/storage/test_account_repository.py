"""Accounts' storage on SQLite and PostgreSQL: one-time secrets are taken once, a guest's games move to an account,
and erasing an account keeps only what other people's tables need."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from heartcards.runtime.clock import utc_now
from heartcards.storage import open_engine, upgrade_database
from heartcards.storage.account_repository import AccountRecord, AccountRepository, PasskeyRecord, SessionRecord
from heartcards.storage.h2h_models import GAMES
from heartcards.storage.h2h_repository import H2HRepository
from heartcards.storage.hearts_models import SEATS
from heartcards.storage.hearts_repository import HeartsRepository, SeatRecord, TableRecord


def test_secrets_are_taken_once_games_merge_and_erasure_keeps_shared_tables(each_database_url: str) -> None:
    engine = open_engine(each_database_url)
    upgrade_database(engine)
    accounts, games, hearts = AccountRepository(engine), H2HRepository(engine), HeartsRepository(engine)
    now = utc_now()
    account = AccountRecord("a" * 32, "b" * 32, "Ada", now)
    accounts.create_account(account, PasskeyRecord("cred", account.id, b"key", 0, "Phone", now, None))
    accounts.create_session(SessionRecord("s" * 32, account.id, "Phone", now, now), "h" * 64)

    accounts.save_challenge("c1", "sign_in", None, now, now + timedelta(minutes=5))
    assert accounts.take_challenge("c1", "register", now) == (False, None)
    assert accounts.take_challenge("c1", "sign_in", now) == (True, None)
    assert accounts.take_challenge("c1", "sign_in", now) == (False, None)
    accounts.save_challenge("c2", "sign_in", None, now, now + timedelta(minutes=5))
    assert accounts.take_challenge("c2", "sign_in", now + timedelta(minutes=6)) == (False, None)

    accounts.save_link_code("l" * 64, account.id, now + timedelta(minutes=10), now)
    assert accounts.take_link_code("l" * 64, now) == account.id
    assert accounts.take_link_code("l" * 64, now) is None
    accounts.save_link_code("m" * 64, account.id, now + timedelta(minutes=10), now)
    accounts.save_link_code("n" * 64, account.id, now + timedelta(minutes=10), now)  # in place of the one before
    assert accounts.take_link_code("m" * 64, now) is None
    assert accounts.take_link_code("n" * 64, now) == account.id
    accounts.replace_recovery_codes(account.id, [("ABCD", "hash")])
    (candidate,) = accounts.recovery_candidates("ABCD")
    assert accounts.use_recovery_code(candidate.id, now) and not accounts.use_recovery_code(candidate.id, now)
    assert accounts.use_passkey("cred", 0, 1, now) and not accounts.use_passkey("cred", 0, 1, now)

    games.create_game("g" * 32, "c" * 32, "HH1-N-AAAAAAM", now)
    games.create_game("f" * 32, "d" * 32, "HH1-N-AAAAAAM", now)
    accounts.merge_players("c" * 32, account.player_id)
    assert games.game("g" * 32).player_id == account.player_id  # type: ignore[union-attr]
    seats = [SeatRecord(0, "human", "Ada", account.player_id), SeatRecord(1, "human", "Bea", "d" * 32)]
    seats += [SeatRecord(number, "bot", "Bot") for number in (2, 3)]
    hearts.create_table(TableRecord("t" * 32, "online", "classic", 100, "normal", 60, "finished", {}, now, seats), now)

    assert accounts.delete_account(account.id) == ["h" * 64]
    assert accounts.account(account.id) is None and accounts.passkey("cred") is None
    with engine.connect() as connection:
        assert connection.execute(select(GAMES.c.id)).scalars().all() == ["f" * 32]
        names = connection.execute(select(SEATS.c.name, SEATS.c.player_id).order_by(SEATS.c.seat)).all()
    assert [tuple(row) for row in names][:2] == [("", None), ("Bea", "d" * 32)]
    engine.dispose()


def test_the_labels_made_in_english_before_0006_read_alike_in_every_language_after_it(each_database_url: str) -> None:
    from heartcards.storage.account_models import PASSKEYS, SESSIONS

    engine = open_engine(each_database_url)
    upgrade_database(engine, "0005")
    accounts = AccountRepository(engine)
    now = utc_now()
    old_labels = {
        "Chrome on Linux": "Chrome · Linux",
        "Browser on Android": "Android",
        "Safari": "Safari",
        "Browser": "",
    }
    for number, label in enumerate([*old_labels, "Firefox · iPad"]):
        account = AccountRecord(f"{number:032d}", f"{number:032x}", "Ada", now)
        accounts.create_account(account, PasskeyRecord(f"cred{number}", account.id, b"key", 0, label, now, None))
        accounts.create_session(SessionRecord(f"{number:032x}", account.id, label, now, now), f"{number:064d}")
    upgrade_database(engine)
    with engine.connect() as connection:
        sessions = sorted(connection.execute(select(SESSIONS.c.label)).scalars())
        passkeys = sorted(connection.execute(select(PASSKEYS.c.name)).scalars())
    assert sessions == passkeys == sorted([*old_labels.values(), "Firefox · iPad"])
    engine.dispose()
