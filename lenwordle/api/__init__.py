"""The library's face: a game set up for a language, length, rules and strategy."""
