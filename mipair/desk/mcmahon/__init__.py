"""The Go director's day on an OpenGotha file: register, absences, pair, results, standings."""
