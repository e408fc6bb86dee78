"""Strategies: a small protocol, one class each, a registry; deterministic ties. Imports
words, engine and search."""
