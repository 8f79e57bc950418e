"""Rule files: reading YAML safely with marks (yamlsafe), finding and layering
rule sets (loader), refusing house rules that clash (conflicts), saying a
rule set in plain words (describe) and playing it briefly before accepting
it (selftest)."""
