#!/usr/bin/env python3
"""The screenshots of the desk's pages in docs/desk/, made again from a real day.

    python3 scripts/desk_screenshots.py            # writes docs/desk/*.png
    python3 scripts/desk_screenshots.py --out DIR

Starts ``mipair serve`` as docs/desk.md does (the installed script, on a data folder of its
own, accounts made by ``mipair account add``: tests/support/desk_browser.py), drives Debian's
``chromium`` through Playwright as a director (a desktop window) and as a player (a phone's
window), and saves each page: signing in, the list, a new tournament, an import refused with
its located line, the overview, the players, a round with results being typed, a stale
change refused, ``explain``, the standings, the crosstable, a player's card, and the public
pages on a phone. Needs the test extra (Playwright) and Debian's chromium.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.chromium import chromium  # noqa: E402
from tests.support.desk_browser import DeskPage, documented_server  # noqa: E402

CUT = ROOT / "scenarios" / "chess" / "spring-open-round2.trf"
IMPOSSIBLE = ROOT / "scenarios" / "infeasible" / "rr4-exhausted.trfx"
DESKTOP = {"width": 1100, "height": 760}
PHONE = {"width": 390, "height": 760}


def shoot(window: DeskPage, out: Path, name: str, full: bool = True) -> None:
    window.page.screenshot(path=str(out / f"{name}.png"), full_page=full)
    print(f"docs/desk/{name}.png" if out.name == "desk" else out / f"{name}.png")


def director_day(browser: object, server: object, out: Path, folder: Path) -> str:
    """The director's pages; the tournament's public link."""
    anna = DeskPage(browser, server)  # type: ignore[arg-type]
    anna.page.set_viewport_size(DESKTOP)
    anna.open("/desk")
    shoot(anna, out, "sign-in")
    anna.sign_in("anna")
    overview = anna.import_files(CUT)
    broken = folder / "broken.trf"
    broken.write_text("012 Autumn Open\n001    1 m    Lee, Ann    1800\n", encoding="utf-8")
    anna.import_files(broken)
    shoot(anna, out, "import-refused")
    anna.open("/desk/new?game=chess")
    shoot(anna, out, "new-tournament")
    anna.open(overview)
    anna.page.fill("#field-date", "2026-04-12")
    shoot(anna, out, "overview")
    anna.pair(date="2026-04-12")
    other = DeskPage(browser, server)  # type: ignore[arg-type]
    other.page.set_viewport_size(DESKTOP)
    other.sign_in("anna")
    other.open(anna.path)
    anna.type_results(["1-0", "1/2"] + ["0-1"] * (len(anna.boards()) - 2))
    anna.page.keyboard.type("1/2")
    shoot(anna, out, "round-results")
    other.page.fill("#enter-1", "0-1")
    with other.page.expect_navigation():
        other.page.click("#save-results")
    shoot(other, out, "stale-refused")
    other.close()
    anna.open(overview + "/players")
    shoot(anna, out, "players")
    anna.open(overview + "/standings")
    shoot(anna, out, "standings")
    anna.open(overview + "/crosstable")
    shoot(anna, out, "crosstable")
    anna.open(overview + "/players/1")
    shoot(anna, out, "card")
    anna.open(overview + "/standings")
    anna.page.emulate_media(media="print")
    shoot(anna, out, "standings-print")
    anna.page.emulate_media(media="screen")
    anna.open("/desk")
    shoot(anna, out, "tournaments")
    anna.open(overview)
    link = anna.page.get_attribute("#public-link", "href") or ""
    impossible = anna.import_files(IMPOSSIBLE)
    anna.open(impossible)
    anna.pair()
    shoot(anna, out, "explain")
    anna.close()
    return link


def player_pages(browser: object, server: object, out: Path, link: str) -> None:
    player = DeskPage(browser, server)  # type: ignore[arg-type]
    player.page.set_viewport_size(PHONE)
    for page, name in (
        ("", "public-overview"),
        ("/rounds/3", "public-round"),
        ("/standings", "public-standings"),
        ("/players/1", "public-card"),
    ):
        player.open(link + page)
        shoot(player, out, name)
    player.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "desk")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory(prefix="mipair-screenshots-") as folder,
        documented_server(Path(folder)) as server,
        chromium() as browser,
    ):
        link = director_day(browser, server, args.out, Path(folder))
        player_pages(browser, server, args.out, link)


if __name__ == "__main__":
    main()
