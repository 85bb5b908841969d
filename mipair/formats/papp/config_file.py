"""Parse a PAPP configuration file (the grammar of the PAPP 1.36 manual, section 4).

::

    config   := { [command] ";" }
    command  := fichier KIND "=" STRING        KIND: joueurs nouveaux inter appariements
              | pays "=" STRING                      resultats classement equipes
              | score-bip "=" INT ["/" INT]          tableau-croise (also elo, log)
              | sauvegarde (immediate | differee)
              | xml (true | false) | dossier (true | false)
              | impression (manuelle | automatique [INT])
              | affichage-pions (absolu | relatif)
              | couleurs "=" "{" STRING "," STRING "}"
              | zone-insertion [STRING] "=" INT "-" INT
              | brightwell "=" INT                    (compatibility, before 1.30)
              | toutes-rondes "=" INT "-" INT joueurs (compatibility, before 1.30)
              | penalites "{" { SECTION ":" { entry ";" } } "}"

The sections and their entries are data (``models/papp/penalties.json``).
Every error is an :class:`~mipair.errors.InputError` naming the file and line;
remarks PAPP only warns about (a capped penalty, a penalty for gap 0 or
round 0, a Bip that wins) are collected in ``PappConfig.warnings``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

from mipair.errors import InputError
from mipair.formats.papp.config import (
    INFINI,
    MAX_PENALTY,
    PappConfig,
    Penalties,
    Step,
    Warning_,
    add_step,
    check_penalties,
    default_config_path,
    penalty_grammar,
    set_scalar,
)
from mipair.formats.papp.lexer import Token, tokenize
from mipair.formats.text import load

FILE_KINDS = (
    "joueurs",
    "nouveaux",
    "inter",
    "appariements",
    "resultats",
    "classement",
    "equipes",
    "tableau-croise",
    "elo",
    "log",
)
COMMAND_WORDS = (
    "fichier",
    "pays",
    "score-bip",
    "sauvegarde",
    "immediate",
    "differee",
    "xml",
    "true",
    "false",
    "dossier",
    "impression",
    "manuelle",
    "automatique",
    "affichage-pions",
    "absolu",
    "relatif",
    "couleurs",
    "zone-insertion",
    "brightwell",
    "toutes-rondes",
    "penalites",
) + FILE_KINDS


def _keywords() -> frozenset[str]:
    words = set(COMMAND_WORDS)
    for section, entries in penalty_grammar()["sections"].items():
        words.add(section)
        for entry in entries:
            words.update(entry.get("units", ()))
            if "keyword" in entry:
                words.add(entry["keyword"])
    return frozenset(words)


class _Parser:
    """Recursive descent over the token list, building a PappConfig."""

    def __init__(self, tokens: list[Token], source: str | None, base: PappConfig) -> None:
        self.toks, self.pos, self.src = tokens, 0, source
        self.cfg = replace(base, source=source, warnings=())
        self.warnings: list[Warning_] = []
        self.current = "command"  # the command being read, the field of an error
        self.sections: dict[str, list[dict[str, Any]]] = penalty_grammar()["sections"]

    # -- token helpers -------------------------------------------------
    @property
    def tok(self) -> Token:
        return self.toks[self.pos]

    def error(self, message: str, tok: Token | None = None) -> InputError:
        return InputError(message, file=self.src, line=(tok or self.tok).line, field=self.current)

    def warn(self, message: str, line: int) -> None:
        self.warnings.append(Warning_(message, self.src, line))

    def is_kw(self, *words: str) -> bool:
        return self.tok.kind == "kw" and self.tok.value in words

    def take(self, kind: str, what: str) -> Token:
        """Consume a token of ``kind`` (``int``, ``str`` or a punctuation mark)."""
        if self.tok.kind != kind:
            raise self.error(f"expected {what}, found {self.tok.show()}")
        tok = self.tok
        self.pos += 1
        return tok

    def take_kw(self, *words: str) -> str:
        if not self.is_kw(*words):
            raise self.error(
                f"expected {' or '.join(repr(w) for w in words)}, found {self.tok.show()}"
            )
        self.pos += 1
        return str(self.toks[self.pos - 1].value)

    def take_int(self, what: str = "an integer") -> int:
        value = self.take("int", what).value
        assert isinstance(value, int)
        return value

    # -- grammar -------------------------------------------------------
    def parse(self) -> PappConfig:
        while self.tok.kind != "end":
            if self.tok.kind != ";":
                start = self.tok
                self.command()
                if self.tok.kind != ";":
                    raise self.error(
                        f"expected ';' to end the command '{start.text}' "
                        f"(line {start.line}), found {self.tok.show()}"
                    )
                self.current = "command"
            self.pos += 1
        return replace(self.cfg, warnings=tuple(self.warnings))

    def command(self) -> None:
        tok = self.tok
        if tok.kind != "kw" or tok.value not in _COMMANDS:
            raise self.error(f"expected a command, found {tok.show()}")
        self.pos += 1
        self.current = str(tok.value)
        _COMMANDS[str(tok.value)](self, tok)

    def set(self, **changes: Any) -> None:
        self.cfg = replace(self.cfg, **changes)

    def cmd_fichier(self, tok: Token) -> None:
        kind = self.take_kw(*FILE_KINDS)
        self.take("=", "'='")
        given = self.take("str", "a file name in double quotes")
        self.set(
            files=tuple(f for f in self.cfg.files if f[0] != kind) + ((kind, str(given.value)),),
            file_lines=tuple(f for f in self.cfg.file_lines if f[0] != kind)
            + ((kind, given.line),),
        )

    def cmd_pays(self, tok: Token) -> None:
        self.take("=", "'='")
        self.set(country=str(self.take("str", "a country in double quotes").value))

    def cmd_score_bip(self, tok: Token) -> None:
        self.take("=", "'='")
        bip = self.take_int("Bip's disc count")
        total = self.cfg.total_discs
        if self.tok.kind == "/":
            self.pos += 1
            total = self.take_int("the total number of discs")
            if total < 1:
                raise self.error("the total number of discs must be at least 1", tok)
        if bip > total:
            raise self.error(f"Bip cannot score {bip} discs out of {total}", tok)
        if 2 * bip > total:
            self.warn(f"Bip would win its games ({bip} discs out of {total})", tok.line)
        self.set(bip_discs=bip, total_discs=total)

    def cmd_sauvegarde(self, tok: Token) -> None:
        self.set(immediate_save=self.take_kw("immediate", "differee") == "immediate")

    def cmd_xml(self, tok: Token) -> None:
        self.set(xml=self.take_kw("true", "false") == "true")

    def cmd_dossier(self, tok: Token) -> None:
        self.set(folder=self.take_kw("true", "false") == "true")

    def cmd_impression(self, tok: Token) -> None:
        if self.take_kw("manuelle", "automatique") == "manuelle":
            self.set(print_copies=0)
        else:
            self.set(print_copies=self.take_int() if self.tok.kind == "int" else 1)

    def cmd_affichage(self, tok: Token) -> None:
        self.set(relative_display=self.take_kw("absolu", "relatif") == "relatif")

    def cmd_couleurs(self, tok: Token) -> None:
        self.take("=", "'='")
        self.take("{", "'{'")
        first = str(self.take("str", "the first colour's name in double quotes").value)
        self.take(",", "','")
        second = str(self.take("str", "the second colour's name in double quotes").value)
        self.take("}", "'}'")
        self.set(colours=(first, second))

    def range_(self, what: str) -> tuple[int, int]:
        lo = self.take_int(f"the first number of the {what} range")
        self.take("-", f"'-' in the {what} range")
        hi = self.take_int(f"the last number of the {what} range")
        return lo, hi

    def cmd_zone(self, tok: Token) -> None:
        country = str(self.take("str", "").value) if self.tok.kind == "str" else None
        self.take("=", "'='")
        lo, hi = self.range_("insertion zone")
        if lo > hi:
            raise self.error(
                f"bad insertion zone {lo}-{hi}: the first number exceeds the last", tok
            )
        self.set(insertion_zones=self.cfg.insertion_zones + ((country, lo, hi),))

    def cmd_brightwell(self, tok: Token) -> None:
        self.take("=", "'='")
        # Before 1.30 the coefficient applied to half-point scores: per point it is twice that.
        self.set(brightwell=Decimal(2 * self.take_int("the Brightwell coefficient")))

    def cmd_toutes_rondes(self, tok: Token) -> None:
        self.take("=", "'='")
        lo, hi = self.range_("round-robin players")
        self.take_kw("joueurs")
        if lo < 1 or lo > hi:
            raise self.error(f"bad parameters for toutes-rondes: {lo}-{hi}", tok)
        self.set(round_robin=(lo, hi))

    def cmd_penalites(self, tok: Token) -> None:
        pen = Penalties()
        self.take("{", "'{' after 'penalites'")
        while self.tok.kind != "}":
            if not (self.tok.kind == "kw" and self.tok.value in self.sections):
                raise self.error(
                    f"expected a section name ({', '.join(self.sections)}) "
                    f"or '}}', found {self.tok.show()}"
                )
            name = str(self.tok.value)
            self.pos += 1
            self.take(":", f"':' after the section name '{name}'")
            while self.tok.kind not in ("}", "end") and not (
                self.tok.kind == "kw" and self.tok.value in self.sections
            ):
                pen = self.entry(name, pen)
                self.take(";", "';' after the penalty")
        self.pos += 1
        self.set(penalties=pen)

    def entry(self, section: str, pen: Penalties) -> Penalties:
        """One statement of a penalty section."""
        entries = self.sections[section]
        start = self.tok
        if start.kind == "int":
            form = next((e for e in entries if e["form"] == "indexed"), None)
            if form is None:
                raise self.error(f"section '{section}' has no numbered penalties")
            index = self.take_int()
            plus = self.tok.kind == "+"
            self.pos += plus
            self.take_kw(*form["units"])
            return self.indexed(form["var"], index, plus, start, pen, what="index")
        for form in entries:
            if form["form"] == "round" and self.is_kw(form["keyword"]):
                self.pos += 1
                rnd = self.take_int("a round number")
                plus = self.tok.kind == "+"
                self.pos += plus
                return self.indexed(form["var"], rnd, plus, start, pen, what="round")
            if form["form"] == "scalar" and self.is_kw(form["keyword"]):
                self.pos += 1
                return set_scalar(pen, form["var"], self.pen_value(), start.line)
        words = [e.get("keyword") or f"N[+] {e['units'][0]}" for e in entries]
        raise self.error(
            f"expected a '{section}' penalty ({', '.join(words)}), found {start.show()}"
        )

    def indexed(
        self, var: str, index: int, plus: bool, start: Token, pen: Penalties, what: str
    ) -> Penalties:
        value = self.pen_value()
        if index < 1:
            self.warn(
                f"{'round 0' if what == 'round' else 'a zero gap'} has no penalty: "
                f"statement ignored",
                start.line,
            )
            return pen
        return add_step(pen, var, Step(index, value, plus, start.line))

    def pen_value(self) -> int:
        """``= <pen>``: an integer capped at ten million (INFINI silently)."""
        self.take("=", "'='")
        tok = self.tok
        value = self.take_int("a penalty (an integer or INFINI)")
        if value > MAX_PENALTY:
            if value != INFINI or tok.text.lower() != "infini":
                self.warn(f"penalty {value} is larger than {MAX_PENALTY}: capped", tok.line)
            value = MAX_PENALTY
        return value


_COMMANDS: dict[str, Callable[[_Parser, Token], None]] = {
    "fichier": _Parser.cmd_fichier,
    "pays": _Parser.cmd_pays,
    "score-bip": _Parser.cmd_score_bip,
    "sauvegarde": _Parser.cmd_sauvegarde,
    "xml": _Parser.cmd_xml,
    "dossier": _Parser.cmd_dossier,
    "impression": _Parser.cmd_impression,
    "affichage-pions": _Parser.cmd_affichage,
    "couleurs": _Parser.cmd_couleurs,
    "zone-insertion": _Parser.cmd_zone,
    "brightwell": _Parser.cmd_brightwell,
    "toutes-rondes": _Parser.cmd_toutes_rondes,
    "penalites": _Parser.cmd_penalites,
}


def parse_config(
    text: str, source: str | None = None, base: PappConfig | None = None, check: bool = True
) -> PappConfig:
    """Parse configuration text over ``base`` (default: empty settings, zero penalties)."""
    tokens = tokenize(text, source, _keywords())
    cfg = _Parser(tokens, source, base or PappConfig()).parse()
    if check:
        check_penalties(cfg.penalties, source)
    return cfg


def default_config() -> PappConfig:
    """PAPP's defaults, read from the shipped ``default.cfg``."""
    return _default()


@lru_cache(maxsize=1)
def _default() -> PappConfig:
    path = default_config_path()
    return parse_config(path.read_text(encoding="utf-8"), source=str(path))


CONFIG_NAME = "papp.cfg"
"""The configuration PAPP reads when it is given none (manual 4)."""
CONFIG_VARIABLE = "PAPP_CFG"
"""The environment variable naming the configuration (manual 4)."""


def locate_config(option: str | None, folder: str | Path) -> tuple[Path, bool]:
    """Which configuration applies: ``option``, else ``$PAPP_CFG``, else ``papp.cfg`` in ``folder``.

    Returns the path and whether it was given (by ``option`` or the variable):
    a given file must exist, while a missing ``papp.cfg`` means PAPP's defaults.
    """
    given = option or os.environ.get(CONFIG_VARIABLE) or None
    return (Path(given), True) if given else (Path(folder) / CONFIG_NAME, False)


def read_config(path: str | Path) -> PappConfig:
    """Read a configuration file; what it does not set keeps PAPP's default."""
    return parse_config(load(path), source=str(path), base=default_config())
