"""Exact searches over decision trees: the tree of fewest guesses (optimal, besttree) and the
shortest plan against the Absurdle host (adversary). Imports words and engine."""
