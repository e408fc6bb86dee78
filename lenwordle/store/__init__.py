"""Stored results: starter files and tree files, and precomputing them. Imports the layers
below it."""
