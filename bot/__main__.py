"""`python -m bot`: run the bot, or one of the command-line tools."""

from bot.cli import main

# Guarded: a spawned worker process (storage.vectors.EncoderProcess) imports this module again, as
# __mp_main__, and must not start a second bot.
if __name__ == "__main__":
    raise SystemExit(main())
