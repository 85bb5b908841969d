"""The private collaborators of :class:`mipair.solver.lexmatch.LexMatcher`.

A model's state, its HiGHS rows and columns, its pins, column pricing, LP
relaxation, parts and class model, and the search that puts them to work. Nothing
outside :mod:`mipair.solver` imports them.
"""
