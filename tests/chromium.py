"""What every browser test needs: Debian's Chromium at /usr/bin/chromium and Playwright for Python (never a
downloaded browser), the flags it is launched with, and where screenshots go.

Importing this module skips the importing test module when either is missing, with the line that says how to get it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

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


@contextmanager
def touch_devices(errors: list[str], *, wait_ms: int,
                  is_expected: Callable[[str], bool] = lambda text: False) -> Iterator[Callable[..., Any]]:
    """One Chromium, and a function that opens a phone or a tablet in it (``open_page(viewport, locale="en-US")``).

    Every error a page reports (on its console, or thrown) goes into ``errors``, but for the console errors
    ``is_expected`` says are the page's own answer (an error page's status).
    """
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)

        def open_page(viewport: dict[str, int], locale: str = "en-US") -> Any:
            context = chromium.new_context(viewport=viewport, has_touch=True, locale=locale)
            context.set_default_timeout(wait_ms)
            page = context.new_page()
            page.on("console", lambda m: errors.append(m.text)
                    if m.type == "error" and not is_expected(m.text) else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            return page

        try:
            yield open_page
        finally:
            chromium.close()
