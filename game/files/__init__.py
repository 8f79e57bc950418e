"""File plumbing every part of the game shares: where the game's own files
are (`resources`), reading a file that may be hostile or huge (`reading`),
writing one so a crash never leaves half of it (`atomic`), text from a file
made safe to print (`plain_text`), and an operating system's complaint in the
player's words (`os_words`).
"""
