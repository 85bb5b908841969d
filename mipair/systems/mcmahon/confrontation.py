"""Direct confrontation (DC) and simplified direct confrontation (SDC), as OpenGotha ranks them.

Both break ties between players equal on every placement criterion listed
before the first DC or SDC ("ex aequo" players), from the games they played
against each other (rounds 1..after; only a game won by White or by Black
counts, not a jigo nor a result by default). ``net[i][j]`` is the number of
games i won against j minus those j won against i.

* SDC counts only when every two players of the tie have a non-zero net
  result: each player's SDC is then the number of tied players beaten (net);
  otherwise everyone's SDC is 0.
* DC orders the tie by "beat" arrows (j -> i when i's net result against j is
  exactly one game) and, where the arrows say nothing, by the criteria listed
  after DC. Players in a cycle of arrows (A beat B, B beat C, C beat A) are
  not separated by it: the arrows inside a cycle are dropped and every member
  of the cycle takes over the arrows its fellow members have with players
  outside it. The tie is then emptied from the bottom: among the players who
  beat nobody still in it, those placed lowest by the later criteria leave
  together and share a rank. A player's DC is the number of such ranks below
  his, so the best player has the highest DC and a player in no tie has 0.

Cycles are the strongly connected components of the arrows (networkx).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import networkx as nx

from mipair.systems.mcmahon.scores import Scores

DC, SDC = "DC", "SDC"
DIRECT = (DC, SDC)
DECISIVE = {"RESULT_WHITEWINS": (1, 0), "RESULT_BLACKWINS": (0, 1)}
"""The results that count for DC and SDC, as (White, Black) wins."""


def net_results(scores: Scores, tied: Sequence[int], after: int) -> dict[tuple[int, int], int]:
    """``net[(i, j)]``: games i won against j minus games j won against i (rounds 1..after)."""
    members = set(tied)
    net: dict[tuple[int, int], int] = {}
    for player in tied:
        for o in scores.outcome[player][:after]:
            if o.opponent not in members or not o.white or o.result not in DECISIVE:
                continue
            white_won, black_won = DECISIVE[o.result]
            step = white_won - black_won
            net[player, o.opponent] = net.get((player, o.opponent), 0) + step
            net[o.opponent, player] = net.get((o.opponent, player), 0) - step
    return net


def simplified(tied: Sequence[int], net: dict[tuple[int, int], int]) -> dict[int, int]:
    """SDC of each tied player: players beaten, when every two of them have a decided balance."""
    if any(net.get((i, j), 0) == 0 for i in tied for j in tied if i != j):
        return {i: 0 for i in tied}
    return {i: sum(net[i, j] > 0 for j in tied if j != i) for i in tied}


def _arrows(tied: Sequence[int], net: dict[tuple[int, int], int]) -> nx.DiGraph:
    """Loser -> winner arrows, the cycles folded as the module docstring says."""
    graph = nx.DiGraph()
    graph.add_nodes_from(tied)
    graph.add_edges_from((j, i) for (i, j), value in net.items() if value == 1)
    for cycle in list(nx.strongly_connected_components(graph)):
        if len(cycle) < 2:
            continue
        graph.remove_edges_from([(a, b) for a in cycle for b in cycle if graph.has_edge(a, b)])
        beaten = {a for member in cycle for a in graph.predecessors(member)}
        beaters = {b for member in cycle for b in graph.successors(member)}
        graph.add_edges_from((a, member) for a in beaten for member in cycle)
        graph.add_edges_from((member, b) for b in beaters for member in cycle)
    return graph


def direct(
    tied: Sequence[int], net: dict[tuple[int, int], int], later: Callable[[int], tuple[int, ...]]
) -> dict[int, int]:
    """DC of each tied player; ``later(i)`` sorts by the criteria after DC (smaller is better)."""
    ordered = sorted(tied, key=later)
    place: dict[int, int] = {}
    for k, i in enumerate(ordered):
        same = k and later(i) == later(ordered[k - 1])
        place[i] = place[ordered[k - 1]] if same else k
    strength = {i: len(tied) - place[i] for i in tied}  # larger is better
    graph = _arrows(tied, net)
    left, rank = set(tied), {}
    while left:
        free = [i for i in left if not any(p in left for p in graph.predecessors(i))] or list(left)
        lowest = min(strength[i] for i in free)
        leaving = [i for i in free if strength[i] == lowest]
        for i in leaving:
            rank[i] = 1 + len(left) - len(leaving)
        left -= set(leaving)
    top = max(rank.values())
    return {i: top - rank[i] for i in tied}


def confrontation(
    scores: Scores,
    after: int,
    criteria: Sequence[str],
    value: Callable[[str, int], int],
) -> tuple[dict[int, int], dict[int, int]]:
    """(DC, SDC) of every player after round ``after`` (players in no tie: absent, i.e. 0).

    ``value(name, player)`` is a placement criterion's value (bigger is better).
    """
    first = next((k for k, c in enumerate(criteria) if c in DIRECT), None)
    if first is None:
        return {}, {}
    before = criteria[:first]
    later_names = criteria[criteria.index(DC) + 1 :] if DC in criteria else []
    ties: dict[tuple[int, ...], list[int]] = {}
    for i in range(len(scores.players)):
        ties.setdefault(tuple(value(c, i) for c in before), []).append(i)
    dc: dict[int, int] = {}
    sdc: dict[int, int] = {}

    def later(i: int) -> tuple[int, ...]:  # an SDC after DC reads the value just computed
        return tuple(-(sdc.get(i, 0) if c == SDC else value(c, i)) for c in later_names)

    for tied in ties.values():
        if len(tied) < 2:
            continue
        net = net_results(scores, tied, after)
        sdc.update(simplified(tied, net))
        dc.update(direct(tied, net, later))
    return dc, sdc
