"""Everything Discord and the command line. Depends on `storage/`, never the other way round."""
