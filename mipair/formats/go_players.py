"""Go players as OpenGotha names them: keys and ranks.

A player is referred to by a *key*: surname and first name joined, spaces
removed, upper-cased (accents kept). A rank is an integer: 30k = -30 ... 1k =
-1, 1d = 0 ... 9d = 8 (reference 1).
"""

from __future__ import annotations

from collections.abc import Iterable


def player_key(name: str, first_name: str) -> str:
    """OpenGotha's key of a player: surname + first name, spaces removed, upper-cased."""
    return (name + first_name).replace(" ", "").upper()


RANK_LOWEST, RANK_HIGHEST = -30, 8  # 30K and 9D
RATING_LOWEST, RATING_HIGHEST = -900, 2949
"""OpenGotha holds a rating in these bounds (a file's -7800 is read as -900); a player without
one is rated the lowest."""


def parse_rank(text: str) -> int:
    """A rank string as OpenGotha reads it: 30k = -30 ... 1k = -1, 1d = 0 ... 9d = 8.

    ``12K``, ``3d``, `` 4K`` and a bare number (kyu: ``12``) are read; a grade
    beyond the scale is held at its end (``99K`` is 30K, ``12D`` is 9D), as
    OpenGotha does; professional grades count as 7d (1p-3p), 8d (4p-6p), 9d
    (7p-9p) (reference 1). Anything else raises ``ValueError``.
    """
    word = text.strip().upper()
    number, suffix = (word, "K") if word.isdigit() else (word[:-1], word[-1:])
    if not number.isdigit() or suffix not in ("K", "D", "P"):
        raise ValueError(f"{text!r} is not a rank such as 3D, 10K or 1P")
    level = int(number)
    if suffix == "K":
        rank = -level
    elif suffix == "D":
        rank = level - 1
    else:
        rank = 6 if level <= 3 else 7 if level <= 6 else 8
    return min(max(rank, RANK_LOWEST), RANK_HIGHEST)


def rank_text(rank: int) -> str:
    """An integer rank as OpenGotha writes it (``3D``, ``10K``)."""
    return f"{rank + 1}D" if rank >= 0 else f"{-rank}K"


LATIN9_FOLD = str.maketrans(
    "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüý",
    "AAAAAACEEEEIIIINOOOOOOUUUUYaaaaaaceeeeiiiinoooooouuuuy",
)
"""The accented letters OpenGotha folds to ASCII when a key matches no player."""


def turkish_key(name: str, first_name: str) -> str:
    """A key as OpenGotha writes it on a Turkish system (``i`` upper-cased to ``İ``)."""

    def turkish(text: str) -> str:
        return text.replace("i", "İ").replace("ı", "I")

    return player_key(turkish(name), turkish(first_name))


def folded_key(text: str) -> str:
    """OpenGotha's last resort to match a key: accents folded, only the letters A-Z kept."""
    return "".join(c for c in text.translate(LATIN9_FOLD).upper() if "A" <= c <= "Z")


def key_resolver(names: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Every spelling of a key that names a player, to the player's key.

    A game names its players by key. OpenGotha computes the key with the
    system's upper-casing, so a file saved on a Turkish system spells
    ``YILMAZ`` ``YİLMAZ``; failing an exact match OpenGotha folds accents and
    keeps the letters A-Z only. Both spellings are accepted here when they name
    one player only.
    """
    spellings: dict[str, set[str]] = {}
    keys = []
    for name, first_name in names:
        key = player_key(name, first_name)
        keys.append(key)
        for spelling in (turkish_key(name, first_name), folded_key(name + first_name)):
            spellings.setdefault(spelling, set()).add(key)
    resolver = {s: next(iter(found)) for s, found in spellings.items() if len(found) == 1}
    resolver.update((key, key) for key in keys)
    return resolver


def resolve(key: str, resolver: dict[str, str]) -> str | None:
    """The key of the player a game's key names, or None."""
    return resolver.get(key) or resolver.get(folded_key(key))
