"""What every browser test needs: Debian's Chromium at /usr/bin/chromium and Playwright for Python (never a
downloaded browser), the flags it is launched with, and where screenshots go.

Importing this module skips the importing test module when either is missing, with the line that says how to get it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ROOT

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("browser tests need Debian's Chromium at /usr/bin/chromium (apt-get install -y chromium)",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="browser tests need Playwright for Python "
                                                              "(pip install playwright; no browser download)")

SHOTS = ROOT / "artifacts" / "screenshots"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
"""No sandbox (containers), no GPU, and nothing that reaches the network on its own."""
