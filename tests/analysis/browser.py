"""A report page opened in a real browser: Debian's headless Chromium driven by Selenium.

The Makefile installs chromium and chromium-driver where it can (`make browser`); where neither
is installed the tests that need them are skipped, saying so.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

# Chromium's own binary names differ between distributions; chromedriver is one name everywhere.
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
# Chromium calls home at start-up (component updates, sync, metrics); this machine has no
# network beyond its package registries, so those calls are switched off, not left to fail.
FLAGS = (
    "--headless=new",
    "--no-sandbox",  # the tests run as root in CI, where Chromium's sandbox refuses to start
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)


def binaries() -> tuple[str, str] | None:
    """(chromium, chromedriver) when both are installed."""
    browser = next((shutil.which(n) for n in CHROMIUM_NAMES if shutil.which(n)), None)
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


# The mark of every test that opens a page in Chromium: skipped, saying why, where it is missing.
needed = pytest.mark.skipif(
    binaries() is None,
    reason="chromium and chromedriver are not installed and could not be: `make browser` "
    "installs Debian's chromium and chromium-driver with apt-get, as root or with sudo",
)


def open_browser(profile: Path):
    """A headless Chromium under Selenium, with its own empty profile directory."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    found = binaries()
    assert found is not None
    browser, driver = found
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    # The driver's path is given, so Selenium never tries to download one.
    return webdriver.Chrome(service=Service(executable_path=driver), options=options)


def set_width(driver, width: int, height: int = 900) -> None:
    """The page's viewport exactly `width` CSS pixels wide (a window's size includes its
    frame; the device metrics are the viewport itself)."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )


def images(driver) -> list[dict]:
    """Every image of the page with whether it loaded (naturalWidth > 0)."""
    return driver.execute_script(
        "return Array.from(document.images).map(i => ({alt: i.alt, complete: i.complete,"
        " width: i.naturalWidth}));"
    )


def sideways(driver) -> dict:
    """How far the page scrolls sideways (0 when it does not), and the widest element that
    sticks out of the viewport, to name in a failure."""
    return driver.execute_script(
        """
        const width = document.documentElement.clientWidth;
        let widest = null, right = width;
        for (const el of document.body.querySelectorAll('*')) {
          const box = el.getBoundingClientRect();
          let clipped = false;
          for (let p = el.parentElement; p; p = p.parentElement) {
            if (getComputedStyle(p).overflowX !== 'visible') { clipped = true; break; }
          }
          if (!clipped && box.right > right + 0.5) {
            right = box.right;
            widest = el.tagName + (el.id ? '#' + el.id : '') + ' ' + el.className;
          }
        }
        return {overflow: document.documentElement.scrollWidth - width, widest: widest};
        """
    )


def clipped(driver) -> list[str]:
    """Elements whose content is cut off or hidden behind a scroll bar of their own, other
    than the boxes that exist to scroll a wide table (.table-wrap)."""
    return driver.execute_script(
        """
        const out = [];
        for (const el of document.body.querySelectorAll('*')) {
          if (el.classList.contains('table-wrap')) continue;
          const style = getComputedStyle(el);
          if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) {
            out.push(el.tagName + ' ' + el.className + ': ' + el.textContent.slice(0, 60));
          }
        }
        return out;
        """
    )


def screenshot(driver, path: Path, width: int) -> Path:
    """The whole page, top to bottom, as a PNG."""
    import base64

    height = driver.execute_script("return document.documentElement.scrollHeight;")
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {
            "format": "png",
            "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1},
        },
    )
    path.write_bytes(base64.b64decode(shot["data"]))
    return path
