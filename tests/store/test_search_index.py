"""A search of the incident log goes through an index of the entries' words (SQLite's FTS5 trigrams,
PostgreSQL's pg_trgm), finds what a scan of every entry finds (any part of a word, any case, every word
somewhere in the entry), and finds the entries recorded before the index was made."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from floorman.storage import EVERY_ROOM, Database, IncidentQuery, Incidents, StoreKind, open_database
from tests.store.test_contract import NOW, draft


@pytest.fixture
def db(store: str) -> Iterator[Database]:
    database = open_database(store)
    database.migrate()
    yield database
    database.close()


def _notes(db: Database, text: str) -> list[str]:
    with db.connect() as conn:
        return [i.note for i in Incidents(conn, rooms=EVERY_ROOM).search(IncidentQuery(text=text, current_only=False))]


def _record(db: Database, *notes: str) -> None:
    with db.transaction() as conn:
        for note in notes:
            Incidents(conn, rooms=EVERY_ROOM).record(draft(note), now=NOW)


def test_a_search_finds_any_part_of_any_word_in_any_case_and_every_word(db: Database) -> None:
    _record(db, "seat 1 says he was skipped", "Boxed card on the flop", "Mười giờ: lá bài lật")
    assert _notes(db, "skipp") == ["seat 1 says he was skipped"]
    assert _notes(db, "BOXED flop") == ["Boxed card on the flop"]
    assert _notes(db, "boxed skipped") == []
    assert sorted(_notes(db, "he")) == ["Boxed card on the flop", "seat 1 says he was skipped"]  # two letters
    assert _notes(db, "lá bài") == ["Mười giờ: lá bài lật"]
    assert _notes(db, "four_card_flop") == []  # an underscore is no wildcard: the word is searched without it
    assert len(_notes(db, "WSOP-R88")) == 3  # the rules cited are searched too
    assert _notes(db, "T3 812 Lan Minh misdeal skipped") == ["seat 1 says he was skipped"]


def test_the_search_reads_the_index_not_every_entry(db: Database) -> None:
    _record(db, *(f"entry {n}" for n in range(50)))
    with db.connect() as conn:
        if db.kind is StoreKind.SQLITE:
            plan = " ".join(str(tuple(row)) for row in conn.execute(
                "EXPLAIN QUERY PLAN SELECT t.rowid FROM incident_text t WHERE t.body LIKE ?", ("%skipped%",)))
            assert "VIRTUAL TABLE INDEX" in plan, plan
        else:
            conn.execute("SET enable_seqscan = off")
            plan = " ".join(str(row[0]) for row in conn.execute(
                "EXPLAIN SELECT t.rowid FROM incident_text t WHERE t.body LIKE ?", ("%skipped%",)))
            conn.execute("RESET enable_seqscan")
            assert "incidents_searched" in plan, plan


def test_entries_recorded_before_the_index_was_made_are_found(store: str) -> None:
    db = open_database(store)
    try:
        db.migrate(upto="0008_login_attempts")
        with db.transaction() as conn:
            conn.execute("INSERT INTO incidents (id, recorded_at, table_name, hand_number, dealer, floor_person, "
                         "rulebook, verdict, override_verdict, override_reason, final_verdict, rules, causes, "
                         "substantial_action, log, ruling, note, hand_id, corrects, prev_hash, row_hash, room_id) "
                         "VALUES (1, ?, 'T3', '812', 'Lan', 'Minh', 'wsop-2026', 'misdeal', NULL, NULL, 'misdeal', "
                         "'[]', '[]', 0, '{}', '{}', 'recorded before the index', NULL, NULL, '0', '0', 1)", (NOW,))
        db.migrate()
        assert _notes(db, "before") == ["recorded before the index"]
        _record(db, "recorded after it")
        assert _notes(db, "recorded") == ["recorded after it", "recorded before the index"]
        assert _notes(db, "before") == ["recorded before the index"]
    finally:
        db.close()


def test_a_search_counts_what_it_lists(db: Database) -> None:
    _record(db, *(f"skipped seat {n}" for n in range(12)), "nothing here")
    with db.connect() as conn:
        store = Incidents(conn, rooms=EVERY_ROOM)
        query = IncidentQuery(text="skipped", current_only=False, limit=5)
        assert store.count(query) == 12 and len(store.search(query)) == 5
        assert len(store.search(replace(query, offset=10))) == 2
