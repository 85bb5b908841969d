"""``papp pair``: pair the next round."""

from __future__ import annotations

import click

from mipair.cli.papp.common import load_config, player_label


@click.command("pair")
@click.argument("event_file", metavar="EVENT")
@click.option("--config", "config_file", help="PAPP configuration file (default: see help).")
@click.option("--save", is_flag=True, help="Write the pairing into EVENT.")
@click.option("--details", is_flag=True, help="Show each pair's penalty terms.")
def pair(event_file: str, config_file: str | None, save: bool, details: bool) -> None:
    """Pair the next round of EVENT (the first named player has Black)."""
    from mipair.systems.papp.event_io import read_event, save_event
    from mipair.systems.papp.pairing import pair_round
    from mipair.systems.papp.penalties import components, round_state
    from mipair.systems.papp.scoring import format_points

    event = read_event(event_file)
    cfg = load_config(config_file, event_file)
    result = pair_round(event, cfg.penalties)
    st = round_state(event, result.round)
    black, white = event.settings.colours
    how = {
        "optimisation": f"optimisation, total penalty {result.total}",
        "round-robin": "round robin",
        "existing": "pairing already complete",
    }[result.method]
    click.echo(f"Round {result.round} ({how})")
    click.echo(f"{'Table':>5}  {black:<34} {white:<34} Penalty")
    for t, b in enumerate(result.boards, 1):
        left = f"{player_label(event, b.black)} [{format_points(st.players[b.black].score)}]"
        right = f"{player_label(event, b.white)} [{format_points(st.players[b.white].score)}]"
        pen = "manual" if b.how == "manual" else "" if b.penalty is None else str(b.penalty)
        click.echo(f"{t:>5}  {left:<34} {right:<34} {pen}")
        if details and b.how == "optimisation":
            terms = components(cfg.penalties, st, b.black, b.white)
            click.echo(
                " " * 7
                + ", ".join(f"{k} {v}" for k, v in terms.items())
                + f"; colours: {b.colours}"
            )
    if result.bip is not None:
        extra = "" if result.bip_penalty is None else f" {result.bip_penalty}"
        click.echo(f"{'':>5}  {player_label(event, result.bip) + ' - Bip':<69}{extra}")
    if save and result.method != "existing":
        save_event(event_file, result.apply(event))
        click.echo(f"(saved in {event_file})")
