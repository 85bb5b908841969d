"""A PAPP pairing as the arbiter reads it: Black first, scores, each pair's penalty.

How each board came about: a pair already in the round before pairing was
made by the arbiter (``by hand``) or kept from an earlier pairing of the
round (``kept``); every board of a round already paired and saved shows the
scores entered so far; the others come from the round robin or from the
optimisation, with their penalty p_ij. What the arbiter should know about the
pairing (a Bip given back, a round that pairing again would make far better)
follows the table.
"""

from __future__ import annotations

from mipair.formats.papp.config import Penalties
from mipair.formats.papp.event import Event
from mipair.pairing import RoundPairing
from mipair.systems.papp.pairing import BY_HAND, ROUND_ROBIN, pair_round
from mipair.systems.papp.penalties import components, penalty, round_state
from mipair.systems.papp.scoring import format_points


def player_label(event: Event, pid: int | None) -> str:
    """``NAME First (id)``; Bip for None."""
    if pid is None:
        return "Bip"
    return f"{event.player(pid).full_name} ({pid})"


def describe_pairing(
    event: Event, penalties: Penalties, pairing: RoundPairing, details: bool = False
) -> str:
    """The pairing table of :mod:`mipair.cli.papp` (see the module docstring)."""
    state = round_state(event, pairing.round)
    rnd = event.round(pairing.round)
    black_name, white_name = event.settings.colours
    total_discs = event.settings.total_discs
    own = pair_round(event, penalties) if pairing.round == event.round_to_pair else None
    mine = (
        own is not None
        and own.bip == pairing.bye
        and [(b.black, b.white) for b in own.boards] == [(b.black, b.white) for b in pairing.boards]
    )
    saved = all(rnd.game_of(b.black) is not None for b in pairing.boards) and rnd.bip == pairing.bye
    method = "saved" if saved else own.method if mine and own is not None else "optimisation"
    optimised = method == "optimisation"
    how = {(b.black, b.white): b.how for b in own.boards} if mine and own is not None else {}
    new_boards = [b for b in pairing.boards if rnd.game_of(b.black) is None]
    total = sum(penalty(penalties, state, b.black, b.white) for b in new_boards)
    if pairing.bye is not None and pairing.bye != rnd.bip and optimised:
        total += penalty(penalties, state, pairing.bye, None)
    title = {
        "saved": "pairing saved in the event; results entered so far",
        ROUND_ROBIN: "round robin",
        "existing": "every player paired already",
        "optimisation": f"optimisation, total penalty {total}",
    }[method]
    rows = [f"Round {pairing.round} ({title})"]
    rows.append(f"{'Table':>5}  {black_name:<34} {white_name:<34} Penalty")

    def label(pid: int) -> str:
        return f"{player_label(event, pid)} [{format_points(state.players[pid].score)}]"

    for table, board in enumerate(pairing.boards, 1):
        game = rnd.game_of(board.black)
        if game is not None and game.black_discs is not None:
            mark = f"{game.black_discs}/{total_discs - game.black_discs}"
        elif game is not None:
            mark = "" if method == "saved" else how.get((board.black, board.white), BY_HAND)
        elif optimised:
            mark = str(penalty(penalties, state, board.black, board.white))
        else:
            mark = ""
        rows.append(f"{table:>5}  {label(board.black):<34} {label(board.white):<34} {mark}")
        if details and game is None and optimised:
            terms = components(penalties, state, board.black, board.white)
            rows.append(" " * 7 + ", ".join(f"{k} {v}" for k, v in terms.items()))
    if pairing.bye is not None:
        extra = ""
        if optimised and pairing.bye != rnd.bip:
            extra = f" {penalty(penalties, state, pairing.bye, None)}"
        rows.append(f"{'':>5}  {player_label(event, pairing.bye) + ' - Bip':<69}{extra}")
    if mine and own is not None and method != "saved":
        rows += [f"Note: {notice}" for notice in own.notices]
    return "\n".join(rows) + "\n"
