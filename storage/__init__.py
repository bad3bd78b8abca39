"""Corpus parsing, SQLite persistence and search. Never imports discord."""
