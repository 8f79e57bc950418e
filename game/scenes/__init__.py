"""Scenes: one module per screen or overlay, kept on the app's stack."""
