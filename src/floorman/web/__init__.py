"""The floor console: a local web app for logging hands at the table, ruling on them, and keeping
every incident on record. Install with ``pip install floorman[web]`` and run ``floorman serve``.

``create_app`` is imported on first use, so the command line (which registers ``floorman serve``
from ``floorman.cli.serve``) works without the web extra installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from floorman.web.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from floorman.web.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
