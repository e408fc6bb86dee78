"""The game's mechanics: letters to integer matrices, the feedback kernel and notation,
constraints, partitions and their metrics, the estimate, rules, the game state, boards,
decision trees. Imports only lenwordle.words."""
