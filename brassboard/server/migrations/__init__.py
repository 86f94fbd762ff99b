"""Alembic migrations of the server's database, run automatically when the server starts."""
