"""``mipair convert IN -o OUT --to trf16|trfx|trf26``: move a tournament between TRF editions."""

from __future__ import annotations

import sys

import click

from mipair.formats.text import load, newline_of, save
from mipair.formats.trf import EDITIONS, check_encodable, lost_in, parse_text, write_tournament

NEWLINES = {"lf": "\n", "crlf": "\r\n", "cr": "\r"}


@click.command()
@click.argument("source", metavar="IN", type=click.Path())
@click.option(
    "-o",
    "--output",
    "output",
    type=click.Path(),
    help="Where to write (default: standard output).",
)
@click.option(
    "--to",
    "edition",
    type=click.Choice(EDITIONS),
    default="trf26",
    show_default=True,
    help="Edition to write: FIDE TRF16, JaVaFo/bbpPairings TRF(x), or TRF-2026.",
)
@click.option(
    "--newline",
    type=click.Choice(["keep", *NEWLINES]),
    default="keep",
    show_default=True,
    help="Line ends of the output ('keep': those of the input).",
)
@click.option(
    "--encoding",
    type=click.Choice(["utf-8", "latin-1"]),
    default="utf-8",
    show_default=True,
    help="Character encoding of the output.",
)
def convert(source: str, output: str | None, edition: str, newline: str, encoding: str) -> None:
    """Read IN (any TRF edition) and write it as another edition.

    Everything is checked on the way in (exit 3 with FILE:LINE on bad input).
    Information the target edition cannot hold (TRF16 has no records for
    rounds, colours, point systems, accelerations or forbidden pairs) is
    listed on standard error.
    """
    text = load(source)
    t = parse_text(text, source)
    check_encodable(text, source, encoding)
    nl = newline_of(text) if newline == "keep" else NEWLINES[newline]
    out = write_tournament(t, edition, nl)
    for item in lost_in(t, edition):
        click.echo(f"mipair: warning: {edition} cannot hold {item}; it is dropped", err=True)
    if output is None:
        data = out.encode(encoding)
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        save(output, out, encoding)
