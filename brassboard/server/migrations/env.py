"""Alembic environment: migrates the connection the server hands over, or the URL given to Alembic directly."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from brassboard.server.db import make_engine
from brassboard.server.models import Base


def _migrate(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=True,  # SQLite cannot ALTER most things: batch mode copies the table instead
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _migrate(connection)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("no connection and no sqlalchemy.url to migrate")
    engine = make_engine(url)
    with engine.connect() as new_connection:
        _migrate(new_connection)
        new_connection.commit()
    engine.dispose()


if context.is_offline_mode():
    raise RuntimeError("offline (SQL script) migrations are not supported; run them against a database")
run()
