"""Rule files: reading YAML safely (yamlsafe) into data that keeps the place of
every value (marked), the file a rule-set name stands for and whether it may
be read (names), layering rule sets (loader), refusing house rules that clash
(conflicts), saying a rule set in plain words (describe) and playing it
briefly before accepting it (selftest)."""
