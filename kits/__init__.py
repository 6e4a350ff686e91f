"""The games' kits: for each game, what a table shows of it (board picture, text
summary, private sheet, `/rules` topics, the words for its options and lobby), declared
in one `GameKit` (rules.core.kit) in kits/<game>/__init__.py and named in the
`warden.games` entry points of pyproject.toml. kits/nemesis holds what both Nemesis
games share, as rules/nemesis does for their rules."""
