"""The floor console: a local web app for logging hands at the table, ruling on them, and keeping
every incident on record. Install with ``pip install floorman[web]`` and run ``floorman serve``."""

from __future__ import annotations

from floorman.web.app import create_app

__all__ = ["create_app"]
