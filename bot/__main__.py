"""`python -m bot`: run the bot, or one of the command-line tools."""

from bot.cli import main

raise SystemExit(main())
