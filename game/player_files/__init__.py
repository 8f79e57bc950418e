"""What the game keeps for its players between runs: the match in progress
(`saves`, its format `save_format`, the log writer `record`/`writer`, the
guard against two games on one save `guard`, going on from it `resume`), the
players' names and statistics (`players`, `stats`), and the one way these
files are declared (`records`; docs/files.md).
"""
