"""Maximum-weight perfect matching of a dense weighted graph: LP, odd-set cuts, priced columns.

For systems whose every pair has a weight (McMahon: OpenGotha's weight
function, terms up to 10^11) the round is the perfect matching of largest
total weight. HiGHS finds it in three steps:

1. the linear program over a *core* of the edges (each node's heaviest ones
   plus a hint matching), degree rows "every node covered once"; the other
   columns enter when their reduced cost says they can improve the LP
   (column generation);
2. odd-set (blossom) inequalities cut off fractional optima
   (:func:`mipair.solver.oddsets.violated`, given the tight graph of the
   columns at zero reduced cost, which cuts a whole tie-group at once; exact
   separation when the guesses run out). Most rounds end here with an
   integral LP optimum, which is then an optimal matching;
3. otherwise the MIP of the columns in (cuts kept), and reduced-cost pricing
   against the last LP's bound U and duals: a matching that uses a column of
   reduced cost rc is worth at most U + rc, so once no column outside has
   rc >= T + 1 - U (T the MIP's integer total) nothing outside can beat T.

4. a certificate ends it: with the last LP's duals (node potentials y and
   odd-set values z) every perfect matching M satisfies
   w(M) <= sum(y) + sum(max(z, 0) (|S|-1)/2) + n/2 max(0, max reduced cost),
   the reduced costs taken over *every* edge, in and out of the model. When
   the LP optimum is integral and this bound (computed in extended
   precision) is below its total + 1 in integer units, the matching is
   optimal and no MIP is run: the usual end of a McMahon round.

Weights are Python integers (shifted by the smallest, which changes every
perfect matching's total by the same amount) and the returned total is
recomputed in integers. If HiGHS fails on the way, the MIP of
:func:`mipair.solver.assignment.min_weight_perfect_matching` on every column
decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mipair.solver.errors import Infeasible
from mipair.solver.perfect_duals import Proof, best_columns, duality_bound, reduced_costs, scaling

if TYPE_CHECKING:
    import numpy as np

Edge = tuple[int, int]
CORE_PER_NODE = 6  # best edges of each node in the first LP
PRICE_TOL = 1e-7  # a column enters when its (scaled) reduced cost exceeds this
BATCH = 2000  # columns let in per pricing round (at least two a node), the best first
TIGHT = 1e-3  # a reduced cost this close to zero makes a column tight
DUAL, PRIMAL = 1, 4  # HiGHS's simplex_strategy values
DENSE_NODES = 4000  # up to this many nodes the core is ranked in a dense n x n table
CUT_ROUNDS = 40  # rounds of odd-set cuts before the MIP decides (pricing rounds are not
# counted: they end by themselves, each lets new columns in)


def _core(n: int, ends: np.ndarray, weight: np.ndarray, hint: Sequence[Edge]) -> np.ndarray:
    """Column indices of the first LP: each node's best edges and the hint matching's.

    A node's edges are ranked by their weight less half the heaviest weight at the
    other end (a guess of its potential, so that a partner every node wants does
    not fill every core); the ranking is done row by row in a dense table when
    the graph is small enough, else by sorting the incidences.
    """
    import numpy as np

    m = len(weight)
    if m <= n * CORE_PER_NODE:
        return np.arange(m)
    heaviest = np.full(n, -np.inf)
    np.maximum.at(heaviest, ends[0], weight)
    np.maximum.at(heaviest, ends[1], weight)
    # every (node, edge) incidence and its score seen from the node
    node = np.concatenate([ends[0], ends[1]])
    other = np.concatenate([ends[1], ends[0]])
    edge = np.concatenate([np.arange(m), np.arange(m)])
    score = np.concatenate([weight, weight]) - heaviest[other] / 2
    keep = np.zeros(m, dtype=bool)
    if n * n <= DENSE_NODES**2:
        table = np.full((n, n), -np.inf)
        table[node, other] = score
        top = np.argpartition(-table, CORE_PER_NODE, axis=1)[:, :CORE_PER_NODE]
        where = np.full((n, n), -1, dtype=np.int64)
        where[node, other] = edge
        picked = where[np.arange(n)[:, None], top]
        keep[picked[picked >= 0]] = True
        for u, v in hint:
            if where[u, v] >= 0:
                keep[where[u, v]] = True
        return np.flatnonzero(keep)
    order = np.lexsort((-score, node))
    node, edge = node[order], edge[order]
    first = np.searchsorted(node, np.arange(n))
    rank = np.arange(len(node)) - first[node]
    keep[edge[rank < CORE_PER_NODE]] = True
    if len(hint):
        key = np.minimum(ends[0], ends[1]) * n + np.maximum(ends[0], ends[1])
        sorted_keys = np.argsort(key)
        wanted = np.array([min(u, v) * n + max(u, v) for u, v in hint], dtype=np.int64)
        at = np.searchsorted(key[sorted_keys], wanted).clip(0, m - 1)
        found = key[sorted_keys[at]] == wanted
        keep[sorted_keys[at[found]]] = True
    return np.flatnonzero(keep)


def max_weight_perfect_matching(
    n: int,
    edges: np.ndarray | Sequence[Edge],
    weights: np.ndarray | Sequence[int],
    hint: Sequence[Edge] = (),
    then: np.ndarray | Sequence[int] | None = None,
) -> list[int]:
    """Indices (into ``edges``) of a perfect matching of nodes ``0..n-1`` of largest total weight.

    ``edges``: pairs (or an array of shape (m, 2)); ``weights``: their integer
    weights (within int64).
    ``hint``: a perfect matching to seed the first LP with (e.g. neighbours in
    a natural order). ``then``: a second tier of integer weights, maximised
    among the matchings of largest total weight (lexicographically, exactly;
    see :func:`_second_tier`). Raises :class:`~mipair.solver.lexmatch.Infeasible`
    when there is no perfect matching.
    """
    import numpy as np

    if n % 2:
        raise Infeasible(f"{n} nodes cannot be perfectly matched")
    if n == 0:
        return []
    ends = np.asarray(edges, dtype=np.int64).reshape(-1, 2).T
    exact = np.asarray(weights, dtype=np.int64)  # OpenGotha's own limit too
    if len(exact) == 0:
        raise Infeasible(f"{n} nodes and no edge: no perfect matching")
    chosen, proof = _solve(n, ends, exact, hint)
    if then is None:
        return chosen
    return _second_tier(n, ends, exact, np.asarray(then, dtype=np.int64), chosen, proof)


def _solve(
    n: int, ends: np.ndarray, exact: np.ndarray, hint: Sequence[Edge]
) -> tuple[list[int], Proof | None]:
    """The matching of :func:`max_weight_perfect_matching` and the duals that bound it."""
    from mipair.solver.highs import load, maximiser

    highspy = load()
    import numpy as np

    base, scale = scaling(exact)
    weight = (exact - base).astype(np.float64) / scale
    inside = np.zeros(len(exact), dtype=bool)
    h = maximiser(highspy)
    h.setOptionValue("primal_feasibility_tolerance", 1e-9)
    h.setOptionValue("dual_feasibility_tolerance", 1e-9)
    for _ in range(n):
        h.addRow(1.0, 1.0, 0, [], [])
    columns: list[int] = []  # HiGHS column -> edge
    cuts: list[np.ndarray] = []  # node masks of the odd sets added
    cut_edges: list[np.ndarray] = []  # the edges (in the model or not) inside each

    def enter(cols: np.ndarray | Sequence[int]) -> None:
        cols = np.asarray(cols, dtype=np.int64)
        if not len(cols):
            return
        member = [ends[0][cols], ends[1][cols]]  # rows of each column: its ends, its cuts
        member += [
            np.where(mask[ends[0][cols]] & mask[ends[1][cols]], n + c, -1)
            for c, mask in enumerate(cuts)
        ]
        rows = np.stack(member, axis=1)
        count = (rows >= 0).sum(axis=1)
        starts = np.concatenate([[0], np.cumsum(count)[:-1]]).astype(np.int32)
        index = rows[rows >= 0].astype(np.int32)
        k = len(cols)
        # no upper bound (the degree rows imply x <= 1): the duals then price every column
        upper = np.full(k, highspy.kHighsInf)
        h.addCols(
            k, weight[cols], np.zeros(k), upper, len(index), starts, index, np.ones(len(index))
        )
        columns.extend(cols.tolist())
        inside[cols] = True

    def add_cut(group: frozenset[int]) -> None:
        mask = np.zeros(n, dtype=bool)
        mask[list(group)] = True
        cuts.append(mask)
        cut_edges.append(np.flatnonzero(mask[ends[0]] & mask[ends[1]]))
        mine = np.asarray(columns, dtype=np.int64)
        cols = np.flatnonzero(mask[ends[0][mine]] & mask[ends[1][mine]]).astype(np.int32)
        h.addRow(-highspy.kHighsInf, (len(group) - 1) / 2, len(cols), cols, np.ones(len(cols)))

    enter(_core(n, ends, weight, hint))
    bound, proof = 0.0, None  # the last LP that priced out: its value, its duals and cuts
    cut_rounds = 0
    while cut_rounds < CUT_ROUNDS:
        h.run()
        status = h.getModelStatus()
        if status != highspy.HighsModelStatus.kOptimal:
            if inside.all():
                raise Infeasible(h.modelStatusToString(status))
            enter(np.flatnonzero(~inside))
            continue
        sol = h.getSolution()
        y = np.asarray(sol.row_dual)
        rc = reduced_costs(ends, weight, y, cut_edges)
        better = best_columns(rc, ~inside & (rc > PRICE_TOL), max(BATCH, 2 * n))
        if len(better):
            enter(better)
            h.setOptionValue("simplex_strategy", PRIMAL)  # the basis stays primal feasible
            continue
        h.setOptionValue("simplex_strategy", DUAL)
        bound = h.getInfo().objective_function_value * scale
        proof = Proof(y, list(cut_edges), [(int(mask.sum()) - 1) // 2 for mask in cuts])
        x = np.asarray(sol.col_value)
        if np.all((x < 1e-7) | (x > 1 - 1e-7)):
            chosen = [columns[k] for k in np.flatnonzero(x > 0.5)]
            total = sum(int(exact[e]) for e in chosen) - base * (n // 2)
            if (
                _perfect(n, ends, chosen)
                and duality_bound(n, ends, weight, proof) < (total + 0.5) / scale
            ):
                return chosen, proof
            # the tolerances hid a column that may help: let in every one that prices positive
            doubtful = best_columns(rc, ~inside & (rc > 0))
            if not len(doubtful):
                break
            enter(doubtful)
            h.setOptionValue("simplex_strategy", PRIMAL)
            continue
        found = _odd_sets(n, ends, columns, x, np.asarray(sol.col_dual))
        if not found:
            break
        cut_rounds += 1
        for group in found:
            add_cut(group)
        h.setOptionValue("simplex_strategy", DUAL)  # the basis stays dual feasible
    # the LP bound and its duals hold for every column: now the best matching
    # of the columns in, and every column that could still beat it let in
    h.changeColsIntegrality(
        len(columns),
        np.arange(len(columns), dtype=np.int32),
        np.array([highspy.HighsVarType.kInteger] * len(columns)),
    )
    while True:
        h.run()
        if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            return _by_mip(n, ends, exact), None
        x = np.asarray(h.getSolution().col_value)
        chosen = [columns[k] for k in np.flatnonzero(x > 0.5)]
        total = sum(int(exact[e]) for e in chosen) - base * (n // 2)
        if proof is None or not _perfect(n, ends, chosen):
            return _by_mip(n, ends, exact), None
        rc = reduced_costs(ends, weight, proof.duals, proof.cut_edges)
        late = best_columns(rc, ~inside & (rc > (total + 1 - bound) / scale - PRICE_TOL))
        if not len(late):
            return chosen, proof
        start = len(columns)
        enter(late)
        h.changeColsIntegrality(
            len(columns) - start,
            np.arange(start, len(columns), dtype=np.int32),
            np.array([highspy.HighsVarType.kInteger] * (len(columns) - start)),
        )


def _second_tier(
    n: int,
    ends: np.ndarray,
    exact: np.ndarray,
    then: np.ndarray,
    chosen: list[int],
    proof: Proof | None,
) -> list[int]:
    """Among the perfect matchings of largest ``exact`` total (``chosen`` is one), one of
    largest ``then`` total.

    The duals of the first solve leave out every edge that no matching of
    the first tier's optimum can use (reduced cost below T - bound, T the
    optimum). On the edges left, integer node potentials p (the rounded
    degree duals) change every perfect matching's first-tier total by the
    same sum(p), so w - p_u - p_v orders them as w does, with a small spread;
    the two tiers are then packed into one integer weight,
    (w - p_u - p_v) K + then with K above any difference of ``then`` totals,
    and solved again. The answer's first-tier total is checked equal.
    """
    import numpy as np

    base, scale = scaling(exact)
    if proof is None:
        keep = np.ones(len(exact), dtype=bool)
        potential = np.zeros(n, dtype=np.int64)
    else:
        weight = (exact - base).astype(np.float64) / scale
        rc = reduced_costs(ends, weight, proof.duals, proof.cut_edges, dtype=np.longdouble)
        total = (int(exact[chosen].sum()) - base * (n // 2)) / scale
        keep = rc >= total - duality_bound(n, ends, weight, proof) - 1 / scale
        potential = np.rint(np.asarray(proof.duals[:n]) * scale).astype(np.int64)
    kept = np.flatnonzero(keep)
    sub = ends[:, kept]
    first = (exact[kept] - base) - potential[sub[0]] - potential[sub[1]]
    second = then[kept]
    step = (n // 2) * int(second.max() - second.min()) + 1
    where = {(int(a), int(b)): k for k, (a, b) in enumerate(zip(*sub))}
    mine = [where[(int(ends[0][e]), int(ends[1][e]))] for e in chosen]
    if (int(first.max()) - int(first.min())) * step + step < 2**62:
        packed = (first - first.min()) * step + (second - second.min())
        better, _ = _solve(n, sub, packed, [(int(sub[0][k]), int(sub[1][k])) for k in mine])
    else:  # too wide to pack: the MIP with the first tier pinned at its optimum
        better = _pinned(n, sub, first - first.min(), second, mine)
    answer = [int(kept[k]) for k in better]
    if int(exact[answer].sum()) != int(exact[chosen].sum()):
        raise ArithmeticError("the second tier changed the first tier's optimum")
    return answer


def _pinned(
    n: int, ends: np.ndarray, first: np.ndarray, second: np.ndarray, optimum: Sequence[int]
) -> list[int]:
    """A perfect matching of largest ``second`` total among those whose ``first`` total is
    at least that of the matching ``optimum`` (a MIP on HiGHS; edges index ``ends``)."""
    from mipair.solver.highs import load, maximiser

    highspy = load()
    import numpy as np

    h = maximiser(highspy)
    m = len(first)
    h.addVars(m, np.zeros(m), np.ones(m))
    h.changeColsIntegrality(
        m, np.arange(m, dtype=np.int32), np.array([highspy.HighsVarType.kInteger] * m)
    )
    h.changeColsCost(m, np.arange(m, dtype=np.int32), np.asarray(second, dtype=np.float64))
    for v in range(n):
        cols = np.flatnonzero((ends[0] == v) | (ends[1] == v)).astype(np.int32)
        h.addRow(1.0, 1.0, len(cols), cols, np.ones(len(cols)))
    level = float(sum(int(first[k]) for k in optimum))
    h.addRow(level, highspy.kHighsInf, m, np.arange(m, dtype=np.int32), first.astype(np.float64))
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return list(optimum)
    return [int(k) for k in np.flatnonzero(np.asarray(h.getSolution().col_value) > 0.5)]


def _odd_sets(
    n: int, ends: np.ndarray, columns: Sequence[int], x: np.ndarray, reduced: np.ndarray
) -> list[frozenset[int]]:
    """Odd sets whose inequality the LP solution ``x`` violates (``reduced``: the
    columns' reduced costs; those at zero make the tight graph of :mod:`oddsets`)."""
    import numpy as np

    from mipair.solver.oddsets import violated

    cols = np.asarray(columns, dtype=np.int64)
    values = {
        (int(ends[0][cols[k]]), int(ends[1][cols[k]])): float(x[k])
        for k in np.flatnonzero(x > 1e-9)
    }
    tight = cols[np.abs(reduced) < TIGHT]
    pairs = np.stack([ends[0][tight], ends[1][tight]], axis=1)
    return violated(values, pairs, exact=True)


def _perfect(n: int, ends: np.ndarray, chosen: Sequence[int]) -> bool:
    """Whether the edges ``chosen`` cover every node once."""
    covered = sorted(int(v) for e in chosen for v in (ends[0][e], ends[1][e]))
    return covered == list(range(n))


def _by_mip(n: int, ends: np.ndarray, exact: np.ndarray) -> list[int]:
    """The exact MIP on every column (the fallback; see the module docstring)."""
    from mipair.solver.assignment import min_weight_perfect_matching

    index = {(int(min(a, b)), int(max(a, b))): k for k, (a, b) in enumerate(zip(*ends))}
    got = min_weight_perfect_matching(n, {e: -int(exact[k]) for e, k in index.items()})
    return [index[(min(u, v), max(u, v))] for u, v in got]
