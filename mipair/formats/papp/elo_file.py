"""The rating (ELO) file PAPP writes at the end of a tournament for JECH (manual 2.7, 6.5)."""

from __future__ import annotations

from mipair.formats.papp.event import Event


def rating_file(event: Event) -> str:
    """The rating (ELO) file for JECH at the end of the tournament (manual 2.7, 6.5).

    mipair's form (formats/papp.md): the tournament's name and date as
    comments, then one line per game played, in PAPP's work-file notation
    ``(black black_discs white white_discs);`` by round. Bip and absences
    are not games.
    """
    settings = event.settings
    rows = [f"% {settings.name}", f"% {settings.date}", f"% discs {settings.total_discs}"]
    for rnd in event.rounds:
        played = [g for g in rnd.games if g.black_discs is not None]
        if not played:
            continue
        rows.append(f"% round {rnd.number}")
        for g in played:
            assert g.black_discs is not None
            rows.append(
                f"({g.black} {g.black_discs} {g.white} {settings.total_discs - g.black_discs});"
            )
    return "\n".join(rows) + "\n"
