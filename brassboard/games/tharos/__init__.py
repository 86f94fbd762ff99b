"""Tharos (Bernd Scholz, Spielworxx 2021): dice-bag building for 2-4 players. See README.md."""
