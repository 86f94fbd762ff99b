"""The database engine (SQLite by default, PostgreSQL by URL) and the Alembic migrations run at start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import Connection

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

WAL_AUTOCHECKPOINT_PAGES = 10000

WRITE = "brassboard_write"
"""Execution option marking a connection that will write: on SQLite its transaction starts ``BEGIN IMMEDIATE``."""


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        _configure_sqlite(engine)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _configure_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # SQLAlchemy, not the sqlite3 module, decides where transactions begin (the sqlite3 module would
        # otherwise run DDL outside them and open read transactions that later fail to upgrade to writes)
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        # a commit in WAL mode with synchronous=NORMAL survives the process being killed (the OS keeps the
        # written pages); only a power loss can take the last commits back, which a game server may accept
        cursor.execute("PRAGMA synchronous=NORMAL")
        # the committing connection copies the log back into the database file once it holds this many pages (of
        # 4 KiB; SQLite's default is 1000): a copy writes each page once however often the log holds it, and a
        # server rewrites the same few pages (its running matches) all the time, so a longer log copies far less
        # per action and stalls the event loop a tenth as often (at most 40 MB of log)
        cursor.execute(f"PRAGMA wal_autocheckpoint={WAL_AUTOCHECKPOINT_PAGES}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        # writers take the write lock at once: several processes then wait their turn (busy timeout) instead
        # of failing when a read transaction tries to become a write transaction after another process wrote
        immediate = connection.get_execution_options().get(WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def upgrade(engine: Engine) -> None:
    """Bring the schema to the newest migration. Several processes starting at once take turns."""
    with engine.connect().execution_options(**{WRITE: True}) as connection:
        if connection.dialect.name == "postgresql":
            with connection.begin():
                # a transaction-scoped advisory lock: the second process waits, then finds nothing to do
                connection.exec_driver_sql("SELECT pg_advisory_xact_lock(7311)")
                command.upgrade(alembic_config(connection), "head")
        else:
            with connection.begin():  # SQLite: BEGIN IMMEDIATE, and DDL is transactional there
                command.upgrade(alembic_config(connection), "head")


def new_revision(message: str, url: str) -> None:
    """For developers changing models.py: write the migration that takes the database at ``url`` (at the newest
    revision) to the models, into migrations/versions/. Review it before committing; SQLite needs batch mode.

    ``.venv/bin/python -c "from brassboard.server.db import new_revision as n; n('add x', 'sqlite:///data/brassboard.sqlite')"``
    """
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            command.revision(alembic_config(connection), message=message, autogenerate=True)
    finally:
        engine.dispose()
