"""Planet Unknown — data files; rules to come (issue 4)."""
