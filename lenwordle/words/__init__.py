"""Word lists: find, read, validate and normalize them (bundled or one's own), their
commonness, and the prior. The bottom layer: it imports no other part of lenwordle."""
