"""The C.04.6 criteria evaluated on a complete pairing, bracket by bracket (``why``, ``check``).

The text decides in this order, and the values follow it: the PAB (3.4.2 its pairing
score, lower first; 3.4.3 its matches played, more first; 3.4.4 its TPN, larger
first), then the brackets from the top. A bracket of a pairing is its residents (the
unpaired teams of the highest pairing score) and the teams paired with them (its
upfloaters); its values are the criteria of ``models/team-2026.toml`` summed over the
pairing's pairs by the very functions the engine weighs
(:mod:`mipair.systems.team.criteria`): C4, C5 per score from the lowest up, C6 (1 when
the set breaks it, T16: what is left of the following scoregroup cannot be paired with
the fewest upfloaters while the teams below stay pairable, a completion question over the
round's legal pairs, as the engine's), C7, then the set in the order of 3.5.4, then
C8-C10 and the pairing's identifier (3.6.2).
"""

from __future__ import annotations

from mipair.model import points_to_str
from mipair.pairing import RoundPairing
from mipair.reports import HIGHER, LOWER, ORDER_ONLY, CriterionValue
from mipair.systems.swiss_brackets import ScoreBracket
from mipair.systems.swiss_bye import MATCH_BYE_KEYS, MATCH_BYE_TEXTS, bye_values
from mipair.systems.team.colours import deciding_rule
from mipair.systems.team.criteria import CRITERIA
from mipair.systems.team.field import TeamEntrant, TeamState
from mipair.systems.team.settings import CriterionSpec, settings
from mipair.systems.team.vertices import RoundVertices

PAB = "pairing-allocated bye"


def pab_values(state: TeamState, bye: int | None) -> list[CriterionValue]:
    """3.4.2-3.4.4 of the PAB."""
    if bye is None or bye not in state.teams:
        return []
    names = settings().orders.bye_order
    recipient = state.teams[bye]
    return bye_values(names, MATCH_BYE_TEXTS, recipient, label=PAB, table=MATCH_BYE_KEYS)


def total(
    spec: CriterionSpec, ctx: ScoreBracket, pairs: list[tuple[TeamEntrant, TeamEntrant]]
) -> tuple[int, dict[int, int]]:
    """The criterion summed over ``pairs``: a count, and the counts per score."""
    function = CRITERIA[spec.function]
    count, levels = 0, dict[int, int]()
    for a, b in pairs:
        value = function(ctx, a, b)
        if isinstance(value, int):
            count += value
        else:
            for level, k in value:
                levels[level] = levels.get(level, 0) + k
    return count, levels


def evaluate(
    state: TeamState, pairing: RoundPairing, field: RoundVertices | None = None
) -> list[CriterionValue]:
    """Every value of ``pairing``, the PAB first, then each bracket from the top
    (``field``: the round's vertices, when the caller has them; else vertices of its own,
    closed after)."""
    if field is None:
        with RoundVertices(state) as own:
            return evaluate(state, pairing, own)
    teams = state.teams
    mate: dict[int, int] = {}
    for b in pairing.boards:
        if b.white in teams and b.black in teams:
            mate[b.white], mate[b.black] = b.black, b.white
    out = pab_values(state, pairing.bye)
    model = state.competition.model
    unpaired = sorted(mate, key=lambda n: (-teams[n].pairing_score, n))
    while unpaired:
        top = teams[unpaired[0]].pairing_score
        lower = [s for s in state.scores if s < top]
        ctx = ScoreBracket(top, lower[0] if lower else None)
        residents = [n for n in unpaired if teams[n].pairing_score == top]
        inside = sorted({n for r in residents for n in (r, mate[r])})
        pairs = sorted({(min(r, mate[r]), max(r, mate[r])) for r in residents})
        label = f"bracket of score {points_to_str(top)}"
        for stage in ("upfloaters", "bracket"):
            for spec in settings().active(stage, state.last_two_rounds, model):
                count, levels = total(spec, ctx, [(teams[a], teams[b]) for a, b in pairs])
                if spec.holds:
                    rest = [field.vertex[n] for n in unpaired if n not in set(inside)]
                    count = int(field.following_fails(top, rest))
                text = f"{spec.text}; value: {spec.value}"
                better = HIGHER if spec.better == "higher" else LOWER
                if not spec.levels:
                    out.append(CriterionValue(spec.id, text, count, better, label))
                    continue
                scores = sorted(
                    {teams[n].pairing_score for n in unpaired if teams[n].pairing_score < top}
                )
                out += [
                    CriterionValue(
                        spec.id,
                        text,
                        levels.get(s, 0),
                        better,
                        f"{label}, score {points_to_str(s)}",
                    )
                    for s in scores
                ]
            if stage == "upfloaters":
                upfloaters = sorted(
                    (n for n in inside if teams[n].pairing_score < top),
                    key=lambda n: (-teams[n].pairing_score, n),
                )
                out.append(
                    CriterionValue(
                        "3.5.4",
                        "the upfloaters, by score then TPN",
                        tuple(upfloaters),
                        ORDER_ONLY,
                        label,
                    )
                )
        out.append(
            CriterionValue(
                "3.6.2",
                "the pairing's identifier (top members, then their bottom members)",
                identifier(pairs),
                ORDER_ONLY,
                label,
            )
        )
        unpaired = [n for n in unpaired if n not in set(inside)]
    return out


def identifier(pairs: list[tuple[int, int]]) -> tuple[int, ...]:
    """3.6.2: the top members ascending, then their bottom members in that order."""
    ordered = sorted(pairs)
    return tuple(a for a, _ in ordered) + tuple(b for _, b in ordered)


def colour_note(state: TeamState, published: RoundPairing) -> str:
    """For the engine's pairs: each match whose colours differ from Article 4, with the
    rule of 4.3 that decides it ("": none differs)."""
    notes = []
    for b in published.boards:
        if b.white not in state.teams or b.black not in state.teams:
            continue
        article, white, black = deciding_rule(state, b.white, b.black)
        if white != b.white:
            notes.append(f"{white}-{black} ({article})")
    if not notes:
        return "The proposal is the engine's pairing."
    return (
        "Same pairs; colours differ from C.04.6 Article 4 on "
        + ", ".join(notes)
        + " (the engine's colours, the team with White on board 1 first)."
    )
