"""Tables are named within their room: the next hand, the setup form and "what happened" carry over the last
hand of a table in the account's own rooms only, and never close or copy another room's hand of that name."""

from __future__ import annotations

import re

from floorman.storage import EVERY_ROOM, Hands, open_database
from tests.trust.test_account_scope import Console, console  # noqa: F401  (two rooms and their staff)
from tests.web.conftest import example


def _form_token(page: str) -> str:
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token is not None
    return token.group(1)


def test_another_rooms_table_is_not_carried_over_closed_or_copied(console: Console, db_path: str) -> None:  # noqa: F811
    clients, _, _ = console
    log = {**example("four-card-flop"), "table": "T-MAIN", "dealer": "D-MAIN", "events": []}
    mine = clients["dana"].post("/api/hands", json={"header": log})
    assert mine.status_code == 201, mine.text
    rita = clients["rita"]
    assert rita.post("/api/hands/next", params={"table": "T-MAIN"}).status_code == 422
    page = rita.get("/hands/new?table=T-MAIN").text
    assert "D-MAIN" not in page
    assert rita.post("/hands/next", data={"csrf_token": _form_token(page), "table": "T-MAIN"}).status_code == 422
    happened = rita.get("/what-happened?table=T-MAIN")
    assert happened.status_code == 422 and "D-MAIN" not in happened.text
    assert rita.post("/what-happened", data={"csrf_token": _form_token(page), "table": "T-MAIN",
                                              "mishap": "four_card_flop"}).status_code == 422
    db = open_database(db_path)
    try:
        with db.connect() as conn:
            hands = Hands(conn, rooms=EVERY_ROOM).recent()
    finally:
        db.close()
    assert [(h.id, h.room_id, h.closed_at) for h in hands] == [(mine.json()["id"], 1, None)]
