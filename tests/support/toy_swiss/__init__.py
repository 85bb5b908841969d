"""A toy Swiss system written the way a new FIDE system is: criteria data, a procedure
module and one registry line (the architecture test registers it and uses it)."""
