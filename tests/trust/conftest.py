"""The trust tests: the console as a real server under crashes, races, tampering, fuzzing and load.

They need the web extra, like the console's own tests.
"""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the trust tests need the web extra (pip install -e '.[web]')")
pytest.importorskip("uvicorn", reason="the trust tests start the console with uvicorn (pip install -e '.[web]')")

from tests.web.conftest import app, as_user, db_path, dealer, director, floor, postgres_url  # noqa: F401  (the console's fixtures)
