"""Games: referees (fixed answers, the Absurdle host), the play loop, the interactive
session's logic, bench, review. Imports the layers below it."""
