"""Rule files: reading YAML safely (yamlsafe) into data that keeps the place of
every value (marked), the file a rule-set name stands for and whether it may
be read (names), layering rule sets (loader), refusing house rules that clash
(conflicts), what a file may say (schema, with words_schema for words in five
languages) and checking it (validation, with schema_errors for pydantic's
errors in our words and look_validation for what it shows players),
compiling each card's effects (card_blocks) into the engine's `RuleSet`,
saying a rule set in plain words (describe) and playing it briefly before
accepting it (selftest)."""
